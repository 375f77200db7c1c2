#!/usr/bin/env node
// `npm test`: every suite — client and server units (Vitest), then the browser suite (Playwright on
// Debian's Chromium against the built app) — and one closing line `N passed, N failed` over all of them.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { printSummary, readReports } from './test-reports.mjs';

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!fs.existsSync(chromium)) {
  console.error(
    `npm test needs Debian's Chromium at ${chromium} for the browser tests.\n` +
      'Install it with: sudo apt-get install -y chromium   (or set CHROMIUM_PATH)',
  );
  process.exit(1);
}

const reportDir = '.reports';
fs.rmSync(reportDir, { recursive: true, force: true });
fs.mkdirSync(reportDir, { recursive: true });

function run(command, args, env = {}) {
  console.log(`\n$ ${command} ${args.join(' ')}`);
  return spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } }).status ?? 1;
}

const statuses = [
  run('npx', [
    'vitest',
    'run',
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${reportDir}/vitest.json`,
  ]),
  run('npx', ['vite', 'build', '--logLevel', 'warn']),
  run('npx', ['playwright', 'test'], { PLAYWRIGHT_JSON_OUTPUT_NAME: `${reportDir}/playwright.json` }),
];

const ok = printSummary(readReports(reportDir)) && statuses.every((s) => s === 0);
process.exit(ok ? 0 : 1);
