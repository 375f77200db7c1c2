// Memory of a burst of uploads through the real HTTP stack on loopback, PGlite in memory: 16 large but
// accepted images at once (8 phone photos, 12 MP JPEG of ~4 MB; 8 scans, 25 MP PNG of ~3 MB, which
// sharp cannot shrink while decoding), sent by 2 members (the upload rate is 10 per user per 10 minutes).
// Prints RSS before, its peak during (sampled every 20 ms), after, and the decode high-water mark.
// Prints figures, asserts nothing.
import { spawnSync } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import v8 from 'node:v8';
import vm from 'node:vm';
import sharp from 'sharp';
import { decodesStarted, maxConcurrentDecodes, resetDecodeStats } from '../server/modules/files/decode-slots';
import { createConfirmedUser } from '../server/modules/users/create-user';
import { startBenchApp } from './bench-app';

const UPLOADS = 16;
const MEMBERS = 2;
const PASSWORD = 'Bench-Passw0rd';
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;

async function phonePhoto(): Promise<Buffer> {
  const [width, height] = [4000, 3000];
  return sharp(randomBytes(width * height * 3), { raw: { width, height, channels: 3 } })
    .blur(1)
    .jpeg({ quality: 80 })
    .toBuffer();
}

/** A 5000×5000 scan: white with 80 lines of noise ("text"), ~11 pixels a byte. */
async function largeScan(): Promise<Buffer> {
  const lines = Array.from({ length: 80 }, (_, i) => ({
    input: randomBytes(600 * 20 * 3),
    raw: { width: 600, height: 20, channels: 3 as const },
    left: 200 + (i % 6) * 760,
    top: 100 + Math.floor(i / 6) * 360,
  }));
  return sharp({ create: { width: 5000, height: 5000, channels: 3, background: '#fff' } })
    .composite(lines)
    .png()
    .toBuffer();
}

// A Uint8Array over its own ArrayBuffer, as fetch takes it (sent as is, no copy per request).
type Multipart = { body: Uint8Array<ArrayBuffer>; contentType: string };

function multipart(content: Buffer, type: string): Multipart {
  const boundary = `----bench${randomUUID().replaceAll('-', '')}`;
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="me"\r\nContent-Type: ${type}\r\n\r\n`;
  return {
    body: new Uint8Array(Buffer.concat([Buffer.from(head), content, Buffer.from(`\r\n--${boundary}--\r\n`)])),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

// The images are made by a child process (this file with `generate <dir>`): making them takes a few
// hundred MB that this process would keep, hiding the figures measured here.
if (process.argv[2] === 'generate') {
  const dir = process.argv[3] ?? '.';
  fs.writeFileSync(path.join(dir, 'photo.jpg'), await phonePhoto());
  fs.writeFileSync(path.join(dir, 'scan.png'), await largeScan());
  process.exit(0);
}

const imageDir = fs.mkdtempSync(path.join(os.tmpdir(), 'equipee-bench-images-'));
const generated = spawnSync(
  process.execPath,
  [...process.execArgv, fileURLToPath(import.meta.url), 'generate', imageDir],
  { stdio: 'inherit' },
);
if (generated.status !== 0) throw new Error('could not generate the images');
const { app, db, close } = await startBenchApp();
const address = await app.listen({ port: 0, host: '127.0.0.1' });

const tokens: string[] = [];
for (let i = 0; i < MEMBERS; i++) {
  const username = `bench${i}`;
  await createConfirmedUser(db, {
    username,
    email: `${username}@example.org`,
    password: PASSWORD,
    role: 'User',
  });
  const login = await fetch(`${address}/api/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username_or_email: username, password: PASSWORD }),
  });
  tokens.push(((await login.json()) as { token: string }).token);
}

async function upload(i: number, { body, contentType }: Multipart) {
  const response = await fetch(`${address}/api/user/profile/picture`, {
    method: 'POST',
    headers: { 'content-type': contentType, authorization: `Bearer ${tokens[i % MEMBERS]}` },
    body,
  });
  await response.arrayBuffer();
  return response.status;
}

// The bodies are read before the first reading, so they are part of "before", not of the growth.
const photo = multipart(fs.readFileSync(path.join(imageDir, 'photo.jpg')), 'image/jpeg');
const scan = multipart(fs.readFileSync(path.join(imageDir, 'scan.png')), 'image/png');
console.log(
  `${UPLOADS} uploads at once: ${UPLOADS / 2} × 12 MP JPEG (${mb(photo.body.length)}), ` +
    `${UPLOADS / 2} × 25 MP PNG (${mb(scan.body.length)}), from ${MEMBERS} members`,
);

// Garbage left by the migrations and the sign-ins would be collected during the burst and hide its cost:
// collected before each reading instead, after one warm-up upload (libvips' own start-up is not the burst's).
v8.setFlagsFromString('--expose-gc');
const gc = vm.runInNewContext('gc') as () => void;
async function settle(): Promise<number> {
  gc();
  await new Promise((resolve) => setTimeout(resolve, 300));
  gc();
  return process.memoryUsage.rss();
}
await upload(
  0,
  multipart(
    await sharp({ create: { width: 64, height: 64, channels: 3, background: '#888' } })
      .png()
      .toBuffer(),
    'image/png',
  ),
);

const before = await settle();
let peak = before;
const sampler = setInterval(() => {
  peak = Math.max(peak, process.memoryUsage.rss());
}, 20);
resetDecodeStats();
const started = performance.now();
const statuses = await Promise.all(
  Array.from({ length: UPLOADS }, (_, i) => upload(i, i % 2 === 0 ? photo : scan)),
);
const seconds = (performance.now() - started) / 1000;
clearInterval(sampler);
peak = Math.max(peak, process.memoryUsage.rss());
const after = await settle();

const byStatus = new Map<number, number>();
for (const status of statuses) byStatus.set(status, (byStatus.get(status) ?? 0) + 1);
const counts = [...byStatus].map(([status, n]) => `${n} × ${status}`);
console.log(`answers: ${counts.join(', ')} in ${seconds.toFixed(1)} s`);
console.log(`decodes: ${decodesStarted()} started, at most ${maxConcurrentDecodes()} at once`);
console.log(`RSS before ${mb(before)}, peak during ${mb(peak)}, after ${mb(after)}`);
console.log(`growth: peak ${mb(peak - before)}, kept after ${mb(after - before)}`);

await close();
fs.rmSync(imageDir, { recursive: true, force: true });
