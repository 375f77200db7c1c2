import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFeed, fetchFeed, parseFeed, saveEventWith } from '../helpers/calendar';
import { createEvent, DAY, HOUR, insertModel, joinWaitingList, subscribe } from '../helpers/event-fixtures';
import { bearer, captureLogs, createTestContext, type TestContext } from '../helpers/test-context';

// The calendar feed, read back with a real iCalendar parser (ical.js), as a calendar app would.
const HOST = 'club.example.org';
let ctx: TestContext;
const logs = captureLogs();
let organiser: string;
let model: string;
type Member = { id: string; token: string };
let marie: Member;
let paul: Member;

beforeAll(async () => {
  ctx = await createTestContext({
    env: { PUBLIC_URL: `https://${HOST}`, CLUB_TIMEZONE: 'Europe/Paris', RATE_LIMIT_LOGIN: '1000' },
    logStream: logs.stream,
  });
  await ctx.createUser('orga', 'Contributor');
  organiser = await ctx.signIn('orga');
  model = await insertModel(ctx, 'Kayak');
  const member = async (name: string) => ({
    id: (await ctx.createUser(name)).id,
    token: await ctx.signIn(name),
  });
  marie = await member('marie');
  paul = await member('paul');
});
afterAll(() => ctx.close());

const uid = (event: { uuid_event: string }) => `${event.uuid_event}@${HOST}`;
/** iCalendar times have whole seconds. */
const toSeconds = (instant: Date | string) => Math.floor(new Date(instant).getTime() / 1000);

async function feedOf(path: string) {
  const response = await fetchFeed(ctx, path);
  expect(response.statusCode).toBe(200);
  return parseFeed(response.body);
}

