import dns from 'node:dns/promises';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';

/** One Web Push request, to be sent to `address`: the endpoint host's address, already checked public. */
export interface PushRequest {
  url: URL;
  address: string;
  method: string;
  headers: Record<string, string>;
  body: Uint8Array;
  timeoutMs: number;
}

/**
 * How the server reaches push services: name resolution and the request itself. The app uses
 * realPushNetwork; tests hand in their own (a resolver that names local stand-ins, a transport that reaches
 * them), so no setting in a running server turns the address check off.
 */
export interface PushNetwork {
  /** Every address `host` resolves to. */
  resolve(host: string): Promise<string[]>;
  /** Sends the request to `request.address`; answers the status, 0 when unreachable or past the timeout. */
  send(request: PushRequest): Promise<number>;
}

/**
 * Public unicast only (ipaddr.js's own classification): no loopback, private, link-local (the cloud
 * metadata address among them), CGNAT, multicast, reserved or documentation ranges, IPv4 or IPv6, and an
 * IPv4 address written as IPv6 is judged as the IPv4 one.
 */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  let parsed = ipaddr.parse(address);
  if (parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).isIPv4MappedAddress())
    parsed = (parsed as ipaddr.IPv6).toIPv4Address();
  return parsed.range() === 'unicast';
}

/** The endpoint as a URL when its shape may be posted to (https on port 443, no credentials), else null. */
export function endpointUrl(endpoint: string): URL | null {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return null;
  }
  const portOk = url.port === '' || url.port === '443';
  return url.protocol === 'https:' && portOk && !url.username && !url.password && url.hostname ? url : null;
}

/**
 * The address to connect to for `url`: its host's first address when every address it resolves to is
 * public, else null (unresolvable too). Asked at registration and again before each send, and the send
 * connects to the very address checked here, so a name re-pointed at a private address meanwhile (DNS
 * rebinding) is caught.
 */
export async function publicAddressOf(network: PushNetwork, url: URL): Promise<string | null> {
  const host = url.hostname.replace(/^\[|\]$/g, '');
  let addresses: string[];
  try {
    addresses = ipaddr.isValid(host) ? [host] : await network.resolve(host);
  } catch {
    return null;
  }
  return addresses.length > 0 && addresses.every(isPublicAddress) ? (addresses[0] ?? null) : null;
}

/** The address given, whatever name the socket asks for: the connection goes where the check looked. */
function pinnedLookup(address: string): LookupFunction {
  const family = ipaddr.parse(address).kind() === 'ipv6' ? 6 : 4;
  return (_hostname, options, callback) => {
    if (options.all) callback(null, [{ address, family }]);
    else callback(null, address, family);
  };
}

export const realPushNetwork: PushNetwork = {
  async resolve(host) {
    return (await dns.lookup(host, { all: true, verbatim: true })).map((entry) => entry.address);
  },
  send(request) {
    return new Promise((resolve) => {
      const outgoing = https.request(
        {
          host: request.url.hostname,
          port: 443,
          path: `${request.url.pathname}${request.url.search}`,
          method: request.method,
          headers: request.headers,
          lookup: pinnedLookup(request.address),
        },
        (response) => {
          response.resume();
          finish(response.statusCode ?? 0);
        },
      );
      // The whole exchange, not each idle gap: an endpoint that trickles its answer is cut off too.
      const timer = setTimeout(
        () => outgoing.destroy(new Error('push endpoint timed out')),
        request.timeoutMs,
      );
      const finish = (status: number) => {
        clearTimeout(timer);
        resolve(status);
      };
      outgoing.on('error', () => finish(0));
      outgoing.end(request.body);
    });
  },
};
