import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEvent, DAY, insertModel, insertStuff, subscribe } from '../helpers/event-fixtures';
import { statementRecorder } from '../helpers/statement-recorder';
import { bearer, createTestContext, type TestContext } from '../helpers/test-context';

/** The week read: a weak ETag and 304, a constant number of queries, no write on a read. */
let ctx: TestContext;
let orga: string;
let member: { id: string; token: string };
let model: string;
const recorder = statementRecorder();

beforeAll(async () => {
  ctx = await createTestContext({ onQuery: recorder.onQuery });
  ctx.clock.now = new Date('2026-01-01T12:00:00Z');
  await ctx.createUser('orga', 'Contributor');
  orga = await ctx.signIn('orga');
  const { id } = await ctx.createUser('member');
  member = { id, token: await ctx.signIn('member') };
  model = await insertModel(ctx);
});
afterAll(() => ctx.close());

const WEEK = '/api/event/from/2026-01-05/to/2026-01-11';
const read = (token: string, ifNoneMatch?: string, url = WEEK) =>
  ctx.app.inject({
    method: 'GET',
    url,
    headers: { ...bearer(token), ...(ifNoneMatch ? { 'if-none-match': ifNoneMatch } : {}) },
  });

const recorded = (run: () => Promise<unknown>) => recorder.during(ctx, run);

