import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DummyDriver, Kysely, PostgresAdapter, PostgresIntrospector, PostgresQueryCompiler } from 'kysely';
import { buildApp } from './app';
import { loadConfig } from './config';
import { clubRegistry } from './db/club-scope/club-registry';
import type { Database } from './db/schema';
import { startMailWorker } from './mail/mail-worker';
import { createMailTransport } from './mail/transport';

/**
 * The OpenAPI document exactly as the server serves it at /api/docs/json, for tools that read it offline
 * (the lint). The document comes from the routes alone, so the app is built on a database that runs no
 * query (Kysely's DummyDriver) and never listens.
 */
export async function buildOpenApiDocument(): Promise<object> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'equipee-openapi-'));
  const db = new Kysely<Database>({
    dialect: {
      createAdapter: () => new PostgresAdapter(),
      createDriver: () => new DummyDriver(),
      createIntrospector: (kysely) => new PostgresIntrospector(kysely),
      createQueryCompiler: () => new PostgresQueryCompiler(),
    },
  });
  const config = loadConfig({ DATA_DIR: dataDir, STATIC_DIR: path.join(dataDir, 'no-build') });
  const now = () => new Date();
  const mail = startMailWorker({
    db,
    clubs: clubRegistry(db, config),
    now,
    transport: createMailTransport(config),
    log: { error: () => undefined },
    intervalMs: 0,
  });
  const app = await buildApp({ config, db, dbKind: 'postgres', now, mail }, { logStream: false });
  try {
    await app.ready();
    return app.swagger();
  } finally {
    await app.close();
    await mail.stop();
    await db.destroy();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
