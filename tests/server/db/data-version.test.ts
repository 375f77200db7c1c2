import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../server/app';
import { settled } from '../../../server/background';
import { readDataVersion } from '../../../server/db/data-version';
import { createEvent, DAY, insertModel, insertStuff, subscribe } from '../helpers/event-fixtures';
import { bearer, createTestContext, PASSWORD, type TestContext } from '../helpers/test-context';

/**
 * The data version the week read keeps its answers at (migration 2026-11-23-04): every write to what a week
 * shows moves it, once, at its commit, whoever writes; nothing else does. If the week read comes to read
 * a table or a users column the triggers do not watch, the first test fails: extend the triggers.
 */
let ctx: TestContext;
let orga: string;
let member: { id: string; token: string };
let model: string;
let stuff: string;
let recording: string[] | null = null;

beforeAll(async () => {
  ctx = await createTestContext({ onQuery: (statement) => recording?.push(statement) });
  ctx.clock.now = new Date('2026-03-01T12:00:00Z');
  await ctx.createUser('orga', 'Contributor');
  orga = await ctx.signIn('orga');
  const { id } = await ctx.createUser('member');
  member = { id, token: await ctx.signIn('member') };
  model = await insertModel(ctx);
  stuff = await insertStuff(ctx, 'Kayak', 10);
});
afterAll(() => ctx.close());

const WEEK = '/api/event/from/2026-03-02/to/2026-03-08';
const read = (token = member.token, app = ctx.app) =>
  app.inject({ method: 'GET', url: WEEK, headers: bearer(token) });
const version = () => readDataVersion(ctx.db);

async function watchedTables(): Promise<string[]> {
  const { rows } = await sql<{ relname: string }>`
    select distinct c.relname from pg_trigger t
      join pg_class c on c.oid = t.tgrelid
      join pg_namespace n on n.oid = c.relnamespace
      join pg_proc p on p.oid = t.tgfoid
    where p.proname = 'bump_data_version' and n.nspname = current_schema()`.execute(ctx.db);
  return rows.map((r) => r.relname);
}

describe('the data version', () => {
  it('is moved by every table the week read reads, and by every users column it shows', async () => {
    await createEvent(ctx, orga, model, { startInMs: 2 * DAY, stuffs: [stuff] });
    // The mail and pushes the event queued are sent first, so only the read's own statements are recorded.
    await settled();
    await ctx.mail.runOnce();
    await ctx.push.runOnce();
    recording = [];
    await read();
    const statements = recording;
    recording = null;
    const tables = new Set<string>();
    const userColumns = new Set<string>();
    // The session check is not the week's: it reads sessions and users for every signed-in request.
    for (const statement of statements.filter((sql) => !sql.includes('session_check('))) {
      for (const [, table] of statement.matchAll(/(?:from|join)\s+"(\w+)"/gi)) tables.add(table as string);
      for (const [, column] of statement.matchAll(/"users"\."(\w+)"/g)) userColumns.add(column as string);
    }
    tables.delete('data_version');
    expect([...tables].sort()).toEqual(
      expect.arrayContaining(['events', 'subscriptions', 'users', 'stuffs', 'guests', 'waiting_list']),
    );
    const watched = await watchedTables();
    // Comments are counted in the week's answer but never move its version (docs/rules.md#talking-around-an-event):
    // a busy thread would otherwise make every member read the whole week again. The count may lag; the thread
    // itself is read fresh.
    const unwatched = ['event_comments'];
    expect([...tables].filter((table) => !watched.includes(table) && !unwatched.includes(table))).toEqual([]);
    expect(watched.filter((table) => unwatched.includes(table))).toEqual([]);
    // users bumps only on these (sign-in counters change on every sign-in): see the migration's WHEN.
    expect(
      [...userColumns].filter(
        (c) =>
          // club_id: the condition every statement carries (docs/rules.md#several-clubs), not a column shown.
          ![
            'club_id',
            'id',
            'username',
            'first_name',
            'last_name',
            'hidden_from_members',
            'deleted_at',
          ].includes(c),
      ),
    ).toEqual([]);
  });

  it('moves once per committed write, at its commit, and not for a write rolled back', async () => {
    const before = await version();
    await ctx.db.transaction().execute(async (trx) => {
      await trx.updateTable('stuffs').set({ description: 'a' }).where('uuid', '=', stuff).execute();
      await trx.updateTable('stuffs').set({ description: 'b' }).where('uuid', '=', stuff).execute();
      await trx.updateTable('event_models').set({ description: 'c' }).where('uuid', '=', model).execute();
      // Deferred to the commit: inside the transaction the counter has not moved yet.
      expect(await readDataVersion(trx)).toBe(before);
    });
    expect(await version()).toBe(before + 1);
    await expect(
      ctx.db.transaction().execute(async (trx) => {
        await trx.updateTable('stuffs').set({ description: 'd' }).where('uuid', '=', stuff).execute();
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await version()).toBe(before + 1);
  });

  it('moves for a user’s shown names, not for a failed sign-in', async () => {
    const before = await version();
    const failed = await ctx.app.inject({
      method: 'POST',
      url: '/api/user/login',
      payload: { username_or_email: 'member', password: `${PASSWORD}-wrong` },
    });
    expect(failed.statusCode).toBe(401);
    await settled();
    expect(await version()).toBe(before);
    await ctx.db.updateTable('users').set({ first_name: 'Anne' }).where('id', '=', member.id).execute();
    expect(await version()).toBe(before + 1);
  });

  it('shows a write made outside any route (a job, the command line, SQL by hand) on the next read', async () => {
    const kept = await read();
    expect(kept.json()[0].stuffs_available[0].name).toBe('Kayak');
    await ctx.db.updateTable('stuffs').set({ name: 'Canoë' }).where('uuid', '=', stuff).execute();
    const after = await read();
    expect(after.json()[0].stuffs_available[0].name).toBe('Canoë');
    expect(after.headers.etag).not.toBe(kept.headers.etag);
  });

  it('keeps two processes on one database right: a write through one is seen by the other at once', async () => {
    const other = await buildApp(
      {
        config: ctx.config,
        db: ctx.db,
        dbKind: process.env.DATABASE_URL ? 'postgres' : 'pglite',
        now: () => ctx.clock.now,
        mail: ctx.mail,
      },
      { logStream: false },
    );
    try {
      const [event] = (await read(member.token, other)).json();
      await read(member.token, other); // kept by the other process now
      expect((await subscribe(ctx, member.token, member.id, event.uuid_event)).statusCode).toBe(200);
      const seen = (await read(member.token, other)).json()[0];
      expect(seen.subscribers_with_stuff.map((s: { id: string }) => s.id)).toContain(member.id);
    } finally {
      await other.close();
    }
  });
});
