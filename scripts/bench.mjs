#!/usr/bin/env node
// `npm run bench`: builds, then prints bundle sizes and API throughput figures.
import { spawnSync } from 'node:child_process';

const steps = [
  ['npx', ['vite', 'build', '--logLevel', 'warn']],
  ['node', ['bench/bundle-size.mjs']],
  ['npx', ['tsx', 'bench/api-throughput.ts']],
];
for (const [command, args] of steps) {
  console.log(`\n$ ${command} ${args.join(' ')}`);
  const { status } = spawnSync(command, args, { stdio: 'inherit' });
  if (status !== 0) process.exit(status ?? 1);
}
