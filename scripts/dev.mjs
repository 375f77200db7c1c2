#!/usr/bin/env node
// `npm run dev`: Vite on :5173 (proxying /api and /files) and the server on :3000, restarted on change.
// A restart waits for the old server to exit — it closes the database and releases PGlite's directory
// lock on SIGTERM — before the new one opens it: two processes on one PGlite directory corrupt it.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const tsx = path.resolve('node_modules/.bin/tsx');
const vite = path.resolve('node_modules/.bin/vite');
let server = null;
let restartTimer = null;
let isStopping = false;

function startServer() {
  server = spawn(tsx, ['server/main.ts'], {
    stdio: 'inherit',
    env: { ...process.env, LOG_LEVEL: process.env.LOG_LEVEL ?? 'info' },
  });
}

function stopServer() {
  return new Promise((resolve) => {
    if (!server || server.exitCode !== null) return resolve();
    server.once('exit', resolve);
    server.kill('SIGTERM');
  });
}

async function restart() {
  console.log('[dev] change detected: restarting the server');
  await stopServer();
  if (!isStopping) startServer();
}

const watched = ['server', 'src/common', 'src/i18n'];
for (const dir of watched) {
  fs.watch(dir, { recursive: true }, (_event, file) => {
    if (!file || !/\.(ts|json)$/.test(String(file))) return;
    clearTimeout(restartTimer);
    restartTimer = setTimeout(() => void restart(), 200);
  });
}

startServer();
const client = spawn(vite, [], { stdio: 'inherit' });

async function shutdown() {
  isStopping = true;
  client.kill('SIGTERM');
  await stopServer();
  process.exit(0);
}
process.on('SIGINT', () => void shutdown());
process.on('SIGTERM', () => void shutdown());
