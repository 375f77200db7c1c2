import { parseArgs } from 'node:util';
import { ROLE_NAMES, type RoleName, roleNameSchema } from '@common/contract/user';
import type { Kysely } from 'kysely';
import {
  type ClubOptions,
  chosenClub,
  createClubCommand,
  disableClubCommand,
  enableClubCommand,
  exportClubCommand,
  listClubsCommand,
} from './cli/club-commands';
import { promptPassword } from './cli/prompt-password';
import { sendWeeklyListCommand } from './cli/send-weekly-list';
import { type Config, loadConfig } from './config';
import { currentClub, runInClub } from './db/club-scope/current-club';
import { openDatabase } from './db/connect';
import { DirectoryLockedError } from './db/dir-lock';
import type { Database } from './db/schema';
import { ClubInputError } from './modules/clubs/create-club';
import { CreateUserError, createConfirmedUser } from './modules/users/create-user';

const USAGE = `Usage:
  npm run create-superadmin -- --username NAME --email EMAIL [--password PASSWORD] [--host HOST]
  npm run create-user -- --username NAME --email EMAIL [--password PASSWORD] --role ${ROLE_NAMES.join('|')} [--host HOST]
  npm run send-weekly-list [-- --host HOST]
  npm run create-club -- --name NAME --host HOST --username NAME --email EMAIL --password PASSWORD [--timezone ZONE]
  npm run list-clubs
  npm run disable-club -- --host HOST
  npm run enable-club -- --host HOST
  npm run export-club -- [--host HOST] --out FILE
Without --password the command asks for it (except create-club). Uses DATA_DIR (PGlite) or DATABASE_URL,
like the server. --host chooses the club (list-clubs shows them); without it, the first club.
send-weekly-list queues this week's event list unless it was already sent this week.`;

const COMMANDS = [
  'create-superadmin',
  'create-user',
  'send-weekly-list',
  'create-club',
  'list-clubs',
  'disable-club',
  'enable-club',
  'export-club',
];
/** These write the club registry, which the application's role only reads: they work as the owner. */
const OWNER_COMMANDS = ['create-club', 'disable-club', 'enable-club'];

/** Runs `work` on the configured database, closed afterwards (PGlite's directory lock is released). */
async function withDatabase<T>(
  work: (db: Kysely<Database>, config: Config) => Promise<T>,
  asOwner = false,
): Promise<T> {
  const config = loadConfig();
  const handle = await openDatabase({
    databaseUrl: config.databaseUrl,
    appDatabaseUrl: config.appDatabaseUrl,
    dataDir: config.dataDir,
    holder: 'command line',
    asOwner,
  });
  try {
    return await work(handle.db, config);
  } finally {
    await handle.close();
  }
}

/** Runs `work` inside the club --host names (the first club without it). */
function inClub<T>(host: string | undefined, work: (db: Kysely<Database>, config: Config) => Promise<T>) {
  return withDatabase(async (db, config) =>
    runInClub(await chosenClub(db, config, host), () => work(db, config)),
  );
}

async function runClubCommand(command: string, options: ClubOptions): Promise<string[]> {
  return withDatabase((db, config) => {
    if (command === 'create-club') return createClubCommand(db, config, options);
    if (command === 'disable-club') return disableClubCommand(db, options);
    if (command === 'enable-club') return enableClubCommand(db, options);
    if (command === 'export-club') return exportClubCommand(db, config, options);
    return listClubsCommand(db, config);
  }, OWNER_COMMANDS.includes(command));
}

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

async function run(argv: string[]): Promise<void> {
  const [command, ...rest] = argv;
  const { values } = parseArgs({
    args: rest,
    options: {
      username: { type: 'string' },
      email: { type: 'string' },
      password: { type: 'string' },
      role: { type: 'string' },
      name: { type: 'string' },
      host: { type: 'string' },
      timezone: { type: 'string' },
      out: { type: 'string' },
      help: { type: 'boolean' },
    },
  });
  if (values.help || !command || !COMMANDS.includes(command)) {
    console.log(USAGE);
    if (!values.help) process.exitCode = 1;
    return;
  }
  if (['create-club', 'list-clubs', 'disable-club', 'enable-club', 'export-club'].includes(command)) {
    for (const line of await runClubCommand(command, values)) console.log(line);
    return;
  }
  if (command === 'send-weekly-list') {
    const lines = await inClub(values.host, sendWeeklyListCommand);
    for (const line of lines) console.log(line);
    return;
  }
  const { username, email } = values;
  if (!username || !email) fail(`--username and --email are required.\n${USAGE}`);
  let role: RoleName = 'SuperAdmin';
  if (command === 'create-user') {
    const parsed = roleNameSchema.safeParse(values.role);
    if (!parsed.success) fail(`--role must be one of ${ROLE_NAMES.join(', ')}.\n${USAGE}`);
    role = parsed.data;
  }
  const password = values.password ?? (await promptPassword('Password: '));

  await inClub(values.host, async (db) => {
    const user = await createConfirmedUser(db, { username, email, password, role });
    console.log(
      `Created ${role} "${user.username}" <${user.email}>. Sign in at ${currentClub().publicUrl}/login`,
    );
  });
}

run(process.argv.slice(2)).catch((error: unknown) => {
  if (
    error instanceof CreateUserError ||
    error instanceof DirectoryLockedError ||
    error instanceof ClubInputError
  )
    fail(error.message);
  console.error(error);
  process.exit(1);
});
