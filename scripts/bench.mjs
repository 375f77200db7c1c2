#!/usr/bin/env node
// `npm run bench`: builds, then prints bundle sizes, API throughput (the week read beside its bare Fastify
// floor), and the week query on PGlite and on
// PostgreSQL (a throwaway cluster when Debian's postgresql is installed and DATABASE_URL is not set), the
// offline figures, and the memory of a burst of uploads.
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

function step(command, args, env = {}) {
  console.log(`\n$ ${command} ${args.join(' ')}`);
  const { status } = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  if (status !== 0) process.exit(status ?? 1);
}

step('npx', ['vite', 'build', '--logLevel', 'warn']);
step('node', ['bench/bundle-size.mjs']);
step('npx', ['tsx', 'bench/sign-in-timing.ts']);

let databaseUrl = process.env.DATABASE_URL;
let pgDir;
if (!databaseUrl) {
  pgDir = fs.mkdtempSync(path.join(os.tmpdir(), 'equipee-bench-pg-'));
  try {
    databaseUrl = execFileSync('scripts/throwaway-postgres.sh', ['start', pgDir, '54331'], {
      encoding: 'utf8',
    })
      .trim()
      .split('\n')
      .pop();
  } catch {
    databaseUrl = undefined;
  }
}
try {
  step('npx', ['tsx', 'bench/api-throughput.ts'], databaseUrl ? { DATABASE_URL: databaseUrl } : {});
  step('npx', ['tsx', 'bench/events-range.ts'], databaseUrl ? { DATABASE_URL: databaseUrl } : {});
} finally {
  if (pgDir) spawnSync('scripts/throwaway-postgres.sh', ['stop', pgDir], { stdio: 'inherit' });
}
step('npx', ['tsx', 'bench/offline.ts']);
step('npx', ['tsx', 'bench/upload-memory.ts']);
