import type { SeasonReport } from '@common/contract/report';
import { parse } from 'csv-parse/sync';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { currentClub } from '../../../server/db/club-scope/current-club';
import { createEvent, HOUR, insertModel, members, saveEvent, subscribe } from '../helpers/event-fixtures';
import { bearer, createTestContext, type TestContext } from '../helpers/test-context';

let ctx: TestContext;
let organiser: string;
let admin: string;
let people: Awaited<ReturnType<typeof members>>;
const models: Record<'A' | 'B', string> = { A: '', B: '' };

const at = (iso: string) => new Date(iso);
async function eventAt(
  model: string,
  startIso: string,
  options: { max?: number; isInfinite?: boolean } = {},
) {
  return createEvent(ctx, organiser, model, {
    startInMs: at(startIso).getTime() - ctx.clock.now.getTime(),
    durationMs: 2 * HOUR,
    ...options,
  });
}
const put = (token: string, url: string, payload: object) =>
  ctx.app.inject({ method: 'PUT', url, headers: bearer(token), payload });
const post = (token: string, url: string, payload: object) =>
  ctx.app.inject({ method: 'POST', url, headers: bearer(token), payload });
const tick = (eventUuid: string, userId: string | number, isInvited = false) =>
  put(organiser, '/api/event/checklist', {
    event_uuid: eventUuid,
    is_invited: isInvited,
    user_id: userId,
    is_checked: true,
  });
const report = (token: string, query: string, suffix = '') =>
  ctx.app.inject({ method: 'GET', url: `/api/report/season${suffix}?${query}`, headers: bearer(token) });

/** A season over three months and two models: a promotion, guests, an unlimited event, a cancellation, ticks. */
beforeAll(async () => {
  ctx = await createTestContext({ env: { RATE_LIMIT_LOGIN: '1000', CLUB_TIMEZONE: 'Europe/Paris' } });
  await ctx.createUser('orga', 'Contributor');
  await ctx.createUser('boss', 'Admin');
  organiser = await ctx.signIn('orga');
  admin = await ctx.signIn('boss');
  models.A = await insertModel(ctx, 'Sortie rivière');
  models.B = await insertModel(ctx, 'Entraînement');
  people = await members(ctx, 'rower', 6);
  const m = (i: number) => people[i] as (typeof people)[number];
  ctx.clock.now = at('2026-09-01T08:00:00Z');

  const full = await eventAt(models.A, '2026-09-10T14:00:00Z', { max: 4 });
  for (const i of [0, 1, 2, 3]) await subscribe(ctx, m(i).token, m(i).id, full.uuid_event);
  await post(m(4).token, '/api/event/waiting-list', { uuid_event: full.uuid_event, uuid_user: m(4).id });
  await subscribe(ctx, m(1).token, m(1).id, full.uuid_event, undefined, false); // m4 is promoted

  const withGuest = await eventAt(models.A, '2026-09-20T14:00:00Z', { max: 10 });
  for (const i of [0, 1]) await subscribe(ctx, m(i).token, m(i).id, withGuest.uuid_event);
  const guest = await post(m(0).token, '/api/event/invite', {
    uuid_event: withGuest.uuid_event,
    uuid_user: m(0).id,
    first_name: 'Léa',
    last_name: 'Port',
  });

  const unlimited = await eventAt(models.B, '2026-09-25T17:00:00Z', { isInfinite: true });
  for (const i of [2, 3, 5]) await subscribe(ctx, m(i).token, m(i).id, unlimited.uuid_event);

  const cancelled = await eventAt(models.B, '2026-10-05T17:00:00Z', { max: 8 });
  await subscribe(ctx, m(0).token, m(0).id, cancelled.uuid_event);
  await saveEvent(ctx, organiser, models.B, cancelled, { is_cancelled: true });

  const upcoming = await eventAt(models.A, '2026-10-15T14:00:00Z', { max: 5 });
  for (const i of [1, 2, 3]) await subscribe(ctx, m(i).token, m(i).id, upcoming.uuid_event);
  // 00:30 on 1 November in Paris: a November event, though October in UTC.
  const lateNight = await eventAt(models.B, '2026-10-31T23:30:00Z', { max: 6 });
  await subscribe(ctx, m(5).token, m(5).id, lateNight.uuid_event);
  // Outside the report's dates.
  await eventAt(models.A, '2026-12-05T14:00:00Z', { max: 3 });

  ctx.clock.now = at('2026-10-10T12:00:00Z');
  await tick(full.uuid_event, m(0).id);
  await tick(full.uuid_event, m(4).id);
  await tick(withGuest.uuid_event, m(0).id);
  await tick(withGuest.uuid_event, guest.json().id, true);
  await tick(unlimited.uuid_event, m(2).id);
  // Two walk-ins at the unlimited session, one who came and one excused (not counted).
  await put(organiser, '/api/event/walk-in', { event_uuid: unlimited.uuid_event, name: 'Gwen Morvan' });
  await put(organiser, '/api/event/walk-in', {
    event_uuid: unlimited.uuid_event,
    user_id: m(0).id,
    status: 'excused',
  });
});
afterAll(() => ctx.close());

