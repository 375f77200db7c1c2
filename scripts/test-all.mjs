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

// Each part's seconds, printed at the end and kept in .reports/parts.txt (CI lists them under its step).
const parts = [];
function run(name, command, args, env = {}) {
  console.log(`\n$ ${command} ${args.join(' ')}`);
  const started = Date.now();
  const status = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } }).status ?? 1;
  parts.push(`${String(Math.round((Date.now() - started) / 1000)).padStart(6)} s  ${name}`);
  return status;
}

const statuses = [
  run(
    'vitest (client, server on PGlite, tooling)',
    'npx',
    [
      'vitest',
      'run',
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${reportDir}/vitest.json`,
      '--reporter=./scripts/vitest-file-times.mjs',
    ],
    { VITEST_FILE_TIMES: `${reportDir}/vitest.file-times` },
  ),
  run('vite build', 'npx', ['vite', 'build', '--logLevel', 'warn']),
  run('playwright', 'npx', ['playwright', 'test'], {
    PLAYWRIGHT_JSON_OUTPUT_NAME: `${reportDir}/playwright.json`,
  }),
];

const ok = printSummary(readReports(reportDir)) && statuses.every((s) => s === 0);
console.log(`\nseconds per part:\n${parts.join('\n')}`);
fs.writeFileSync(`${reportDir}/parts.txt`, `${parts.join('\n')}\n`);
process.exit(ok ? 0 : 1);
