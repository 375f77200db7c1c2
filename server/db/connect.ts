import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { Kysely, type KyselyConfig, PostgresDialect } from 'kysely';
import { PGliteDialect } from 'kysely-pglite-dialect';
import pg from 'pg';
import { acquireDirLock } from './dir-lock';
import { migrateToLatest } from './migrate';
import type { Database } from './schema';

export type DatabaseKind = 'pglite' | 'postgres';

export interface DatabaseHandle {
  db: Kysely<Database>;
  kind: DatabaseKind;
  close(): Promise<void>;
}

export interface OpenDatabaseOptions {
  /** PostgreSQL when set; otherwise PGlite under dataDir. */
  databaseUrl?: string | undefined;
  dataDir: string;
  /** Named in the refusal another process sees: "server" or "command line". */
  holder: string;
  /** PGlite only: keep the database in memory (tests). */
  inMemory?: boolean;
  /** PostgreSQL only: a schema to work in (tests run one schema per file). */
  searchPath?: string;
  poolSize?: number;
  /** Told the SQL of every statement run (tests count them). */
  onQuery?: (sql: string) => void;
}

function queryLog({ onQuery }: OpenDatabaseOptions): Pick<KyselyConfig, 'log'> {
  return onQuery ? { log: (event) => onQuery(event.query.sql) } : {};
}

export async function openDatabase(options: OpenDatabaseOptions): Promise<DatabaseHandle> {
  const handle = options.databaseUrl ? openPostgres(options.databaseUrl, options) : await openPglite(options);
  try {
    await migrateToLatest(handle.db, options.searchPath);
  } catch (error) {
    await handle.close();
    throw error;
  }
  return handle;
}

function openPostgres(databaseUrl: string, options: OpenDatabaseOptions): DatabaseHandle {
  const pool = new pg.Pool({
    connectionString: databaseUrl,
    max: options.poolSize ?? 10,
    ...(options.searchPath ? { options: `-c search_path=${options.searchPath}` } : {}),
  });
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }), ...queryLog(options) });
  return { db, kind: 'postgres', close: () => db.destroy() };
}

async function openPglite(options: OpenDatabaseOptions): Promise<DatabaseHandle> {
  if (options.inMemory) {
    const client = new PGlite();
    await client.waitReady;
    const db = new Kysely<Database>({ dialect: new PGliteDialect(client), ...queryLog(options) });
    return { db, kind: 'pglite', close: () => db.destroy() };
  }
  fs.mkdirSync(options.dataDir, { recursive: true });
  const dataPath = path.join(options.dataDir, 'pglite');
  const lock = acquireDirLock(`${dataPath}.lock`, options.holder, dataPath);
  try {
    const client = new PGlite(dataPath);
    await client.waitReady;
    const db = new Kysely<Database>({ dialect: new PGliteDialect(client), ...queryLog(options) });
    return {
      db,
      kind: 'pglite',
      close: async () => {
        try {
          await db.destroy();
        } finally {
          lock.release();
        }
      },
    };
  } catch (error) {
    lock.release();
    throw error;
  }
}