/** The expected figures, counted event by event with plain queries, then summed per model and month. */
async function expectedFromSql(fromIso: string, untilIso: string) {
  const events = await ctx.db
    .selectFrom('events')
    .innerJoin('event_models', 'event_models.uuid', 'events.model_uuid')
    .select(['events.uuid', 'events.model_uuid', 'event_models.name', 'events.start_date', 'events.end_date'])
    .select(['events.is_cancelled', 'events.subscriber_is_infinite', 'events.max_subscribers'])
    .where('events.start_date', '>=', at(fromIso))
    .where('events.start_date', '<', at(untilIso))
    .execute();
  const count = async (table: string, uuid: string, extra = '') =>
    Number(
      (
        await sql<{
          n: string;
        }>`select count(*) as n from ${sql.table(table)} where club_id = ${currentClub().id} and event_uuid = ${uuid} ${sql.raw(extra)}`.execute(
          ctx.db,
        )
      ).rows[0]?.n,
    );
  const month = (d: Date) =>
    new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Paris', year: 'numeric', month: '2-digit' })
      .format(d)
      .slice(0, 7);
  const groups = new Map<string, Record<string, number | string>>();
  for (const e of events) {
    const key = `${month(e.start_date)} ${e.name}`;
    const g = groups.get(key) ?? {
      month: month(e.start_date),
      model_name: e.name,
      events: 0,
      cancelled_events: 0,
      places_offered: 0,
      subscriptions: 0,
      guests: 0,
      promotions: 0,
      walk_ins: 0,
      attended: 0,
      participants: 0,
    };
    const add = (field: string, n: number) => {
      g[field] = (g[field] as number) + n;
    };
    if (e.is_cancelled) add('cancelled_events', 1);
    else {
      add('events', 1);
      if (!e.subscriber_is_infinite) add('places_offered', e.max_subscribers);
      const subscriptions = await count('subscriptions', e.uuid);
      const guests = await count('guests', e.uuid);
      add('subscriptions', subscriptions);
      add('guests', guests);
      add('promotions', await count('waiting_list_promotions', e.uuid));
      const walkIns = await count('walk_ins', e.uuid, "and status in ('present', 'late')");
      add('walk_ins', walkIns);
      if (e.end_date < ctx.clock.now) {
        add('participants', subscriptions + guests + walkIns);
        add(
          'attended',
          (await count('subscriptions', e.uuid, 'and is_checked')) +
            (await count('guests', e.uuid, 'and is_checked')) +
            walkIns,
        );
      }
    }
    groups.set(key, g);
  }
  return [...groups.values()].sort((a, b) =>
    `${a.month} ${a.model_name}`.localeCompare(`${b.month} ${b.model_name}`),
  );
}

