import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_ROLE } from '../../../server/db/club-scope/app-role';
import { clubRegistry } from '../../../server/db/club-scope/club-registry';
import { CLUB_TABLES, SHARED_TABLES } from '../../../server/db/club-scope/club-tables';
import { type Club, runInClub, setFallbackClub } from '../../../server/db/club-scope/current-club';
import { PROBE } from '../helpers/club-id-check';
import { addClub } from '../helpers/clubs';
import { seedEveryTable } from '../helpers/every-table';
import { createTestContext, type TestContext } from '../helpers/test-context';

// Isolation enforced by the database (docs/rules.md#several-clubs). Every club-owned table is looked at from
// each club and from none, as the application's role, with rows of two clubs in it: a club sees exactly its
// own rows, no club sees nothing, and no write can move a row into another club or read one there by its key.
let ctx: TestContext;
let first: Club;
let second: Club;

/** Runs with no club at all: not a request's, not a job's, not the tests' fallback. */
async function withoutClub<T>(work: () => Promise<T>): Promise<T> {
  setFallbackClub(undefined);
  try {
    return await work();
  } finally {
    setFallbackClub(first);
  }
}

// These statements leave the club out of their SQL on purpose: what is shown is the policies' work alone.
const probe = sql.raw(PROBE);

const count = (table: string) =>
  sql<{ total: number; foreign: number }>`${probe} select count(*)::int as total,
    count(*) filter (where club_id is distinct from nullif(current_setting('app.club', true), '')::int)::int as foreign
    from ${sql.table(table)}`
    .execute(ctx.db)
    .then((r) => r.rows[0] ?? { total: -1, foreign: -1 });

async function keyColumns(table: string): Promise<string[]> {
  const { rows } = await sql<{ columns: string[] }>`
    select array(select a.attname::text from unnest(c.conkey) with ordinality k(n, i)
      join pg_attribute a on a.attrelid = c.conrelid and a.attnum = k.n order by k.i) as columns
    from pg_constraint c where c.conrelid = ${table}::regclass and c.contype = 'p'`.execute(ctx.db);
  return rows[0]?.columns ?? [];
}

beforeAll(async () => {
  ctx = await createTestContext();
  [first] = (await clubRegistry(ctx.db, ctx.config).all()) as [Club];
  second = await addClub(ctx, 'aviron-vannes.example.org', 'Aviron de Vannes');
  await runInClub(first, () => seedEveryTable(ctx.db));
  await runInClub(second, () => seedEveryTable(ctx.db));
}, 60_000);

afterAll(async () => {
  await ctx?.close();
});

describe('the catalogue', () => {
  it('puts every table of the schema in the club-owned list or the shared one', async () => {
    const { rows } = await sql<{ name: string }>`select tablename as name from pg_tables
      where schemaname = current_schema() order by 1`.execute(ctx.db);
    const known = new Set<string>([...CLUB_TABLES, ...SHARED_TABLES]);
    expect(rows.map((r) => r.name).filter((name) => !known.has(name))).toEqual([]);
    expect(CLUB_TABLES.filter((t) => !rows.some((r) => r.name === t))).toEqual([]);
  });

  it('works as a role that is no superuser, owns no table and cannot bypass row-level security', async () => {
    const { rows } = await sql<{ user: string; super: boolean; bypass: boolean; owns: number }>`
      select current_user as user, r.rolsuper as super, r.rolbypassrls as bypass,
        (select count(*)::int from pg_tables t where t.schemaname = current_schema() and t.tableowner = current_user) as owns
      from pg_roles r where r.rolname = current_user`.execute(ctx.db);
    expect(rows[0]).toEqual({ user: APP_ROLE, super: false, bypass: false, owns: 0 });
  });

  it('lets the role neither truncate (which ignores the policies) nor write the club registry', async () => {
    await expect(sql`truncate table events cascade`.execute(ctx.db)).rejects.toThrow(/permission denied/);
    await expect(sql`update clubs set name = 'x'`.execute(ctx.db)).rejects.toThrow(/permission denied/);
  });

  it.each(CLUB_TABLES)(
    '%s: club_id not null, leading every key and reference, under a forced policy',
    async (table) => {
      const { rows: column } = await sql<{ nullable: string }>`select is_nullable as nullable
      from information_schema.columns where table_schema = current_schema() and table_name = ${table}
      and column_name = 'club_id'`.execute(ctx.db);
      expect(column).toEqual([{ nullable: 'NO' }]);
      const { rows: security } = await sql<{ enabled: boolean; forced: boolean; policies: number }>`
      select c.relrowsecurity as enabled, c.relforcerowsecurity as forced,
        (select count(*)::int from pg_policy p where p.polrelid = c.oid
          and pg_get_expr(p.polqual, p.polrelid) like '%app.club%'
          and pg_get_expr(p.polwithcheck, p.polrelid) like '%app.club%') as policies
      from pg_class c where c.oid = ${table}::regclass`.execute(ctx.db);
      expect(security).toEqual([{ enabled: true, forced: true, policies: 1 }]);
      const { rows: keys } = await sql<{ name: string; first: string; ref_first: string | null }>`
      select c.conname as name, a.attname::text as first, ra.attname::text as ref_first
      from pg_constraint c
      join pg_attribute a on a.attrelid = c.conrelid and a.attnum = c.conkey[1]
      left join pg_attribute ra on ra.attrelid = c.confrelid and ra.attnum = c.confkey[1]
      where c.conrelid = ${table}::regclass and c.contype in ('p', 'u', 'f')
        and not (c.contype = 'f' and c.confrelid = 'clubs'::regclass)`.execute(ctx.db);
      expect(keys.length).toBeGreaterThan(0);
      for (const key of keys) {
        expect(key.first, key.name).toBe('club_id');
        if (key.ref_first !== null) expect(key.ref_first, key.name).toBe('club_id');
      }
    },
  );
});

