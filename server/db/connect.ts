import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { type Dialect, Kysely, type KyselyConfig, PostgresDialect, sql } from 'kysely';
import { PGliteDialect } from 'kysely-pglite-dialect';
import pg from 'pg';
import { APP_ROLE, grantAppRole, SET_APP_ROLE } from './club-scope/app-role';
import { clubIdConditions } from './club-scope/club-id-conditions';
import { clubScopedDialect } from './club-scope/club-scoped-dialect';
import { acquireDirLock } from './dir-lock';
import { migrateToLatest } from './migrate';
import { trimParsers } from './pglite-parsers';
import { copyTemplate, keepTemplate, templateFolder } from './pglite-template';
import { prepareHotStatements } from './prepared-statements';
import type { Database } from './schema';
import { keepWriteCount, type WriteCount } from './write-count';

export type DatabaseKind = 'pglite' | 'postgres';

export interface DatabaseHandle {
  db: Kysely<Database>;
  kind: DatabaseKind;
  close(): Promise<void>;
}

export interface OpenDatabaseOptions {
  /** PostgreSQL when set (the tables' owner, who migrates); otherwise PGlite under dataDir. */
  databaseUrl?: string | undefined;
  /**
   * PostgreSQL: the application's own login, as its role (APP_ROLE). Without it the owner's connections
   * switch to the role with SET ROLE, which holds as well but lets a connection switch back.
   */
  appDatabaseUrl?: string | undefined;
  dataDir: string;
  /** Named in the refusal another process sees: "server" or "command line". */
  holder: string;
  /** PGlite only: keep the database in memory (tests). */
  inMemory?: boolean;
  /**
   * PGlite in memory only: start from this dumped data directory instead of an empty cluster (the test
   * run's migrated copy; migrating then finds it up to date).
   */
  pgliteDump?: Blob;
  /**
   * PGlite on disk only: a data folder with no cluster yet starts from the migrated template kept in this
   * folder (pglite-template.ts), which the first such start makes there. The demo's seed uses it.
   */
  pgliteTemplateDir?: string;
  /** PostgreSQL only: a schema to work in (tests run one schema per file). */
  searchPath?: string;
  poolSize?: number;
  /** Told the SQL of every statement run (tests count them). */
  onQuery?: (sql: string) => void;
  /**
   * Work as the tables' owner instead of the application's role: only the command line's club registry
   * commands (create-club, disable-club) and seeding, which write the registry the application only reads.
   */
  asOwner?: boolean;
}

/**
 * The application's Kysely: statements scoped to the club in hand, in SQL and in the transaction. With
 * `soleWriter` (PGlite) it also counts what may write (write-count.ts).
 */
function clubKysely(
  dialect: Dialect,
  { onQuery }: OpenDatabaseOptions,
  soleWriter = false,
): Kysely<Database> {
  const log: Pick<KyselyConfig, 'log'> = onQuery ? { log: (event) => onQuery(event.query.sql) } : {};
  const writes: WriteCount = { value: 0 };
  const onWrite = soleWriter ? () => void writes.value++ : undefined;
  const db = new Kysely<Database>({
    // The sole writer is PGlite's one connection, which this Kysely alone uses: the club goes on its session.
    dialect: clubScopedDialect(dialect, { onWrite, clubOnSession: soleWriter }),
    plugins: [clubIdConditions],
    ...log,
  });
  if (soleWriter) keepWriteCount(db, writes);
  return db;
}

