import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import type { RoleName } from '@common/contract/user';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { inject } from 'vitest';
import { buildApp } from '../../../server/app';
import type { Config } from '../../../server/config';
import { loadConfig } from '../../../server/config';
import { APP_ROLE, withOwner } from '../../../server/db/club-scope/app-role';
import { clubRegistry } from '../../../server/db/club-scope/club-registry';
import { scopedClubId, setFallbackClub } from '../../../server/db/club-scope/current-club';
import { type DatabaseHandle, type DatabaseKind, openDatabase } from '../../../server/db/connect';
import type { Database } from '../../../server/db/schema';
import { writeDueNotices } from '../../../server/jobs/due-notices';
import { type MailWorker, startMailWorker } from '../../../server/mail/mail-worker';
import { createMailTransport } from '../../../server/mail/transport';
import { type PushWorker, startPushWorker } from '../../../server/modules/push/push-worker';
import { createConfirmedUser } from '../../../server/modules/users/create-user';
import type { PushNetwork } from '../../../server/push-network';
import { missingClubConditions } from './club-id-check';
import { databaseOf, withPg } from './database-template';

export const PASSWORD = 'Str0ngPassword';

export interface TestContext {
  app: FastifyInstance;
  db: Kysely<Database>;
  /** The server's clock: tests move it instead of waiting. */
  clock: { now: Date };
  dataDir: string;
  /** The file's own database: cloned from the run's template on PostgreSQL; a name only on PGlite. */
  database: string;
  /** Which database the file runs on. */
  dbKind: DatabaseKind;
  config: Config;
  /** The mail queue's worker: no timer here; kicks after requests, and tests run rounds themselves. */
  mail: MailWorker;
  /** The push queue's worker, driven like `mail`. */
  push: PushWorker;
  createUser(username: string, role?: RoleName): Promise<{ id: string; username: string }>;
  signIn(username: string, password?: string): Promise<string>;
  close(): Promise<void>;
  /**
   * Runs `work` as the tables' owner (DDL, the club registry), as the command line's owner commands do:
   * PGlite's one connection switched back, or on PostgreSQL an owner's connection of its own.
   */
  asOwner<T>(work: (owner: Kysely<Database>) => Promise<T>): Promise<T>;
  /** The statements so far that lack a club_id condition (club-id-check.ts); close() fails on any. */
  unscopedStatements: string[];
}

export interface TestContextOptions {
  env?: Record<string, string>;
  logStream?: NodeJS.WritableStream;
  staticDir?: string;
  /** PostgreSQL only: connections in the pool (races need at least their concurrency). */
  poolSize?: number;
  /** Share another context's database (a second app on the same data, e.g. with other settings). */
  sharedDatabase?: string;
  /** How push endpoints resolve and are reached (push-network-stand-in.ts); the real network when absent. */
  pushNetwork?: PushNetwork;
  /** Told the SQL of every statement the app (or the test) runs. */
  onQuery?: (sql: string) => void;
}

/**
 * One migrated database and app per test file: PGlite in memory loaded from the run's migrated dump, or,
 * when DATABASE_URL is set (the PostgreSQL run), a database of its own cloned from the run's migrated
 * template (database-template.ts), so files run side by side.
 */
