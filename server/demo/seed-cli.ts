/**
 * `tsx server/demo/seed-cli.ts [dir] [--clubs N]`: (re)creates the demo club (or N clubs) in `dir` (default
 * ./demo-data) and prints the accounts to sign in with.
 */
import { DEMO_PASSWORD } from './club';
import { DemoFolderRefused } from './demo-folder';
import { seedDemo } from './seed-demo';

const args = process.argv.slice(2);
const clubsAt = args.indexOf('--clubs');
const clubs = clubsAt >= 0 ? Number(args[clubsAt + 1]) : 1;
if (!Number.isInteger(clubs) || clubs < 1 || clubs > 9) {
  console.error('--clubs takes a number from 1 to 9.');
  process.exit(1);
}
const dataDir = args.find((arg, i) => !arg.startsWith('--') && args[i - 1] !== '--clubs') ?? './demo-data';
const started = Date.now();
let accounts: Awaited<ReturnType<typeof seedDemo>>;
try {
  accounts = await seedDemo({ dataDir, clubs });
} catch (error) {
  if (!(error instanceof DemoFolderRefused)) throw error;
  console.error(error.message);
  process.exit(1);
}
console.log(`Demo club created in ${dataDir} in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
console.log(`Sign in with any of these (password for all: ${DEMO_PASSWORD}):`);
for (const a of accounts) console.log(`  ${a.username.padEnd(18)} ${a.role.padEnd(11)} ${a.name}`);
console.log('…and every member: firstname.lastname (e.g. nolwenn.lebihan), same password.');
if (clubs > 1)
  console.log(
    `${clubs} clubs, each with the same people and none seeing another's: http://club1.localhost:PORT ` +
      `(also any other host) … http://club${clubs}.localhost:PORT, where "operator" is also a SuperAdmin.`,
  );
