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
 * A stand-in for the built client: what the served routes depend on is only whether a build is there
 * (client-files.ts registers its routes then), not what it holds. `npm start` always builds first.
 */
function fakeClientBuild(dataDir: string): string {
  const staticDir = path.join(dataDir, 'dist');
  fs.mkdirSync(staticDir);
  fs.writeFileSync(path.join(staticDir, 'index.html'), '<!doctype html><title>Équipée</title>');
  return staticDir;
}

/**
 * The OpenAPI document exactly as the server serves it at /api/docs/json, for tools that read it offline
 * (the lint, docs/architecture.md#checks): the app serve() builds, the built client's routes included, and
 * the document as it goes on the wire (JSON). The document comes from the routes alone, so the app is built
 * on a database that runs no query (Kysely's DummyDriver) and never listens.
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
  const config = loadConfig({ DATA_DIR: dataDir, STATIC_DIR: fakeClientBuild(dataDir) });
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
    // What /api/docs/json sends: the same object, serialized.
    return JSON.parse(JSON.stringify(app.swagger())) as object;
  } finally {
    await app.close();
    await mail.stop();
    await db.destroy();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
