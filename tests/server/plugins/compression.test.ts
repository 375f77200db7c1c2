import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../helpers/test-context';

let ctx: TestContext;
const staticDir = fs.mkdtempSync(path.join(os.tmpdir(), 'equipee-dist-compressed-'));

// Text that compresses well, as built JS does, and is well above the 1 KB threshold.
const script = `${'export const week = ["lundi", "mardi", "mercredi"];\n'.repeat(400)}console.log(week);\n`;
const html = `<!doctype html><title>Équipée</title>${'<!-- shell -->'.repeat(200)}<div id="root"></div>`;
const uncopied = `${'/* a chunk the build left without copies */\n'.repeat(100)}export {};\n`;

/** Writes a file with the .br and .gz copies the build (vite-plugin-compression2) writes beside it. */
function writeWithCopies(file: string, content: string): void {
  fs.writeFileSync(file, content);
  fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(content));
  fs.writeFileSync(`${file}.gz`, zlib.gzipSync(content));
}

beforeAll(async () => {
  fs.mkdirSync(path.join(staticDir, 'assets'));
  writeWithCopies(path.join(staticDir, 'index.html'), html);
  writeWithCopies(path.join(staticDir, 'assets', 'index-abc123.js'), script);
  fs.writeFileSync(path.join(staticDir, 'assets', 'lazy-def456.js'), uncopied);
  fs.writeFileSync(
    path.join(staticDir, 'sw.js'),
    `${'self.addEventListener("fetch", () => {});\n'.repeat(60)}`,
  );
  ctx = await createTestContext({ staticDir });
});
afterAll(async () => {
  await ctx.close();
  fs.rmSync(staticDir, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = {}) =>
  ctx.app.inject({ method: 'GET', url, headers });

function decoded(response: Awaited<ReturnType<typeof get>>): string {
  const bytes = response.rawPayload;
  switch (response.headers['content-encoding']) {
    case 'br':
      return zlib.brotliDecompressSync(bytes).toString();
    case 'gzip':
      return zlib.gunzipSync(bytes).toString();
    case undefined:
      return bytes.toString();
    default:
      throw new Error(`unexpected encoding ${response.headers['content-encoding']}`);
  }
}

describe('built assets: the precompressed copy the client accepts', () => {
  it.each([
    ['br, gzip, deflate', 'br'],
    ['gzip, deflate, br', 'br'],
    ['gzip', 'gzip'],
    ['gzip;q=1, br;q=0.5', 'gzip'],
  ])('Accept-Encoding "%s" gets %s, with Vary and the same bytes once decoded', async (accept, encoding) => {
    const response = await get('/assets/index-abc123.js', { 'accept-encoding': accept });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe(encoding);
    expect(String(response.headers.vary).toLowerCase()).toContain('accept-encoding');
    expect(Number(response.headers['content-length'])).toBeLessThan(script.length / 4);
    expect(decoded(response)).toBe(script);
    expect(response.headers['content-type']).toContain('javascript');
  });

  it.each([[{}], [{ 'accept-encoding': 'identity' }], [{ 'accept-encoding': 'br;q=0, gzip;q=0' }]])(
    'a client that accepts no compression (%j) gets the plain bytes',
    async (headers) => {
      const response = await get('/assets/index-abc123.js', headers);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-encoding']).toBeUndefined();
      expect(response.body).toBe(script);
      expect(String(response.headers.vary).toLowerCase()).toContain('accept-encoding');
    },
  );

  it('keeps the caching: hashed assets immutable for a year, the page revalidated', async () => {
    const asset = await get('/assets/index-abc123.js', { 'accept-encoding': 'br' });
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    for (const url of ['/', '/login', '/some/deep/link']) {
      const page = await get(url, { 'accept-encoding': 'br', accept: 'text/html' });
      expect(page.statusCode).toBe(200);
      expect(page.headers['content-encoding']).toBe('br');
      expect(page.headers['cache-control']).toBe('no-cache');
      expect(page.headers['content-type']).toContain('text/html');
      expect(decoded(page)).toBe(html);
    }
  });

  it('an asset the build left without copies is served plain or compressed, never a 404', async () => {
    for (const accept of ['br', 'gzip', 'identity']) {
      const response = await get('/assets/lazy-def456.js', { 'accept-encoding': accept });
      expect(response.statusCode).toBe(200);
      expect(decoded(response)).toBe(uncopied);
    }
  });

  it('the service worker (written after the copies) is compressed on the way out and revalidated', async () => {
    const response = await get('/sw.js', { 'accept-encoding': 'br, gzip' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(decoded(response)).toContain('self.addEventListener("fetch"');
  });

  it('a Range request on a compressed asset gets that range of the chosen encoding, or the whole file', async () => {
    const whole = await get('/assets/index-abc123.js', { 'accept-encoding': 'br' });
    const ranged = await get('/assets/index-abc123.js', { 'accept-encoding': 'br', range: 'bytes=0-19' });
    if (ranged.statusCode === 206) {
      expect(ranged.headers['content-encoding']).toBe('br');
      expect(ranged.headers['content-range']).toBe(`bytes 0-19/${whole.rawPayload.length}`);
      expect(ranged.rawPayload.equals(whole.rawPayload.subarray(0, 20))).toBe(true);
    } else {
      expect(ranged.statusCode).toBe(200);
      expect(decoded(ranged)).toBe(script);
    }
    const plain = await get('/assets/index-abc123.js', { range: 'bytes=10-19' });
    expect(plain.statusCode).toBe(206);
    expect(plain.body).toBe(script.slice(10, 20));
  });
});

describe('API answers', () => {
  it('JSON above 1 KB is compressed for a client that accepts it, and reads the same', async () => {
    const plain = await get('/api/docs/json');
    expect(plain.rawPayload.length).toBeGreaterThan(1024);
    expect(plain.headers['content-encoding']).toBeUndefined();
    for (const encoding of ['br', 'gzip']) {
      const response = await get('/api/docs/json', { 'accept-encoding': encoding });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-encoding']).toBe(encoding);
      expect(String(response.headers.vary).toLowerCase()).toContain('accept-encoding');
      expect(JSON.parse(decoded(response))).toEqual(JSON.parse(plain.body));
    }
  });

  it('a small answer goes out as it is', async () => {
    const response = await get('/api/health', { 'accept-encoding': 'br, gzip' });
    expect(response.statusCode).toBe(200);
    expect(response.rawPayload.length).toBeLessThan(1024);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(response.body)).toBeTypeOf('object');
  });
});