describe('each table seen from each club and from none', () => {
  it.each(CLUB_TABLES)('%s', async (table) => {
    const ofFirst = await runInClub(first, () => count(table));
    const ofSecond = await runInClub(second, () => count(table));
    expect(ofFirst.total).toBeGreaterThan(0);
    expect(ofFirst.foreign).toBe(0);
    expect(ofSecond.total).toBeGreaterThan(0);
    expect(ofSecond.foreign).toBe(0);
    // A query that forgets the club sees nothing, and an insert there has no club to go to.
    expect(await withoutClub(() => count(table))).toEqual({ total: 0, foreign: 0 });
    // No write moves a row into another club.
    await expect(
      runInClub(first, () =>
        sql`${probe} update ${sql.table(table)} set club_id = ${second.id}`.execute(ctx.db),
      ),
    ).rejects.toThrow(/row-level security/);
    // A row's key copied from the other club finds none of that club's rows (data_version's key is the
    // club alone: nothing to copy).
    const keys = (await keyColumns(table)).filter((c) => c !== 'club_id');
    if (keys.length === 0) expect(table).toBe('data_version');
    const copied = await runInClub(second, () =>
      sql<
        Record<string, unknown>
      >`${probe} select ${sql.join(keys.map((k) => sql.ref(k)))} from ${sql.table(table)} limit 1`
        .execute(ctx.db)
        .then((r) => r.rows[0]),
    );
    const byKey =
      keys.length === 0
        ? sql`true`
        : sql.join(
            keys.map((k) => sql`${sql.ref(k)} = ${copied?.[k]}`),
            sql` and `,
          );
    const found = await runInClub(first, () =>
      sql<{ club_id: number }>`${probe} select club_id from ${sql.table(table)} where ${byKey}`.execute(
        ctx.db,
      ),
    );
    expect(found.rows.filter((row) => row.club_id !== first.id)).toEqual([]);
    const deleted = await runInClub(first, () =>
      sql`${probe} delete from ${sql.table(table)} where club_id = ${second.id}`.execute(ctx.db),
    );
    expect(Number(deleted.numAffectedRows ?? 0)).toBe(0);
  });

  it('runs each piece of work for its own club when the work of two clubs and of none interleaves', async () => {
    const clubSeen = () =>
      sql<{ club: string | null; clubs: number[] }>`${probe} select current_setting('app.club', true) as club,
        array(select distinct club_id from users order by 1) as clubs`
        .execute(ctx.db)
        .then((r) => r.rows[0]);
    const asked = Array.from({ length: 12 }, (_, i) => [first, second, undefined][i % 3]);
    const seen = await withoutClub(() =>
      Promise.all(asked.map((club) => (club ? runInClub(club, clubSeen) : clubSeen()))),
    );
    expect(seen.map((row) => row?.clubs)).toEqual(asked.map((club) => (club ? [club.id] : [])));
    // A transaction that rolls back takes nothing of the club with it: the next statement is the club's.
    await expect(
      runInClub(second, () =>
        ctx.db.transaction().execute(async (trx) => {
          await sql`${probe} select 1`.execute(trx);
          throw new Error('undone');
        }),
      ),
    ).rejects.toThrow('undone');
    expect((await runInClub(second, clubSeen))?.clubs).toEqual([second.id]);
    expect((await withoutClub(clubSeen))?.clubs).toEqual([]);
  });

  it('refuses an insert made outside any club (the column has no club to default to)', async () => {
    await expect(
      withoutClub(() =>
        ctx.db
          .insertInto('event_models')
          .values({ uuid: crypto.randomUUID(), name: 'x', description: 'x' })
          .execute(),
      ),
    ).rejects.toThrow(/null value in column "club_id"|row-level security/);
  });
});
