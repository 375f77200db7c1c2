/**
 * `tsx server/demo/seed-cli.ts [dir]`: (re)creates the demo club in `dir` (default ./demo-data) and prints
 * the accounts to sign in with.
 */
import { DEMO_PASSWORD } from './club';
import { DemoFolderRefused } from './demo-folder';
import { seedDemo } from './seed-demo';

const dataDir = process.argv[2] ?? './demo-data';
const started = Date.now();
let accounts: Awaited<ReturnType<typeof seedDemo>>;
try {
  accounts = await seedDemo({ dataDir });
} catch (error) {
  if (!(error instanceof DemoFolderRefused)) throw error;
  console.error(error.message);
  process.exit(1);
}
console.log(`Demo club created in ${dataDir} in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
console.log(`Sign in with any of these (password for all: ${DEMO_PASSWORD}):`);
for (const a of accounts) console.log(`  ${a.username.padEnd(18)} ${a.role.padEnd(11)} ${a.name}`);
console.log('…and every member: firstname.lastname (e.g. nolwenn.lebihan), same password.');