describe('the feed', () => {
  it("parses, and holds exactly the member's subscribed and waiting-list events, in UTC with the club's zone named", async () => {
    const subscribed = await createEvent(ctx, organiser, model, { startInMs: 2 * DAY });
    const full = await createEvent(ctx, organiser, model, { startInMs: 3 * DAY, max: 1 });
    const paulsOnly = await createEvent(ctx, organiser, model, { startInMs: 4 * DAY });
    const nobodys = await createEvent(ctx, organiser, model, { startInMs: 5 * DAY });
    expect((await subscribe(ctx, marie.token, marie.id, subscribed.uuid_event)).statusCode).toBe(200);
    expect((await subscribe(ctx, paul.token, paul.id, full.uuid_event)).statusCode).toBe(200);
    expect((await joinWaitingList(ctx, marie, full.uuid_event)).statusCode).toBe(200);
    expect((await subscribe(ctx, paul.token, paul.id, paulsOnly.uuid_event)).statusCode).toBe(200);

    const feed = await createFeed(ctx, marie.token);
    expect(feed.url).toMatch(new RegExp(`^https://${HOST}/api/calendar/[A-Za-z0-9_-]{43}\\.ics$`));
    expect(feed.webcal_url).toBe(feed.url.replace('https://', 'webcal://'));
    const response = await fetchFeed(ctx, feed.path);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(response.headers['cache-control']).toBe('private, max-age=300');

    const parsed = parseFeed(response.body);
    expect(parsed.timezone).toBe('Europe/Paris');
    expect(parsed.name).toBe('Équipée');
    expect(parsed.events.map((e) => e.uid).sort()).toEqual([uid(subscribed), uid(full)].sort());
    expect(parsed.events.map((e) => e.uid)).not.toContain(uid(paulsOnly));
    expect(parsed.events.map((e) => e.uid)).not.toContain(uid(nobodys));

    const mine = parsed.events.find((e) => e.uid === uid(subscribed));
    expect(mine).toMatchObject({
      summary: 'Kayak',
      isUtc: true,
      status: 'CONFIRMED',
      sequence: 0,
      location: '29200 Brest',
    });
    expect(toSeconds(mine?.start ?? '')).toBe(toSeconds(subscribed.start_date));
    expect(toSeconds(mine?.end ?? '')).toBe(toSeconds(subscribed.end_date));
    expect(mine?.description).toContain(`https://${HOST}/?week=`);
    expect(response.body).toMatch(/DTSTART:\d{8}T\d{6}Z/);

    const waiting = parsed.events.find((e) => e.uid === uid(full));
    expect(waiting?.summary).toBe("Kayak (liste d'attente)");
    expect(waiting?.status).toBe('TENTATIVE');
    expect(waiting?.description).toContain("liste d'attente");
  });

  it('ends every line in CRLF, the last one included (RFC 5545)', async () => {
    const event = await createEvent(ctx, organiser, model, { startInMs: 6 * DAY });
    expect((await subscribe(ctx, marie.token, marie.id, event.uuid_event)).statusCode).toBe(200);
    const { path } = await createFeed(ctx, marie.token);
    const { body } = await fetchFeed(ctx, path);
    expect(body.endsWith('END:VCALENDAR\r\n')).toBe(true);
    // No LF without its CR before it, and no CR alone.
    expect(body.match(/(?<!\r)\n/g)).toBeNull();
    expect(body.match(/\r(?!\n)/g)).toBeNull();
    expect(parseFeed(body).events.map((e) => e.uid)).toContain(uid(event));
  });

  it('keeps its UIDs across fetches and across a regenerated link', async () => {
    const event = await createEvent(ctx, organiser, model, { startInMs: 6 * DAY });
    await subscribe(ctx, marie.token, marie.id, event.uuid_event);
    const first = await feedOf((await createFeed(ctx, marie.token)).path);
    const path = (await createFeed(ctx, marie.token)).path;
    const second = await feedOf(path);
    const third = await feedOf(path);
    const uids = (feed: typeof first) => feed.events.map((e) => e.uid);
    expect(uids(first)).toContain(uid(event));
    expect(uids(second)).toEqual(uids(first));
    expect(uids(third)).toEqual(uids(first));
  });

  it('shows a cancellation as cancelled with a higher SEQUENCE, and a reactivation higher still', async () => {
    const event = await createEvent(ctx, organiser, model, { startInMs: 7 * DAY });
    await subscribe(ctx, marie.token, marie.id, event.uuid_event);
    const { path } = await createFeed(ctx, marie.token);
    const before = (await feedOf(path)).events.find((e) => e.uid === uid(event));
    expect(before?.status).toBe('CONFIRMED');

    expect((await saveEventWith(ctx, organiser, event, { is_cancelled: true })).statusCode).toBe(200);
    const cancelled = (await feedOf(path)).events.find((e) => e.uid === uid(event));
    expect(cancelled?.status).toBe('CANCELLED');
    expect(cancelled?.sequence).toBeGreaterThan(before?.sequence ?? Number.POSITIVE_INFINITY);

    expect((await saveEventWith(ctx, organiser, event, { is_cancelled: false })).statusCode).toBe(200);
    const back = (await feedOf(path)).events.find((e) => e.uid === uid(event));
    expect(back?.status).toBe('CONFIRMED');
    expect(back?.sequence).toBeGreaterThan(cancelled?.sequence ?? Number.POSITIVE_INFINITY);
  });

  it('shows a new date with a higher SEQUENCE', async () => {
    const event = await createEvent(ctx, organiser, model, { startInMs: 8 * DAY });
    await subscribe(ctx, marie.token, marie.id, event.uuid_event);
    const { path } = await createFeed(ctx, marie.token);
    const before = (await feedOf(path)).events.find((e) => e.uid === uid(event));
    const start = new Date(new Date(event.start_date).getTime() + DAY);
    const end = new Date(start.getTime() + 3 * HOUR);
    const saved = await saveEventWith(ctx, organiser, event, {
      start_date: start.toISOString(),
      end_date: end.toISOString(),
    });
    expect(saved.statusCode).toBe(200);
    const after = (await feedOf(path)).events.find((e) => e.uid === uid(event));
    expect(toSeconds(after?.start ?? '')).toBe(toSeconds(start));
    expect(toSeconds(after?.end ?? '')).toBe(toSeconds(end));
    expect(after?.sequence).toBeGreaterThan(before?.sequence ?? Number.POSITIVE_INFINITY);
  });

  it('drops an event the member unsubscribed from', async () => {
    const event = await createEvent(ctx, organiser, model, { startInMs: 9 * DAY });
    await subscribe(ctx, marie.token, marie.id, event.uuid_event);
    const { path } = await createFeed(ctx, marie.token);
    expect((await feedOf(path)).events.map((e) => e.uid)).toContain(uid(event));
    expect((await subscribe(ctx, marie.token, marie.id, event.uuid_event, undefined, false)).statusCode).toBe(
      200,
    );
    expect((await feedOf(path)).events.map((e) => e.uid)).not.toContain(uid(event));
  });

  it("is written in the member's language", async () => {
    const full = await createEvent(ctx, organiser, model, { startInMs: 10 * DAY, max: 1 });
    const english = { id: (await ctx.createUser('john')).id, token: await ctx.signIn('john') };
    await ctx.db.updateTable('users').set({ language: 'en' }).where('id', '=', english.id).execute();
    await subscribe(ctx, paul.token, paul.id, full.uuid_event);
    await joinWaitingList(ctx, english, full.uuid_event);
    const feed = await feedOf((await createFeed(ctx, english.token)).path);
    expect(feed.events.find((e) => e.uid === uid(full))?.summary).toBe('Kayak (waiting list)');
  });
});

