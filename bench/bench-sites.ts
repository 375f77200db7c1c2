// The two sites the browser benches (bench/lighthouse.ts, bench/slow-login.ts) load:
//  - the demo club (server/demo) on the real server, against the built dist/, on a fresh PGlite;
//  - the floor page (bench/floor-page: React, react-router-dom, Dexie, i18next and nothing of the app),
//    built now with the same Vite and served compressed the way the app is (brotli and gzip copies next to
//    each file, sent by @fastify/static's preCompressed, as server/plugins/client-files.ts does).
import type { ChildProcess } from 'node:child_process';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import fastifyStatic from '@fastify/static';
import Fastify from 'fastify';
import { DEMO_PASSWORD } from '../server/demo/club';
import { startServer, stopServer } from '../tests/e2e/server-process';
import { buildFloorPage } from './floor-build';

/** A plain member of the demo club. */
export const DEMO_MEMBER = 'nolwenn.lebihan';
export const FLOOR_NAME = 'bare page (React, router, Dexie, i18next)';

const tsx = path.resolve('node_modules/.bin/tsx');

/** `preferred` when nothing listens on it, else a port the system hands out. */
export async function freePort(preferred: number): Promise<number> {
  const probe = (port: number) =>
    new Promise<number | null>((resolve) => {
      const server = net.createServer();
      server.once('error', () => resolve(null));
      server.listen(port, '127.0.0.1', () => {
        const address = server.address();
        const bound = typeof address === 'object' && address ? address.port : null;
        server.close(() => resolve(bound));
      });
    });
  return (await probe(preferred)) ?? (await probe(0)) ?? preferred;
}

export interface DemoSite {
  /** e.g. http://127.0.0.1:3141 (no trailing slash). */
  url: string;
  /** A session token for `username` (the demo password). */
  signIn(username: string): Promise<string>;
  /** SIGTERM, waits for the server to exit (PGlite must close), then removes the data. Idempotent. */
  stop(): Promise<void>;
}

/** Seeds the demo club into a new temporary folder and serves it with the built client from dist/. */
export async function startDemoSite(preferredPort: number): Promise<DemoSite> {
  const staticDir = path.resolve('dist');
  if (!fs.existsSync(path.join(staticDir, 'index.html')))
    throw new Error('no build in dist/ (run npx vite build first)');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'equipee-bench-demo-'));
  const removeData = () => fs.rmSync(dataDir, { recursive: true, force: true });
  const seeded = spawnSync(tsx, ['server/demo/seed-cli.ts', dataDir], { encoding: 'utf8' });
  if (seeded.status !== 0) {
    removeData();
    throw new Error(`seeding the demo club failed:\n${seeded.stdout}${seeded.stderr}`);
  }
  console.log(seeded.stdout.split('\n')[0]);
  const port = await freePort(preferredPort);
  let server: ChildProcess;
  try {
    server = await startServer({
      ...process.env,
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      SMTP_URL: '',
      STATIC_DIR: staticDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
    });
  } catch (error) {
    removeData();
    throw error;
  }
  // Should the bench die without stop(), the server does not outlive it on its port.
  const onExit = () => {
    if (server.exitCode === null) server.kill('SIGTERM');
  };
  process.on('exit', onExit);
  const url = `http://127.0.0.1:${port}`;
  let stopped: Promise<void> | undefined;
  return {
    url,
    async signIn(username) {
      const answer = await fetch(`${url}/api/user/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username_or_email: username, password: DEMO_PASSWORD }),
      });
      if (!answer.ok) throw new Error(`sign-in as ${username} answered ${answer.status}`);
      return ((await answer.json()) as { token: string }).token;
    },
    stop() {
      stopped ??= stopServer(server).then(() => {
        process.off('exit', onExit);
        removeData();
      });
      return stopped;
    },
  };
}

export interface FloorSite {
  /** The floor page's address, e.g. http://127.0.0.1:40123/ */
  url: string;
  close(): Promise<void>;
}

/**
 * The floor of an offline start (bench/offline.ts): a service worker of the plainest kind for the floor
 * page, registered only by that bench. It caches the page and its files when installed and answers from
 * the cache first, so a new tab with no network opens the bare stack as the app's worker opens the app.
 */
function writeFloorServiceWorker(dir: string): void {
  const files = fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && !/\.(br|gz)$/.test(entry.name))
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
    .filter((file) => file !== 'index.html');
  fs.writeFileSync(
    path.join(dir, 'sw.js'),
    `const FILES = ${JSON.stringify(['./', ...files.map((file) => `./${file}`)])};
self.addEventListener('install', (event) => {
  event.waitUntil(caches.open('floor').then((cache) => cache.addAll(FILES)).then(() => self.skipWaiting()));
});
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));
self.addEventListener('fetch', (event) => {
  event.respondWith(caches.match(event.request).then((cached) => cached ?? fetch(event.request)));
});
`,
  );
}

/** Builds bench/floor-page into a temporary folder, writes .br/.gz copies, serves it on a free port. */
export async function startFloorSite(): Promise<FloorSite> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'equipee-bench-floor-site-'));
  const removeDir = () => fs.rmSync(dir, { recursive: true, force: true });
  const built = buildFloorPage(dir, 'error');
  if (built.status !== 0) {
    removeDir();
    throw new Error(`building the floor page failed:\n${built.stdout}${built.stderr}`);
  }
  // As vite.config.ts's compression(): text files of 512 bytes and more, brotli and gzip at their best.
  for (const entry of fs.readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !/\.(html|js|css|svg|webmanifest|json|txt)$/.test(entry.name)) continue;
    const file = path.join(entry.parentPath, entry.name);
    const content = fs.readFileSync(file);
    if (content.length < 512) continue;
    const { BROTLI_PARAM_QUALITY, BROTLI_MAX_QUALITY, BROTLI_PARAM_SIZE_HINT } = zlib.constants;
    fs.writeFileSync(
      `${file}.br`,
      zlib.brotliCompressSync(content, {
        params: { [BROTLI_PARAM_QUALITY]: BROTLI_MAX_QUALITY, [BROTLI_PARAM_SIZE_HINT]: content.length },
      }),
    );
    fs.writeFileSync(`${file}.gz`, zlib.gzipSync(content, { level: 9 }));
  }
  writeFloorServiceWorker(dir);
  const app = Fastify({ logger: false });
  try {
    await app.register(fastifyStatic, {
      root: dir,
      prefix: '/',
      index: false,
      preCompressed: true,
      cacheControl: false,
      setHeaders: (res, filePath) => {
        const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
        res.setHeader('Cache-Control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
        res.setHeader('Vary', 'accept-encoding');
      },
    });
    app.get('/', (_request, reply) => reply.header('Cache-Control', 'no-cache').sendFile('index.html'));
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    return {
      url: `${address}/`,
      async close() {
        await app.close();
        removeDir();
      },
    };
  } catch (error) {
    await app.close();
    removeDir();
    throw error;
  }
}
