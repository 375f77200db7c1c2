import { parseArgs } from 'node:util';
import type { Kysely } from 'kysely';
import { ROLE_NAMES, type RoleName, roleNameSchema } from '../src/common/contract/user';
import { promptPassword } from './cli/prompt-password';
import { sendWeeklyListCommand } from './cli/send-weekly-list';
import { type Config, loadConfig } from './config';
import { openDatabase } from './db/connect';
import { DirectoryLockedError } from './db/dir-lock';
import type { Database } from './db/schema';
import { CreateUserError, createConfirmedUser } from './modules/users/create-user';

const USAGE = `Usage:
  npm run create-superadmin -- --username NAME --email EMAIL [--password PASSWORD]
  npm run create-user -- --username NAME --email EMAIL [--password PASSWORD] --role ${ROLE_NAMES.join('|')}
  npm run send-weekly-list
Without --password the command asks for it. Uses DATA_DIR (PGlite) or DATABASE_URL, like the server.
send-weekly-list queues this week's event list unless it was already sent this week.`;

const COMMANDS = ['create-superadmin', 'create-user', 'send-weekly-list'];

/** Runs `work` on the configured database, closed afterwards (PGlite's directory lock is released). */
async function withDatabase<T>(work: (db: Kysely<Database>, config: Config) => Promise<T>): Promise<T> {
  const config = loadConfig();
  const handle = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    holder: 'command line',
  });
  try {
    return await work(handle.db, config);
  } finally {
    await handle.close();
  }
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
      help: { type: 'boolean' },
    },
  });
  if (values.help || !command || !COMMANDS.includes(command)) {
    console.log(USAGE);
    if (!values.help) process.exitCode = 1;
    return;
  }
  if (command === 'send-weekly-list') {
    const lines = await withDatabase(sendWeeklyListCommand);
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

  await withDatabase(async (db, config) => {
    const user = await createConfirmedUser(db, { username, email, password, role });
    console.log(`Created ${role} "${user.username}" <${user.email}>. Sign in at ${config.publicUrl}/login`);
  });
}

run(process.argv.slice(2)).catch((error: unknown) => {
  if (error instanceof CreateUserError || error instanceof DirectoryLockedError) fail(error.message);
  console.error(error);
  process.exit(1);
});