describe('the feed token', () => {
  it('stops working when regenerated: the old URL answers 404, the new one the feed', async () => {
    const old = await createFeed(ctx, marie.token);
    expect((await fetchFeed(ctx, old.path)).statusCode).toBe(200);
    const renewed = await createFeed(ctx, marie.token);
    expect(renewed.path).not.toBe(old.path);
    expect((await fetchFeed(ctx, old.path)).statusCode).toBe(404);
    expect((await fetchFeed(ctx, renewed.path)).statusCode).toBe(200);
  });

  it('answers 404 once revoked, and the status says no feed is active', async () => {
    const { path, created_at } = await createFeed(ctx, marie.token);
    const status = () =>
      ctx.app.inject({ method: 'GET', url: '/api/user/calendar-feed', headers: bearer(marie.token) });
    expect((await status()).json()).toEqual({ active: true, created_at });
    const revoked = await ctx.app.inject({
      method: 'DELETE',
      url: '/api/user/calendar-feed',
      headers: bearer(marie.token),
    });
    expect(revoked.statusCode).toBe(204);
    expect((await fetchFeed(ctx, path)).statusCode).toBe(404);
    expect((await status()).json()).toEqual({ active: false, created_at: null });
  });

  it("of another member never shows this member's events", async () => {
    const marieOnly = await createEvent(ctx, organiser, model, { startInMs: 11 * DAY });
    await subscribe(ctx, marie.token, marie.id, marieOnly.uuid_event);
    const paulsFeed = await feedOf((await createFeed(ctx, paul.token)).path);
    const mariesFeed = await feedOf((await createFeed(ctx, marie.token)).path);
    expect(mariesFeed.events.map((e) => e.uid)).toContain(uid(marieOnly));
    expect(paulsFeed.events.map((e) => e.uid)).not.toContain(uid(marieOnly));
    const paulsEvents = await ctx.db
      .selectFrom('subscriptions')
      .select('event_uuid')
      .where('user_id', '=', paul.id)
      .execute();
    const waits = await ctx.db
      .selectFrom('waiting_list')
      .select('event_uuid')
      .where('user_id', '=', paul.id)
      .execute();
    const expected = [...paulsEvents, ...waits].map((row) => `${row.event_uuid}@${HOST}`).sort();
    expect(paulsFeed.events.map((e) => e.uid).sort()).toEqual(expected);
  });

  it.each([
    ['an unknown token', `/api/calendar/${'A'.repeat(43)}.ics`],
    ['a token without .ics', `/api/calendar/${'A'.repeat(43)}`],
    ['a malformed token', '/api/calendar/not-a-token.ics'],
  ])('answers 404 for %s, without any Authorization', async (_name, path) => {
    const response = await fetchFeed(ctx, path);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ code: 'not_found' });
  });

  it('answers 404 for a revoked account', async () => {
    const { id } = await ctx.createUser('leaving');
    const { path } = await createFeed(ctx, await ctx.signIn('leaving'));
    expect((await fetchFeed(ctx, path)).statusCode).toBe(200);
    await ctx.db.updateTable('users').set({ is_revoked: true }).where('id', '=', id).execute();
    expect((await fetchFeed(ctx, path)).statusCode).toBe(404);
  });

  it('is managed only by a signed-in member (401 without a session)', async () => {
    for (const method of ['GET', 'POST', 'DELETE'] as const) {
      const response = await ctx.app.inject({ method, url: '/api/user/calendar-feed' });
      expect(response.statusCode).toBe(401);
    }
  });

  it('never appears in the logs, live or revoked', async () => {
    const before = logs.text().length;
    const { path } = await createFeed(ctx, paul.token);
    const token = /\/api\/calendar\/(.+)\.ics$/.exec(path)?.[1] ?? '';
    await fetchFeed(ctx, path);
    await fetchFeed(ctx, path.replace('/calendar/', '/%63alendar/'));
    await createFeed(ctx, paul.token);
    await fetchFeed(ctx, path); // now a 404
    const written = logs.text().slice(before);
    // Logged by the route's pattern when the route answered, else with the path redacted (docs/rules.md#mails).
    expect(written).toContain('"url":"/api/calendar/:file"');
    expect(token).toHaveLength(43);
    expect(written).not.toContain(token);
  });
});

// Last: it moves the clock.
describe('the 30-day window', () => {
  it('keeps events that started up to 30 days ago and drops older ones', async () => {
    const event = await createEvent(ctx, organiser, model, { startInMs: HOUR });
    await subscribe(ctx, marie.token, marie.id, event.uuid_event);
    const { path } = await createFeed(ctx, marie.token);
    const start = ctx.clock.now;
    try {
      ctx.clock.now = new Date(start.getTime() + 29 * DAY);
      expect((await feedOf(path)).events.map((e) => e.uid)).toContain(uid(event));
      ctx.clock.now = new Date(start.getTime() + 31 * DAY + 2 * HOUR);
      expect((await feedOf(path)).events.map((e) => e.uid)).not.toContain(uid(event));
    } finally {
      ctx.clock.now = start;
    }
  });
});
