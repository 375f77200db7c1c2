import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import pg from 'pg';
import { buildApp } from '../../../server/app';
import type { Config } from '../../../server/config';
import { loadConfig } from '../../../server/config';
import { clubRegistry } from '../../../server/db/club-registry';
import { setUnscopedClubForTests } from '../../../server/db/club-scope';
import { openDatabase } from '../../../server/db/connect';
import type { Database } from '../../../server/db/schema';
import { type MailWorker, startMailWorker } from '../../../server/mail/mail-worker';
import { createMailTransport } from '../../../server/mail/transport';
import { sendDueSubscriptionNotices } from '../../../server/modules/participation/subscription-notices';
import { type PushWorker, startPushWorker } from '../../../server/modules/push/push-worker';
import { createConfirmedUser } from '../../../server/modules/users/create-user';
import type { PushNetwork } from '../../../server/push-network';
import type { RoleName } from '../../../src/common/contract/user';

export const PASSWORD = 'Str0ngPassword';

export interface TestContext {
  app: FastifyInstance;
  db: Kysely<Database>;
  /** The server's clock: tests move it instead of waiting. */
  clock: { now: Date };
  dataDir: string;
  schema: string;
  config: Config;
  /** The mail queue's worker: no timer here; kicks after requests, and tests run rounds themselves. */
  mail: MailWorker;
  /** The push queue's worker, driven like `mail`. */
  push: PushWorker;
  createUser(username: string, role?: RoleName): Promise<{ id: string; username: string }>;
  signIn(username: string, password?: string): Promise<string>;
  close(): Promise<void>;
}

export interface TestContextOptions {
  env?: Record<string, string>;
  logStream?: NodeJS.WritableStream;
  staticDir?: string;
  /** PostgreSQL only: connections in the pool (races need at least their concurrency). */
  poolSize?: number;
  /** Share another context's schema (a second app on the same data, e.g. with other settings). */
  sharedSchema?: string;
  /** How push endpoints resolve and are reached (push-network-stand-in.ts); the real network when absent. */
  pushNetwork?: PushNetwork;
  /** Told the SQL of every statement the app (or the test) runs. */
  onQuery?: (sql: string) => void;
}

/**
 * One migrated database and app per test file: PGlite in memory, or, when DATABASE_URL is set (the
 * PostgreSQL run), a schema of its own in that database so files can run side by side.
 */
export async function createTestContext(options: TestContextOptions = {}): Promise<TestContext> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'equipee-test-'));
  const databaseUrl = process.env.DATABASE_URL;
  const schema = options.sharedSchema ?? `test_${randomUUID().replaceAll('-', '')}`;
  if (databaseUrl && !options.sharedSchema)
    await withPg(databaseUrl, (client) => client.query(`create schema ${schema}`));
  const handle = await openDatabase({
    databaseUrl,
    dataDir,
    holder: 'test',
    inMemory: true,
    ...(databaseUrl ? { searchPath: schema } : {}),
    ...(options.poolSize ? { poolSize: options.poolSize } : {}),
    // The club registry's refresh (every few seconds, whatever request comes then) is not a request's
    // statement: the counting tests would otherwise see it now and then.
    ...(options.onQuery ? { onQuery: (sql: string) => isRegistryRead(sql) || options.onQuery?.(sql) } : {}),
  });
  const config = loadConfig({
    DATA_DIR: dataDir,
    STATIC_DIR: options.staticDir ?? path.join(dataDir, 'no-build'),
    LOG_LEVEL: 'info',
    ...options.env,
  });
  // Single-club tests read and seed the database directly: as the first club, the one every host reaches.
  const [firstClub] = await clubRegistry(handle.db, config).all();
  setUnscopedClubForTests(firstClub);
  const clock = { now: new Date() };
  const now = () => clock.now;
  const mail = startMailWorker({
    db: handle.db,
    clubs: clubRegistry(handle.db, config),
    now,
    beforeRound: () => sendDueSubscriptionNotices({ db: handle.db, now, config }),
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
    schema,
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
      // The schema stays until every file is done (helpers/pg-schemas.ts says why).
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

const isRegistryRead = (sql: string) => sql.startsWith('select * from "clubs"');

async function withPg<T>(databaseUrl: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
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
