import { parseArgs } from 'node:util';
import { ROLE_NAMES, type RoleName, roleNameSchema } from '../src/common/contract/user';
import { promptPassword } from './cli/prompt-password';
import { loadConfig } from './config';
import { openDatabase } from './db/connect';
import { DirectoryLockedError } from './db/dir-lock';
import { CreateUserError, createConfirmedUser } from './modules/users/create-user';

const USAGE = `Usage:
  npm run create-superadmin -- --username NAME --email EMAIL [--password PASSWORD]
  npm run create-user -- --username NAME --email EMAIL [--password PASSWORD] --role ${ROLE_NAMES.join('|')}
Without --password the command asks for it. Uses DATA_DIR (PGlite) or DATABASE_URL, like the server.`;

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
  if (values.help || (command !== 'create-superadmin' && command !== 'create-user')) {
    console.log(USAGE);
    if (!values.help) process.exitCode = 1;
    return;
  }
  if (!values.username || !values.email) fail(`--username and --email are required.\n${USAGE}`);
  let role: RoleName = 'SuperAdmin';
  if (command === 'create-user') {
    const parsed = roleNameSchema.safeParse(values.role);
    if (!parsed.success) fail(`--role must be one of ${ROLE_NAMES.join(', ')}.\n${USAGE}`);
    role = parsed.data;
  }
  const password = values.password ?? (await promptPassword('Password: '));

  const config = loadConfig();
  const handle = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    holder: 'command line',
  });
  try {
    const user = await createConfirmedUser(handle.db, {
      username: values.username,
      email: values.email,
      password,
      role,
    });
    console.log(`Created ${role} "${user.username}" <${user.email}>. Sign in at ${config.publicUrl}/login`);
  } finally {
    await handle.close();
  }
}

run(process.argv.slice(2)).catch((error: unknown) => {
  if (error instanceof CreateUserError || error instanceof DirectoryLockedError) fail(error.message);
  console.error(error);
  process.exit(1);
});
