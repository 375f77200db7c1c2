import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { EventDto } from '@common/contract/event';
import { PGlite } from '@electric-sql/pglite';
import { Kysely, PostgresDialect, sql } from 'kysely';
import { PGliteDialect } from 'kysely-pglite-dialect';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../server/app';
import { loadConfig } from '../../../server/config';
import { CLUB_TABLES } from '../../../server/db/club-scope/club-tables';
import { setFallbackClub } from '../../../server/db/club-scope/current-club';
import { migrateTo } from '../../../server/db/migrate';
import type { Database } from '../../../server/db/schema';
import { createConfirmedUser } from '../../../server/modules/users/create-user';
import { asOwner, openFirstClubDatabase } from '../helpers/clubs';
import { seedEveryTable, TABLES_AFTER_CLUBS } from '../helpers/every-table';

// An upgraded deployment keeps working unchanged. Yesterday's database (every migration up to the one before
// the clubs), with a row in every table and an account, is migrated: nothing is lost, everything is in the
// first club, and the account signs in and reads its week as before.
const LAST_BEFORE_CLUBS = '2026-12-03-01-account-deletion';
const databaseUrl = process.env.DATABASE_URL;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'equipee-upgrade-'));
const schema = `upgrade_${randomUUID().replaceAll('-', '')}`;

afterAll(async () => {
  setFallbackClub(undefined);
  fs.rmSync(dataDir, { recursive: true, force: true });
  // Its schema is its own: the other files work in databases cloned from the run's template.
  if (databaseUrl) {
    const admin = new pg.Client({ connectionString: databaseUrl });
    await admin.connect();
    await admin.query(`drop schema if exists ${schema} cascade`);
    await admin.end();
  }
});

/** Yesterday's database, opened as yesterday's server did: no club, no role, no policy. */
async function openYesterday(): Promise<Kysely<Database>> {
  if (databaseUrl) {
    const admin = new pg.Client({ connectionString: databaseUrl });
    await admin.connect();
    await admin.query(`create schema ${schema}`);
    await admin.end();
    const pool = new pg.Pool({ connectionString: databaseUrl, max: 1, options: `-c search_path=${schema}` });
    return new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  }
  fs.mkdirSync(dataDir, { recursive: true });
  const client = new PGlite(path.join(dataDir, 'pglite'));
  await client.waitReady;
  return new Kysely<Database>({ dialect: new PGliteDialect(client) });
}

/** The club tables yesterday's database had. */
const YESTERDAYS_TABLES = CLUB_TABLES.filter(
  (table) => !(TABLES_AFTER_CLUBS as readonly string[]).includes(table),
);

const counts = (db: Kysely<Database>) =>
  Promise.all(
    YESTERDAYS_TABLES.map(async (table) => {
      const { rows } = await sql<{ n: number }>`select count(*)::int as n from ${sql.table(table)}`.execute(
        db,
      );
      return [table, rows[0]?.n ?? -1] as const;
    }),
  ).then(Object.fromEntries);

describe('upgrading a one-club database to clubs', () => {
  it('keeps every row, puts it in the first club, and the same account signs in to the same week', async () => {
    const yesterday = await openYesterday();
    let before: Record<string, number>;
    try {
      await migrateTo(yesterday, LAST_BEFORE_CLUBS, databaseUrl ? schema : undefined);
      await seedEveryTable(yesterday, new Date(), { beforeClubs: true });
      await createConfirmedUser(yesterday, {
        username: 'gwen',
        email: 'gwen@example.org',
        password: 'Upgrade2026',
        role: 'Admin',
      });
      before = await counts(yesterday);
    } finally {
      await yesterday.destroy();
    }
    expect(Object.values(before).every((n) => n > 0)).toBe(true);

    const handle = await openFirstClubDatabase({
      databaseUrl,
      dataDir,
      holder: 'test',
      ...(databaseUrl ? { searchPath: schema } : {}),
    });
    try {
      const after = await counts(handle.db);
      expect(after).toEqual(before);
      // As the owner, past the policies: no row is outside the first club.
      const elsewhere = await asOwner(handle.db, (owner) =>
        Promise.all(
          CLUB_TABLES.map((table) =>
            sql<{ n: number }>`select count(*)::int as n from ${sql.table(table)} where club_id <> 1`
              .execute(owner)
              .then((r) => r.rows[0]?.n),
          ),
        ),
      );
      expect(elsewhere.every((n) => n === 0)).toBe(true);

      const config = loadConfig({ DATA_DIR: dataDir, STATIC_DIR: path.join(dataDir, 'none') });
      const mail = {
        kick: () => undefined,
        runOnce: async () => ({ sent: 0, failed: 0 }),
        stop: async () => undefined,
      };
      const app = await buildApp(
        { config, db: handle.db, dbKind: handle.kind, now: () => new Date(), mail },
        { logStream: false },
      );
      try {
        const login = await app.inject({
          method: 'POST',
          url: '/api/user/login',
          payload: { username_or_email: 'gwen', password: 'Upgrade2026' },
        });
        expect(login.statusCode).toBe(200);
        const token = login.json<{ token: string }>().token;
        // The seeded event starts in a day: a range around it, whatever the hour and the club's zone.
        const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
        const week = await app.inject({
          method: 'GET',
          url: `/api/event/from/${day(-1)}/to/${day(3)}`,
          headers: { authorization: `Bearer ${token}` },
        });
        expect(week.statusCode).toBe(200);
        expect(week.json()).toHaveLength(1);
        // The kit migration made each subscription's and waiting entry's one stuff an item of its kit.
        const [event] = week.json<EventDto[]>();
        const stuff = event?.stuffs_available[0]?.uuid;
        expect(stuff).toBeDefined();
        expect(event?.subscribers_with_stuff.map((s) => [s.uuid_stuff, s.stuffs])).toEqual([
          [stuff, [stuff]],
        ]);
        expect(event?.waiting_list.map((w) => [w.uuid_stuff, w.stuffs])).toEqual([[stuff, [stuff]]]);
      } finally {
        await app.close();
      }
    } finally {
      await handle.close();
    }
  }, 120_000);
});