/** Migrates as the owner, then works as the application's role (app-role.ts) unless told otherwise. */
export async function openDatabase(options: OpenDatabaseOptions): Promise<DatabaseHandle> {
  if (options.databaseUrl) {
    const owner = postgresPool(options.databaseUrl, { ...options, poolSize: 1 });
    const ownerDb = new Kysely<Database>({ dialect: new PostgresDialect({ pool: owner }) });
    try {
      await migrateToLatest(ownerDb, options.searchPath);
      await grantAppRole(ownerDb);
    } finally {
      await ownerDb.destroy();
    }
    if (options.appDatabaseUrl && !options.asOwner)
      return openPostgresAsAppRole(options.appDatabaseUrl, options);
    return openPostgres(options.databaseUrl, options);
  }
  const handle = await openPglite(options);
  try {
    await migrateToLatest(handle.db, options.searchPath);
    await grantAppRole(handle.db);
    await handle.keepTemplate?.();
    // PGlite has one connection, a superuser's: the switch holds for the whole session.
    if (!options.asOwner) await sql.raw(SET_APP_ROLE).execute(handle.db);
  } catch (error) {
    await handle.close();
    throw error;
  }
  return handle;
}

function postgresPool(databaseUrl: string, options: OpenDatabaseOptions): pg.Pool {
  return new pg.Pool({
    connectionString: databaseUrl,
    max: options.poolSize ?? 10,
    ...(options.searchPath ? { options: `-c search_path=${options.searchPath}` } : {}),
  });
}

function openPostgres(databaseUrl: string, options: OpenDatabaseOptions): DatabaseHandle {
  const pool = postgresPool(databaseUrl, options);
  // Queued before anything else the connection runs: every pooled connection works as the app's role.
  if (!options.asOwner)
    pool.on('connect', (client) => {
      // Fails closed: a connection that could not switch is ended, so no statement runs as the owner.
      client.query(SET_APP_ROLE).catch(() => void client.end());
      prepareHotStatements(client);
    });
  const db = clubKysely(new PostgresDialect({ pool }), options);
  return { db, kind: 'postgres', close: () => db.destroy() };
}

/** Connects as the application's role itself, and refuses any login the policies would not bind. */
async function openPostgresAsAppRole(
  appDatabaseUrl: string,
  options: OpenDatabaseOptions,
): Promise<DatabaseHandle> {
  const pool = postgresPool(appDatabaseUrl, options);
  pool.on('connect', prepareHotStatements);
  const db = clubKysely(new PostgresDialect({ pool }), options);
  try {
    const { rows } = await sql<{ name: string; bypasses: boolean }>`select current_user as name,
      rolsuper or rolbypassrls as bypasses from pg_roles where rolname = current_user`.execute(db);
    const [login] = rows;
    if (login?.name !== APP_ROLE || login.bypasses)
      throw new Error(
        `APP_DATABASE_URL must sign in as ${APP_ROLE}, which neither owns the tables nor bypasses row-level security (it signed in as ${login?.name ?? 'nobody'}).`,
      );
  } catch (error) {
    await db.destroy();
    throw error;
  }
  return { db, kind: 'postgres', close: () => db.destroy() };
}

async function openPglite(
  options: OpenDatabaseOptions,
): Promise<DatabaseHandle & { keepTemplate?: () => Promise<void> }> {
  if (options.inMemory) {
    const client = new PGlite(options.pgliteDump ? { loadDataDir: options.pgliteDump } : {});
    await client.waitReady;
    trimParsers(client);
    const db = clubKysely(new PGliteDialect(client), options, true);
    return { db, kind: 'pglite', close: () => db.destroy() };
  }
  fs.mkdirSync(options.dataDir, { recursive: true });
  const dataPath = path.join(options.dataDir, 'pglite');
  const lock = acquireDirLock(`${dataPath}.lock`, options.holder, dataPath);
  try {
    const hasCluster = fs.existsSync(dataPath) && fs.readdirSync(dataPath).length > 0;
    const template =
      options.pgliteTemplateDir && !hasCluster ? templateFolder(options.pgliteTemplateDir) : undefined;
    const copied = template ? copyTemplate(template, dataPath) : false;
    const client = new PGlite(dataPath);
    await client.waitReady;
    trimParsers(client);
    const db = clubKysely(new PGliteDialect(client), options, true);
    return {
      db,
      kind: 'pglite',
      // Made from nothing with a template asked for: once migrated, this cluster becomes the template.
      ...(template && !copied ? { keepTemplate: () => keepTemplate(client, dataPath, template) } : {}),
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
