#!/usr/bin/env node
// `npm run demo`: builds the client when it is missing or older than its sources, (re)creates the demo
// club in ./demo-data (a folder it made before, or an empty one; never ./data) and serves it on
// http://127.0.0.1:3000 (PORT and HOST to change them).
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const DEMO_DIR = path.resolve(process.env.DEMO_DATA_DIR ?? 'demo-data');
const tsx = path.resolve('node_modules/.bin/tsx');

function newestChange(dir) {
  let newest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true, recursive: true }))
    if (entry.isFile())
      newest = Math.max(newest, fs.statSync(path.join(entry.parentPath, entry.name)).mtimeMs);
  return newest;
}

const built = 'dist/index.html';
const sources = Math.max(newestChange('src'), newestChange('sw'), fs.statSync('index.html').mtimeMs);
if (!fs.existsSync(built) || fs.statSync(built).mtimeMs < sources) {
  console.log('Building the client…');
  const build = spawnSync('npm', ['run', '--silent', 'build'], { stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

// `npm run demo -- --clubs 2` seeds two clubs, on club1.localhost and club2.localhost.
const seed = spawnSync(tsx, ['server/demo/seed-cli.ts', DEMO_DIR, ...process.argv.slice(2)], {
  stdio: 'inherit',
});
if (seed.status !== 0) process.exit(seed.status ?? 1);

const port = process.env.PORT ?? '3000';
// This machine only, unless HOST says otherwise: every demo account shares one published password.
const host = process.env.HOST || '127.0.0.1';
console.log(`\nThe demo club is served on http://${host}:${port} (Ctrl+C to stop).`);
const server = spawn(tsx, ['server/main.ts'], {
  stdio: 'inherit',
  // The demo's mail is written to files in its directory, never sent.
  env: { ...process.env, DATA_DIR: DEMO_DIR, DATABASE_URL: '', SMTP_URL: '', PORT: port, HOST: host },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