describe('GET /api/event/from/{from}/to/{to}', () => {
  it('answers 304 with no body to the ETag of an unchanged week, and 200 with a new ETag once it changes', async () => {
    const event = await createEvent(ctx, orga, model, { startInMs: 5 * DAY });
    const first = await read(member.token);
    expect(first.statusCode).toBe(200);
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^W\/"[A-Za-z0-9_-]+"$/);

    const unchanged = await read(member.token, etag);
    expect(unchanged.statusCode).toBe(304);
    expect(unchanged.body).toBe('');
    expect(unchanged.headers.etag).toBe(etag);
    expect((await read(member.token, `"other", ${etag}`)).statusCode).toBe(304);
    expect((await read(member.token, etag.slice(2))).statusCode).toBe(304);

    expect((await subscribe(ctx, member.token, member.id, event.uuid_event)).statusCode).toBe(200);
    const changed = await read(member.token, etag);
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
    expect(changed.json()[0].subcribers_count).toBe(1);
    expect((await read(member.token, changed.headers.etag as string)).statusCode).toBe(304);
  });

  it('gives every user the same answer and tag (nothing in a week is per user), and another week another tag', async () => {
    const mine = await read(member.token);
    const theirs = await read(orga);
    expect(theirs.body).toBe(mine.body);
    expect(theirs.headers.etag).toBe(mine.headers.etag);
    const other = await read(member.token, undefined, '/api/event/from/2026-01-12/to/2026-01-18');
    expect(other.headers.etag).not.toBe(mine.headers.etag);
    expect(
      (await read(member.token, mine.headers.etag as string, '/api/event/from/2026-01-12/to/2026-01-18'))
        .statusCode,
    ).toBe(200);
  });

  it('runs the same number of queries for a week of one event as for a week of six with subscribers', async () => {
    const oneEvent = '/api/event/from/2026-02-02/to/2026-02-08';
    const sixEvents = '/api/event/from/2026-02-09/to/2026-02-15';
    const monday = new Date('2026-02-02T09:00:00Z').getTime() - ctx.clock.now.getTime();
    const stuffs = [await insertStuff(ctx, 'Kayak', 10)];
    await createEvent(ctx, orga, model, { startInMs: monday, stuffs });
    for (let i = 0; i < 6; i++) {
      const event = await createEvent(ctx, orga, model, {
        startInMs: monday + 7 * DAY + i * 3_600_000,
        stuffs,
      });
      expect((await subscribe(ctx, member.token, member.id, event.uuid_event)).statusCode).toBe(200);
    }
    const few = await recorded(() => read(member.token, undefined, oneEvent));
    const many = await recorded(() => read(member.token, undefined, sixEvents));
    expect((await read(member.token, undefined, sixEvents)).json()).toHaveLength(6);
    expect(many.length).toBe(few.length);
    // Session, user and data version; then, in one repeatable-read transaction (begin, commit): the data
    // version again, events, names, subscribers, guests, waiting, stuffs, walk-ins, co-organisers and
    // comment counts, holdings, and the club's show_attendees.
    expect(many.length).toBe(15);
  });

  it('answers an unchanged week from what it kept: the session check is the one statement', async () => {
    const sixEvents = '/api/event/from/2026-02-09/to/2026-02-15';
    const built = await read(member.token, undefined, sixEvents);
    const statements = await recorded(async () => {
      const kept = await read(orga, undefined, sixEvents);
      expect(kept.statusCode).toBe(200);
      expect(kept.body).toBe(built.body);
      expect(kept.headers.etag).toBe(built.headers.etag);
      expect(kept.headers['content-type']).toBe('application/json; charset=utf-8');
    });
    expect(statements).toHaveLength(1);
    // One round trip: the function sets the club for its own statement (no BEGIN, set_config, COMMIT). On
    // PostgreSQL, the organiser's check kept from the last test needs only the club's counters.
    expect(statements[0]).toMatch(
      ctx.dbKind === 'pglite'
        ? /^\/\* reads in its own club \*\/ select .* from session_check\(\d+, \$1\)/
        : /^\/\* reads in its own club \*\/ select data_version, account_version from club_versions\(\d+\)$/,
    );
  });

  it('checks a session again only after a write on the embedded database, after a change to accounts on PostgreSQL', async () => {
    await read(member.token); // the week kept as it is now
    const again = await recorded(async () => {
      for (let i = 0; i < 3; i++) expect((await read(member.token)).statusCode).toBe(200);
    });
    if (ctx.dbKind === 'pglite')
      // This process is the database's only writer, so with nothing written since the first read (the queue
      // workers' rounds before it count as writes), the session it read is kept.
      expect(again).toHaveLength(1);
    // PostgreSQL: each request reads the club's two counters alone, and keeps the check while the account
    // version stands still.
    else expect(again.map((sql) => sql.includes('club_versions('))).toEqual([true, true, true]);
    // A write empties what was kept (any write on PGlite; on PostgreSQL, one to sessions, accounts or
    // guardianships): the member's other session ends, and this one is read again.
    const other = await ctx.signIn('member');
    const logout = await ctx.app.inject({ method: 'POST', url: '/api/user/logout', headers: bearer(other) });
    expect(logout.statusCode).toBeLessThan(300);
    const afterWrite = await recorded(async () => {
      expect((await read(other)).statusCode).toBe(401);
      expect((await read(member.token)).statusCode).toBe(200);
    });
    expect(afterWrite.filter((sql) => sql.includes('session_check('))).toHaveLength(2);
    // A write to the week alone keeps the check on PostgreSQL: the data version moves, the account version not.
    const event = await createEvent(ctx, orga, model, { startInMs: 6 * DAY });
    await read(member.token);
    const afterWeekWrite = await recorded(async () => {
      expect((await subscribe(ctx, member.token, member.id, event.uuid_event)).statusCode).toBe(200);
      const week = await read(member.token);
      expect(
        week.json().find((e: { uuid_event: string }) => e.uuid_event === event.uuid_event)?.subcribers_count,
      ).toBe(1);
    });
    if (ctx.dbKind === 'postgres')
      expect(afterWeekWrite.filter((sql) => sql.includes('session_check('))).toHaveLength(0);
  });

  it('writes nothing to the database for a signed-in read (the session check included)', async () => {
    await read(member.token);
    const statements = await recorded(async () => {
      for (let i = 0; i < 3; i++) {
        await read(member.token);
        await ctx.app.inject({ method: 'GET', url: '/api/user/me', headers: bearer(member.token) });
      }
    });
    expect(statements.length).toBeGreaterThan(0);
    expect(statements.filter((sql) => /^\s*(insert|update|delete)\b/i.test(sql))).toEqual([]);
  });
});