describe('the season report', () => {
  it('equals the counts computed directly in SQL, per model and club month', async () => {
    const response = await report(admin, 'from=2026-09-01&to=2026-11-30');
    expect(response.statusCode).toBe(200);
    const answer: SeasonReport = response.json();
    const expected = await expectedFromSql('2026-08-31T22:00:00Z', '2026-11-30T23:00:00Z');
    expect(answer.rows.map(({ model_uuid, attendance_rate, ...figures }) => figures)).toEqual(expected);
    // The figures this season was built to show.
    expect(answer.totals).toEqual({
      events: 5,
      cancelled_events: 1,
      places_offered: 4 + 10 + 5 + 6,
      subscriptions: 4 + 2 + 3 + 3 + 1,
      guests: 1,
      promotions: 1,
      walk_ins: 1,
      attended: 5 + 1,
      participants: 4 + 3 + 3 + 1,
      attendance_rate: 6 / 11,
    });
    const november = answer.rows.find((r) => r.month === '2026-11');
    expect(november).toMatchObject({ model_name: 'Entraînement', events: 1, attendance_rate: null });
  });

  it('exports the same rows as a CSV, with a totals line', async () => {
    const [json, csv] = await Promise.all([
      report(admin, 'from=2026-09-01&to=2026-11-30'),
      report(admin, 'from=2026-09-01&to=2026-11-30', '.csv'),
    ]);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toBe(
      'attachment; filename="bilan-de-saison-2026-09-01-2026-11-30.csv"',
    );
    expect(csv.body.startsWith('\uFEFFMois;Modèle;Évènements;')).toBe(true);
    const [, ...lines] = parse(csv.body, { bom: true, delimiter: ';' }) as string[][];
    const answer: SeasonReport = json.json();
    const asLine = (month: string, model: string, f: SeasonReport['totals']) => [
      month,
      model,
      ...[
        f.events,
        f.cancelled_events,
        f.places_offered,
        f.subscriptions,
        f.guests,
        f.promotions,
        f.walk_ins,
        f.attended,
        f.participants,
      ].map(String),
      f.attendance_rate === null ? '' : String(Math.round(f.attendance_rate * 1000) / 10).replace('.', ','),
    ];
    expect(lines).toEqual([
      ...answer.rows.map((r) => asLine(r.month, r.model_name, r)),
      asLine('Total', '', answer.totals),
    ]);
  });

  it('answers admins, SuperAdmins and Contributors (their own events), no one else', async () => {
    await ctx.createUser('root', 'SuperAdmin');
    const tokens: Record<string, string | null> = {
      member: people[0]?.token as string,
      contributor: organiser,
      admin,
      superadmin: await ctx.signIn('root'),
      'signed out': null,
    };
    for (const suffix of ['', '.csv']) {
      const seen: Record<string, number> = {};
      for (const [who, token] of Object.entries(tokens))
        seen[who] = (
          await ctx.app.inject({
            method: 'GET',
            url: `/api/report/season${suffix}?from=2026-09-01&to=2026-09-30`,
            headers: token ? bearer(token) : {},
          })
        ).statusCode;
      expect(seen, suffix).toEqual({
        member: 403,
        contributor: 200,
        admin: 200,
        superadmin: 200,
        'signed out': 401,
      });
    }
  });

  it('takes exactly two years, across a 29 February', async () => {
    expect((await report(admin, 'from=2024-01-01&to=2026-01-01')).statusCode).toBe(200);
  });

  it.each([
    ['a missing date', 'from=2026-09-01', 'to'],
    ['a date that is not one', 'from=2026-09-01&to=2026-13-45', 'to'],
    ['an end before the start', 'from=2026-09-10&to=2026-09-01', 'to'],
    ['more than two years', 'from=2024-01-01&to=2026-01-02', 'to'],
    ['a day that does not exist (30 February)', 'from=2026-02-30&to=2026-03-31', 'from'],
  ])('refuses %s with 400 invalid_input naming the field', async (_, query, field) => {
    const response = await report(admin, query);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'invalid_input', field });
  });
});
