import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DEFAULT_SLOGAN } from '@common/contract/settings';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publicFilesDir } from '../../../server/plugins/public-files';
import { builtScriptHashes, inlineScriptHashes } from '../../../server/plugins/security';
import { createTestContext, type TestContext } from '../helpers/test-context';

let ctx: TestContext;
// The build inlines one script (build-plugins/page-boot.ts); the policy allows it by its hash alone.
const BOOT_SCRIPT = 'window.booted = "é";';
const BOOT_HASH = `'sha256-${createHash('sha256').update(BOOT_SCRIPT, 'utf8').digest('base64')}'`;
const staticDir = fs.mkdtempSync(path.join(os.tmpdir(), 'equipee-dist-'));

beforeAll(async () => {
  // A stand-in for `vite build` output: what matters here is how each kind of file is served.
  fs.mkdirSync(path.join(staticDir, 'assets'));
  fs.writeFileSync(
    path.join(staticDir, 'index.html'),
    `<!doctype html><title>Équipée</title><script>${BOOT_SCRIPT}</script><script type="module" src="/assets/index-abc123.js"></script><div id="root"></div>`,
  );
  fs.writeFileSync(path.join(staticDir, 'sw.js'), 'self.addEventListener("fetch", () => {});');
  fs.writeFileSync(path.join(staticDir, 'assets', 'index-abc123.js'), 'console.log(1)');
  ctx = await createTestContext({ staticDir });
});
afterAll(async () => {
  await ctx.close();
  fs.rmSync(staticDir, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = {}) =>
  ctx.app.inject({ method: 'GET', url, headers });

function cspDirectives(header: string | undefined): Map<string, string> {
  return new Map(
    (header ?? '')
      .split(';')
      .map((part) => part.trim())
      .filter(Boolean)
      .map((part) => {
        const [name = '', ...values] = part.split(/\s+/);
        return [name, values.join(' ')] as const;
      }),
  );
}

describe('security headers', () => {
  it('sends the Content-Security-Policy of the README, directive by directive', async () => {
    const csp = cspDirectives((await get('/')).headers['content-security-policy'] as string);
    expect(csp.get('default-src')).toBe("'self'");
    expect(csp.get('script-src')).toBe(`'self' ${BOOT_HASH}`);
    expect(csp.get('style-src')).toBe("'self'");
    expect(csp.get('img-src')).toBe("'self' data: blob:");
    expect(csp.get('font-src')).toBe("'self'");
    expect(csp.get('connect-src')).toBe("'self' https://api-adresse.data.gouv.fr");
    expect(csp.get('manifest-src')).toBe("'self'");
    expect(csp.get('worker-src')).toBe("'self'");
    expect(csp.get('object-src')).toBe("'none'");
    expect(csp.get('base-uri')).toBe("'self'");
    expect(csp.get('form-action')).toBe("'self'");
    expect(csp.get('frame-ancestors')).toBe("'none'");
    expect(csp.size).toBe(12);
  });

  it("allows exactly the inline scripts of the built index.html, by hash, never a script's src", () => {
    expect(
      inlineScriptHashes('<script src="/a.js"></script><script type="module" src="/b.js"></script>'),
    ).toEqual([]);
    expect(inlineScriptHashes(`<script>${BOOT_SCRIPT}</script><script>1</script>`)).toEqual([
      BOOT_HASH,
      `'sha256-${createHash('sha256').update('1').digest('base64')}'`,
    ]);
    expect(builtScriptHashes(path.join(staticDir, 'missing'))).toEqual([]);
  });

  it('sends the CSP on API answers too, with nosniff', async () => {
    const response = await get('/api/health');
    expect(response.headers['content-security-policy']).toContain("default-src 'self'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });
});

describe('the built client', () => {
  it.each(['/', '/settings/users', '/checklist/123', '/some/deep/link?x=1'])(
    'answers %s with index.html, never cached without revalidation',
    async (url) => {
      const response = await get(url, { accept: 'text/html' });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toContain('text/html');
      expect(response.body).toContain('<div id="root">');
      expect(response.headers['cache-control']).toBe('no-cache');
    },
  );

  // The manifest is no build file: the server makes it per club (tests/server/settings/club-web.test.ts).
  it('serves sw.js and the manifest with no-cache', async () => {
    for (const url of ['/sw.js', '/manifest.webmanifest']) {
      const response = await get(url);
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe('no-cache');
    }
  });

  it('serves hashed assets as immutable, and a missing asset as a 404', async () => {
    const asset = await get('/assets/index-abc123.js');
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const missing = await get('/assets/gone-999.js');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().code).toBe('not_found');
  });
});

describe('the API shell', () => {
  it('reports health with the database in use', async () => {
    const response = await get('/api/health');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      status: 'ok',
      database: process.env.DATABASE_URL ? 'postgres' : 'pglite',
    });
  });

  it.each([
    ['GET', '/api/nope'],
    ['POST', '/api/user/nope'],
    ['DELETE', '/api'],
  ])('answers %s %s with the 404 JSON error body', async (method, url) => {
    const response = await ctx.app.inject({ method: method as 'GET', url });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toContain('application/json');
    expect(response.json()).toEqual({ code: 'not_found', message: expect.any(String), field: null });
  });

  it('gives the default slogan and the logo URL to anyone (empty while no logo was uploaded)', async () => {
    expect((await get('/api/internal/settings?key=slogan')).json()).toEqual({
      key: 'slogan',
      value: DEFAULT_SLOGAN,
    });
    await ctx.db
      .insertInto('app_settings')
      .values({ key: 'slogan', value: 'Allez le club', updated_at: new Date() })
      .execute();
    expect((await get('/api/internal/settings?key=slogan')).json().value).toBe('Allez le club');
    expect((await get('/api/internal/settings?key=logo')).json()).toEqual({ key: 'logo', value: '' });
    fs.mkdirSync(publicFilesDir(ctx.config), { recursive: true });
    fs.writeFileSync(path.join(publicFilesDir(ctx.config), 'logo.png'), 'a logo');
    expect((await get('/api/internal/settings?key=logo')).json()).toEqual({
      key: 'logo',
      value: expect.stringMatching(/^\/files\/logo\.png\?v=\d+$/),
    });
    fs.rmSync(path.join(publicFilesDir(ctx.config), 'logo.png'));
  });

  it('refuses an unknown setting key with 400 naming the field', async () => {
    const response = await get('/api/internal/settings?key=password');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'invalid_input', field: 'key' });
  });

  it('serves the logo from the club folder with an ETag, and nothing outside public/', async () => {
    expect((await get('/files/logo.png')).statusCode).toBe(404);
    const clubDir = path.join(ctx.dataDir, 'default');
    fs.writeFileSync(path.join(clubDir, 'public', 'logo.png'), Buffer.from([0x89, 0x50, 0x4e, 0x47]));
    fs.writeFileSync(path.join(clubDir, 'secret.eml'), 'mail');
    const logo = await get('/files/logo.png');
    expect(logo.statusCode).toBe(200);
    expect(logo.headers.etag).toBeTruthy();
    expect((await get('/files/logo.png', { 'if-none-match': logo.headers.etag as string })).statusCode).toBe(
      304,
    );
    for (const url of ['/files/../secret.eml', '/files/%2e%2e/secret.eml', '/files/..%2fsecret.eml']) {
      const response = await get(url);
      expect(response.body).not.toContain('mail');
      expect(response.headers['content-type']).not.toContain('message/rfc822');
    }
  });
});
