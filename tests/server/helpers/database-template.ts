import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { Kysely } from 'kysely';
import { PGliteDialect } from 'kysely-pglite-dialect';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { APP_ROLE, grantAppRole } from '../../../server/db/club-scope/app-role';
import { openDatabase } from '../../../server/db/connect';
import { migrateToLatest } from '../../../server/db/migrate';

/**
 * What each server test file starts from: the database migrated once for the whole run, then copied.
 * PGlite: a dump of a migrated in-memory cluster, loaded by each file (an empty PGlite costs an initdb,
 * seconds, and the migrations one more). PostgreSQL: a migrated template database each file clones.
 * Named for this run, so two runs on one machine never share a template; swept, with every database
 * cloned from it, when the run ends, whether or not its files closed their own.
 */
export type DatabaseTemplate =
  | { kind: 'pglite'; dumpFile: string }
  | { kind: 'postgres'; template: string; clonePrefix: string };

declare module 'vitest' {
  export interface ProvidedContext {
    databaseTemplate: DatabaseTemplate;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const run = `${process.pid}_${randomBytes(4).toString('hex')}`;
  const databaseUrl = process.env.DATABASE_URL;
  if (!databaseUrl) {
    const dumpFile = path.join(os.tmpdir(), `equipee-template-${run}.tar`);
    await dumpMigratedPglite(dumpFile);
    project.provide('databaseTemplate', { kind: 'pglite', dumpFile });
    return async () => fs.rmSync(dumpFile, { force: true });
  }
  const template = `equipee_template_${run}`;
  const clonePrefix = `test_${run}_`;
  await migrateTemplateDatabase(databaseUrl, template);
  project.provide('databaseTemplate', { kind: 'postgres', template, clonePrefix });
  return () => dropRunDatabases(databaseUrl, template, clonePrefix);
}

async function dumpMigratedPglite(dumpFile: string): Promise<void> {
  const client = new PGlite();
  await client.waitReady;
  // biome-ignore lint/suspicious/noExplicitAny: the migrator works on any schema.
  const db = new Kysely<any>({ dialect: new PGliteDialect(client) });
  try {
    await migrateToLatest(db);
    await grantAppRole(db);
    // Written out first: a dump of unflushed pages loads through crash recovery, which moves every
    // sequence on by the values it had logged ahead (the second club would be number 34, not 2).
    await client.exec('checkpoint');
    const dump = await client.dumpDataDir('none');
    fs.writeFileSync(dumpFile, Buffer.from(await dump.arrayBuffer()));
  } finally {
    await db.destroy();
  }
}

async function migrateTemplateDatabase(databaseUrl: string, template: string): Promise<void> {
  await withPg(databaseUrl, (client) => client.query(`create database ${template}`));
  const handle = await openDatabase({
    databaseUrl: databaseOf(databaseUrl, template),
    dataDir: os.tmpdir(),
    holder: 'test',
    asOwner: true,
    poolSize: 1,
  });
  await handle.close();
  // Each file's app signs in as the role itself (test-context.ts), as APP_DATABASE_URL has a deployment do.
  await withPg(databaseUrl, (client) => client.query(`alter role ${APP_ROLE} login`));
}

async function dropRunDatabases(databaseUrl: string, template: string, clonePrefix: string): Promise<void> {
  await withPg(databaseUrl, async (client) => {
    const { rows } = await client.query<{ name: string }>(
      'select datname as name from pg_database where starts_with(datname, $1) or datname = $2',
      [clonePrefix, template],
    );
    // Clones first: a template with a clone still being made cannot be dropped.
    rows.sort((a, b) => Number(a.name === template) - Number(b.name === template));
    for (const { name } of rows) await client.query(`drop database if exists "${name}" with (force)`);
  });
}

/** `databaseUrl` with another database named in it. */
export function databaseOf(databaseUrl: string, database: string): string {
  const url = new URL(databaseUrl);
  url.pathname = `/${database}`;
  return url.toString();
}

export async function withPg<T>(databaseUrl: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}
