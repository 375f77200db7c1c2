import { type ChildProcess, execFile, execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

/** Browser workers at once: each has a server of its own (global-setup.ts), so their data never meet. */
export const E2E_WORKERS = Number(process.env.E2E_WORKERS ?? 2);
/** The shared server of browser worker `index`: 3107, 3207… (clear of the ports specs' own servers take). */
export const e2ePortOf = (index: number) => Number(process.env.E2E_PORT ?? 3107) + 100 * index;
// Playwright loads the config, and so this, again in each worker, after naming the worker's index.
export const E2E_PORT = e2ePortOf(Number(process.env.TEST_PARALLEL_INDEX ?? 0));
export const E2E_BASE_URL = `http://127.0.0.1:${E2E_PORT}`;
/** The server's log of Idempotency-Keys (test mode) for the shared server on `port`. */
export const replayLogOf = (port: number) =>
  path.join(os.tmpdir(), `equipee-e2e-replay-${process.env.E2E_RUN ?? 'local'}-${port}.jsonl`);
export const E2E_PASSWORD = 'E2e-Passw0rd';
export const E2E_USERS = {
  superAdmin: { username: 'root', email: 'root@example.org' },
  member: { username: 'marie', email: 'marie@example.org' },
} as const;

const tsx = path.resolve('node_modules/.bin/tsx');

/** The run's seeded data directory (global-setup.ts names it before the workers start). */
const SEEDED_DIR_VARIABLE = 'E2E_SEEDED_DATA_DIR';

/**
 * Makes the run's seeded data directory: a fresh PGlite with the seeded users, the command line's work
 * done once (each pair of commands costs seconds of both cores), closed cleanly, so a copy is a database.
 */
export async function makeSeededDataDir(): Promise<() => void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'equipee-e2e-seeded-'));
  await seedUsers({ ...process.env, DATA_DIR: dir, DATABASE_URL: '' });
  // The database's lock sits beside its directory (server/db/connect.ts): gone once the commands closed it.
  if (fs.existsSync(path.join(dir, 'pglite.lock')))
    throw new Error('The seeding commands left their PGlite lock behind');
  process.env[SEEDED_DIR_VARIABLE] = dir;
  return () => fs.rmSync(dir, { recursive: true, force: true });
}

/** A new data directory for one server: a copy of the run's seeded one (the users already made). */
export function newSeededDataDir(prefix: string): string {
  const seeded = process.env[SEEDED_DIR_VARIABLE];
  if (!seeded || !fs.existsSync(seeded))
    throw new Error('No seeded data directory: global-setup.ts makes it');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  fs.cpSync(seeded, dataDir, { recursive: true });
  return dataDir;
}

const run = promisify(execFile);

/**
 * Seeds users through the real command line, as an operator would, before a server opens the directory.
 * The run does it once (global-setup.ts), into the directory every server then starts from a copy of.
 */
async function seedUsers(env: NodeJS.ProcessEnv): Promise<void> {
  const { superAdmin, member } = E2E_USERS;
  const common = ['--password', E2E_PASSWORD];
  await run(
    tsx,
    [
      'server/cli.ts',
      'create-superadmin',
      '--username',
      superAdmin.username,
      '--email',
      superAdmin.email,
      ...common,
    ],
    { env },
  );
  await run(
    tsx,
    [
      'server/cli.ts',
      'create-user',
      '--username',
      member.username,
      '--email',
      member.email,
      '--role',
      'User',
      ...common,
    ],
    { env },
  );
}

/**
 * Starts the built app's server with `env` and waits until it answers on `env.PORT`. `entry`: the script
 * that starts it (server/main.ts, as `npm start`; a test's own entry hands in test stand-ins).
 */
export async function startServer(env: NodeJS.ProcessEnv, entry = 'server/main.ts'): Promise<ChildProcess> {
  const baseUrl = `http://127.0.0.1:${env.PORT ?? E2E_PORT}`;
  const child = spawn(tsx, [entry], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout?.on('data', (chunk) => {
    output += String(chunk);
  });
  child.stderr?.on('data', (chunk) => {
    output += String(chunk);
  });
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The server exited early:\n${output}`);
    try {
      const response = await fetch(`${baseUrl}/api/health`);
      if (response.ok) return child;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  child.kill('SIGTERM');
  throw new Error(`The server did not answer within 30 s:\n${output}`);
}

export function stopServer(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

export interface OwnServer {
  env: NodeJS.ProcessEnv;
  stop(): Promise<void>;
}

/**
 * A spec's own server on `port`: a copy of the seeded data directory in a temporary folder, and `env` on top
 * (SMTP_URL, CLUB_TIMEZONE…), for scenes that must not share the global server. `beforeStart` runs more
 * command-line seeds with the same environment. stop() ends it and removes its data.
 */
export async function startOwnServer(
  port: number,
  env: NodeJS.ProcessEnv = {},
  beforeStart: (env: NodeJS.ProcessEnv) => void = () => undefined,
  entry?: string,
): Promise<OwnServer> {
  const dataDir = newSeededDataDir(`equipee-e2e-${port}-`);
  const serverEnv: NodeJS.ProcessEnv = {
    ...process.env,
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    PORT: String(port),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    RATE_LIMIT_LOGIN: '100000',
    RATE_LIMIT_CONFIRM: '100000',
    // The reliability run alone makes 500 writes, 25 changes an event, in minutes (server suites test the limits).
    RATE_LIMIT_WRITES: '100000',
    RATE_LIMIT_SUBSCRIPTION_CHANGES: '100000',
    ...env,
  };
  beforeStart(serverEnv);
  const child = await startServer(serverEnv, entry);
  return {
    env: serverEnv,
    async stop() {
      await stopServer(child);
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Accounts made with the command line before an own server starts (its `beforeStart`): with SMTP on, an
 * invitation goes by mail only, so the API cannot hand out a confirmation link. Each signs in with E2E_PASSWORD.
 */
export function createUsersWithCli(
  env: NodeJS.ProcessEnv,
  people: ReadonlyArray<readonly [username: string, role: 'User' | 'Contributor' | 'Admin']>,
): void {
  for (const [username, role] of people) {
    execFileSync(
      path.resolve('node_modules/.bin/tsx'),
      [
        'server/cli.ts',
        'create-user',
        '--username',
        username,
        '--email',
        `${username}@example.org`,
        '--role',
        role,
        '--password',
        E2E_PASSWORD,
      ],
      { env, stdio: 'pipe' },
    );
  }
}

/**
 * A second club on an own server, made with the command line before it starts (its `beforeStart`): it answers
 * on `host` (Chromium sends *.localhost to this machine), its SuperAdmin signing in with E2E_PASSWORD.
 */
export function createClubWithCli(
  env: NodeJS.ProcessEnv,
  club: { name: string; host: string; username: string; email: string },
): void {
  execFileSync(
    path.resolve('node_modules/.bin/tsx'),
    [
      'server/cli.ts',
      'create-club',
      '--name',
      club.name,
      '--host',
      club.host,
      '--username',
      club.username,
      '--email',
      club.email,
      '--password',
      E2E_PASSWORD,
    ],
    { env, stdio: 'pipe' },
  );
}
