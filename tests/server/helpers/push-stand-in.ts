import { createECDH, createPublicKey, type ECDH, randomBytes, verify } from 'node:crypto';
import http from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';

// http_ece (web-push's own dependency) has no types: only its decrypt is used, with a receiver's keys.
const ece = createRequire(import.meta.url)('http_ece') as {
  decrypt(buffer: Buffer, params: { version: 'aes128gcm'; privateKey: ECDH; authSecret: string }): Buffer;
};

const b64url = (bytes: Buffer) => bytes.toString('base64url');

/** A browser's side of one subscription: the keys the stand-in generated, the private one kept here. */
export interface StandInDevice {
  /** What the browser would send to `PUT /api/push/subscription`. */
  subscription: { endpoint: string; keys: { p256dh: string; auth: string } };
  ecdh: ECDH;
  auth: Buffer;
}

export interface ReceivedPush {
  path: string;
  headers: http.IncomingHttpHeaders;
  /** The payload decrypted with the device's keys (RFC 8291, aes128gcm); null when it did not decrypt. */
  payload: string | null;
  /** The VAPID JWT's claims when its signature verifies with the `k=` key, else null. */
  vapid: { claims: Record<string, unknown>; publicKey: string } | null;
}

/**
 * A local stand-in for a push service (RFC 8030), in place of the browsers' services, unreachable from
 * here: it makes devices (a P-256 key pair and an auth secret per endpoint, as a browser does), receives
 * the server's pushes, decrypts each with the device's keys and checks the VAPID signature (RFC 8292).
 * It answers 201, or what `answerNext` lined up (410 for a device that unsubscribed, 500 for an outage).
 */
export async function startPushStandIn(host = 'push.stand-in.test') {
  const devices = new Map<string, StandInDevice>();
  const received: ReceivedPush[] = [];
  const answers: number[] = [];

  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const path = request.url ?? '';
      const device = devices.get(path);
      const body = Buffer.concat(chunks);
      received.push({
        path,
        headers: request.headers,
        payload: device ? decrypt(body, device) : null,
        vapid: readVapid(request.headers.authorization),
      });
      response.statusCode = answers.shift() ?? (device ? 201 : 404);
      response.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  // Devices get https endpoints on `host`, as a browser's would; the test's push network plays `host`.
  const endpointOrigin = `https://${host}`;

  return {
    /** Where the stand-in really listens (http on 127.0.0.1). */
    origin,
    host,
    received,
    newDevice(): StandInDevice {
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const auth = randomBytes(16);
      const path = `/push/${randomBytes(8).toString('hex')}`;
      const device = {
        subscription: {
          endpoint: `${endpointOrigin}${path}`,
          keys: { p256dh: b64url(ecdh.getPublicKey()), auth: b64url(auth) },
        },
        ecdh,
        auth,
      };
      devices.set(path, device);
      return device;
    },
    /** The status the next pushes get, in order (then 201 again). */
    answerNext(...statuses: number[]) {
      answers.push(...statuses);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

function decrypt(body: Buffer, device: StandInDevice): string | null {
  try {
    return ece
      .decrypt(body, { version: 'aes128gcm', privateKey: device.ecdh, authSecret: b64url(device.auth) })
      .toString('utf8');
  } catch {
    return null;
  }
}

/** `vapid t=<JWT>, k=<public key>`: the claims when the ES256 signature verifies with that key. */
function readVapid(header: string | undefined): ReceivedPush['vapid'] {
  const match = /^vapid t=([\w-]+)\.([\w-]+)\.([\w-]+), k=([\w-]+)$/.exec(header ?? '');
  if (!match) return null;
  const [, head = '', claims = '', signature = '', key = ''] = match;
  const point = Buffer.from(key, 'base64url');
  const publicKey = createPublicKey({
    key: { kty: 'EC', crv: 'P-256', x: b64url(point.subarray(1, 33)), y: b64url(point.subarray(33, 65)) },
    format: 'jwk',
  });
  const isValid = verify(
    'sha256',
    Buffer.from(`${head}.${claims}`),
    { key: publicKey, dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  );
  if (!isValid) return null;
  const algorithm = (JSON.parse(Buffer.from(head, 'base64url').toString()) as { alg?: string }).alg;
  if (algorithm !== 'ES256') return null;
  return {
    claims: JSON.parse(Buffer.from(claims, 'base64url').toString()) as Record<string, unknown>,
    publicKey: key,
  };
}