export async function createTestContext(options: TestContextOptions = {}): Promise<TestContext> {
  // Every statement any suite runs is held to naming its club (ready to shard, docs/rules.md#several-clubs):
  // a file whose statements do not fails when it closes its context, naming them.
  // Migrations are not held to it (they move every club's rows at once), nor is a statement run for no club
  // at all, which row-level security shows nothing (the isolation test runs some on purpose).
  const unscopedStatements: string[] = [];
  let migrated = false;
  const checkClubConditions = (sql: string) => {
    if (!migrated || scopedClubId() === undefined) return;
    const missing = missingClubConditions(sql);
    if (missing.length > 0) unscopedStatements.push(`${missing.join(', ')}: ${sql}`);
  };
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'equipee-test-'));
  const template = inject('databaseTemplate');
  const suffix = randomUUID().replaceAll('-', '');
  let database = options.sharedDatabase ?? `pglite_${suffix}`;
  let databaseUrl: string | undefined;
  if (template.kind === 'postgres') {
    const clusterUrl = process.env.DATABASE_URL ?? '';
    database = options.sharedDatabase ?? `${template.clonePrefix}${suffix}`;
    if (!options.sharedDatabase)
      await withPg(clusterUrl, (client) =>
        client.query(`create database ${database} template ${template.template}`),
      );
    databaseUrl = databaseOf(clusterUrl, database);
  }
  // On PostgreSQL the app signs in as its own role, as APP_DATABASE_URL has a deployment do (the throwaway
  // cluster trusts local logins); the owner's URL only migrates, which finds the clone up to date.
  const appDatabaseUrl = databaseUrl ? appRoleLogin(databaseUrl) : undefined;
  const handle = await openDatabase({
    databaseUrl,
    appDatabaseUrl,
    dataDir,
    holder: 'test',
    inMemory: true,
    ...(template.kind === 'pglite' ? { pgliteDump: new Blob([fs.readFileSync(template.dumpFile)]) } : {}),
    ...(options.poolSize ? { poolSize: options.poolSize } : {}),
    // The club registry's refresh (every few seconds, whatever request comes then) is not a request's
    // statement: the counting tests would otherwise see it now and then.
    onQuery: (sql: string) => {
      checkClubConditions(sql);
      if (!isRegistryRead(sql)) options.onQuery?.(sql);
    },
  });
  migrated = true;
  const config = loadConfig({
    DATA_DIR: dataDir,
    STATIC_DIR: options.staticDir ?? path.join(dataDir, 'no-build'),
    LOG_LEVEL: 'info',
    ...options.env,
  });
  // Single-club tests read and seed the database directly: as the first club, the one every host reaches.
  const [firstClub] = await clubRegistry(handle.db, config).all();
  setFallbackClub(firstClub);
  let ownerHandle: Promise<DatabaseHandle> | undefined;
  const asOwner = <T>(work: (owner: Kysely<Database>) => Promise<T>): Promise<T> => {
    if (!databaseUrl) return withOwner(handle.db, work);
    ownerHandle ??= openDatabase({
      databaseUrl,
      dataDir,
      holder: 'test',
      asOwner: true,
      poolSize: 2,
    });
    return ownerHandle.then((owner) => work(owner.db));
  };
  const clock = { now: new Date() };
  const now = () => clock.now;
  const mail = startMailWorker({
    db: handle.db,
    clubs: clubRegistry(handle.db, config),
    now,
    beforeRound: () => writeDueNotices({ db: handle.db, now, config }),
    transport: createMailTransport(config),
    log: { error: () => undefined },
    intervalMs: 0,
  });
  const push = startPushWorker({
    db: handle.db,
    clubs: clubRegistry(handle.db, config),
    now,
    config,
    log: { error: () => undefined },
    intervalMs: 0,
    ...(options.pushNetwork ? { network: options.pushNetwork } : {}),
  });
  const deps = {
    config,
    db: handle.db,
    dbKind: handle.kind,
    now,
    mail,
    push,
    ...(options.pushNetwork ? { pushNetwork: options.pushNetwork } : {}),
  };
  const app = await buildApp(deps, { logStream: options.logStream ?? false });
  await app.ready();

  return {
    app,
    db: handle.db,
    clock,
    dataDir,
    database,
    dbKind: handle.kind,
    config,
    mail,
    push,
    async createUser(username, role = 'User') {
      const row = await createConfirmedUser(handle.db, {
        username,
        email: `${username}@example.org`,
        password: PASSWORD,
        role,
      });
      return { id: row.id, username: row.username };
    },
    async signIn(username, password = PASSWORD) {
      const response = await app.inject({
        method: 'POST',
        url: '/api/user/login',
        payload: { username_or_email: username, password },
      });
      if (response.statusCode !== 200)
        throw new Error(`sign-in failed: ${response.statusCode} ${response.body}`);
      return response.json<{ token: string }>().token;
    },
    async close() {
      await app.close();
      await mail.stop();
      await push.stop();
      await handle.close();
      await (await ownerHandle)?.close();
      // The cloned database stays until the run's teardown drops it (database-template.ts): pg's pool.end()
      // resolves before its sockets close, and a forced drop now would end them under a client still closing.
      fs.rmSync(dataDir, { recursive: true, force: true });
      if (unscopedStatements.length > 0)
        throw new Error(`Statements without their club_id:\n${[...new Set(unscopedStatements)].join('\n')}`);
    },
    unscopedStatements,
    asOwner,
  };
}

const isRegistryRead = (sql: string) => sql.startsWith('select * from "clubs"');

/** The same database, signed in as the application's role (made a login by the run's template set-up). */
function appRoleLogin(databaseUrl: string): string {
  const url = new URL(databaseUrl);
  url.username = APP_ROLE;
  url.password = '';
  return url.toString();
}

export function bearer(token: string): Record<string, string> {
  return { authorization: `Bearer ${token}` };
}

/** A log destination that keeps every line, to check what the server writes. */
export function captureLogs(): { stream: NodeJS.WritableStream; text: () => string } {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });
  return { stream, text: () => lines.join('') };
}
