#!/usr/bin/env node
// `npm run bench`: builds, then prints bundle sizes, API throughput (the week read beside its bare Fastify
// floor), and the week query on PGlite and on
// PostgreSQL (a throwaway cluster when Debian's postgresql is installed and DATABASE_URL is not set), 200
// clubs on that PostgreSQL (the week read across them, the subscribe race in 20 at once), the
// cost of booking a kit of three beside one item, the offline figures, the memory of a burst of uploads, a
// 1,000-member import with a reset mail during it,
// Lighthouse on the demo club (mobile and desktop, /login and / signed in; Lighthouse 13 and a Node 22
// installed into .tools/ on first use) and the login form's cold first visit at 50 KB/s with 400 ms of
// latency, both beside the bare floor page. Ends with one table: every
// measure beside its floor from the same run, the ratio and the goal (the rows the bench scripts report
// through bench/summary.ts).
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';

const SUMMARY_MARK = '@@bench-row ';
const rows = [];

/** Runs one bench script, echoing its output and keeping the summary rows it reports. */
async function step(command, args, env = {}) {
  console.log(`\n$ ${command} ${args.join(' ')}`);
  const child = spawn(command, args, {
    stdio: ['inherit', 'pipe', 'inherit'],
    env: { ...process.env, ...env },
  });
  for await (const line of readline.createInterface({ input: child.stdout })) {
    if (line.startsWith(SUMMARY_MARK)) rows.push(JSON.parse(line.slice(SUMMARY_MARK.length)));
    else console.log(line);
  }
  const status = child.exitCode ?? (await new Promise((resolve) => child.once('exit', resolve)));
  if (status !== 0) process.exit(status ?? 1);
}

function printSummary() {
  const header = ['measure', 'Équipée', 'floor, same run', 'ratio', 'goal', 'met'];
  const lines = rows.map((r) => [
    r.measure,
    r.value,
    r.floor,
    `${r.ratio.toFixed(2)} ×`,
    r.goal,
    r.met === undefined ? '—' : r.met ? 'yes' : 'no',
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i].length)));
  const format = (cells) => `| ${cells.map((c, i) => c.padEnd(widths[i])).join(' | ')} |`;
  console.log(`\nSummary (${new Date().toISOString().slice(0, 10)}, ${os.cpus().length} cores):`);
  console.log(format(header));
  console.log(format(widths.map((w) => '-'.repeat(w))));
  for (const line of lines) console.log(format(line));
}

await step('npx', ['vite', 'build', '--logLevel', 'warn']);
await step('npx', ['tsx', 'bench/bundle-size.ts']);
await step('npx', ['tsx', 'bench/sign-in-timing.ts']);

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
  await step('npx', ['tsx', 'bench/api-throughput.ts'], databaseUrl ? { DATABASE_URL: databaseUrl } : {});
  await step('npx', ['tsx', 'bench/events-range.ts'], databaseUrl ? { DATABASE_URL: databaseUrl } : {});
  // 200 clubs on one PostgreSQL: nothing to measure without one.
  if (databaseUrl) await step('npx', ['tsx', 'bench/clubs.ts'], { DATABASE_URL: databaseUrl });
} finally {
  if (pgDir) spawnSync('scripts/throwaway-postgres.sh', ['stop', pgDir], { stdio: 'inherit' });
}
await step('npx', ['tsx', 'bench/family-week.ts']);
await step('npx', ['tsx', 'bench/kit-booking.ts']);
await step('npx', ['tsx', 'bench/comment-push.ts']);
await step('npx', ['tsx', 'bench/offline.ts']);
await step('npx', ['tsx', 'bench/comment-thread.ts']);
await step('npx', ['tsx', 'bench/upload-memory.ts']);
await step('npx', ['tsx', 'bench/member-import.ts']);
await step('npx', ['tsx', 'bench/demo-seed.ts']);
await step('npx', ['tsx', 'bench/lighthouse.ts']);
await step('npx', ['tsx', 'bench/slow-login.ts']);
printSummary();
