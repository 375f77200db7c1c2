import type { AttendanceEntry } from '@common/contract/attendance';
import type { EventDto } from '@common/contract/event';
import type { SeasonReport } from '@common/contract/report';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEvent, DAY, HOUR, insertModel, subscribe } from '../helpers/event-fixtures';
import { bearer, createTestContext, type TestContext } from '../helpers/test-context';

// Statuses beside `is_checked`, and walk-ins (docs/rules.md#checklist).
let ctx: TestContext;
let organiser: { id: string; token: string };
let member: { id: string; token: string };
let other: { id: string; token: string };
let model: string;

beforeAll(async () => {
  ctx = await createTestContext({ env: { RATE_LIMIT_LOGIN: '1000' } });
  organiser = { id: (await ctx.createUser('orga', 'Contributor')).id, token: await ctx.signIn('orga') };
  member = { id: (await ctx.createUser('nina')).id, token: await ctx.signIn('nina') };
  other = { id: (await ctx.createUser('yann')).id, token: await ctx.signIn('yann') };
  await ctx.db
    .updateTable('users')
    .set({ first_name: 'Yann', last_name: 'Le Goff' })
    .where('id', '=', other.id)
    .execute();
  model = await insertModel(ctx);
});
afterAll(() => ctx.close());

const put = (url: string, token: string, payload: object, key?: string) =>
  ctx.app.inject({
    method: 'PUT',
    url,
    headers: { ...bearer(token), ...(key ? { 'idempotency-key': key } : {}) },
    payload,
  });
const check = (payload: object, token = organiser.token, key?: string) =>
  put('/api/event/checklist', token, { is_invited: false, ...payload }, key);
const walkIn = (payload: object, token = organiser.token, key?: string) =>
  put('/api/event/walk-in', token, payload, key);
const read = async (eventUuid: string, token: string) =>
  (
    await ctx.app.inject({ method: 'GET', url: `/api/event/${eventUuid}`, headers: bearer(token) })
  ).json<EventDto>();
const at = (minutesAgo: number) => new Date(ctx.clock.now.getTime() - minutesAgo * 60_000).toISOString();

async function eventWithMember() {
  const event = await createEvent(ctx, organiser.token, model);
  await subscribe(ctx, member.token, member.id, event.uuid_event);
  return event.uuid_event as string;
}

describe('statuses', () => {
  it('sets each status, with is_checked true exactly for present and late, in the answer and the event', async () => {
    const eventUuid = await eventWithMember();
    for (const [status, isChecked] of [
      ['late', true],
      ['excused', false],
      ['present', true],
      ['absent', false],
    ] as const) {
      const answer = await check({ event_uuid: eventUuid, user_id: member.id, status });
      expect(answer.statusCode).toBe(200);
      expect(answer.json()).toMatchObject({ status, is_checked: isChecked });
      const row = (await read(eventUuid, organiser.token)).subscribers_with_stuff[0];
      expect([row?.status, row?.is_checked]).toEqual([status, isChecked]);
    }
  });

  it('reads a tick sent as `is_checked` alone as present or absent, and answers the status too', async () => {
    const eventUuid = await eventWithMember();
    expect(
      (await check({ event_uuid: eventUuid, user_id: member.id, is_checked: true })).json(),
    ).toMatchObject({
      is_checked: true,
      status: 'present',
    });
    expect(
      (await check({ event_uuid: eventUuid, user_id: member.id, is_checked: false })).json(),
    ).toMatchObject({
      is_checked: false,
      status: 'absent',
    });
  });

  it('refuses a write with neither is_checked nor status, and an unknown status', async () => {
    const eventUuid = await eventWithMember();
    expect((await check({ event_uuid: eventUuid, user_id: member.id })).statusCode).toBe(400);
    expect((await check({ event_uuid: eventUuid, user_id: member.id, status: 'sick' })).statusCode).toBe(400);
  });

  it('keeps the newest status by device time, whatever order replays arrive in, and logs each with its status', async () => {
    const eventUuid = await eventWithMember();
    const body = { event_uuid: eventUuid, user_id: member.id };
    await check({ ...body, status: 'excused', checked_at: at(2) }, organiser.token, 'k-newer');
    const older = await check({ ...body, status: 'late', checked_at: at(10) }, organiser.token, 'k-older');
    expect(older.json()).toMatchObject({ status: 'excused', is_checked: false });
    const log = await ctx.db
      .selectFrom('checklist_log')
      .select(['status', 'is_checked', 'is_ignored', 'idempotency_key'])
      .where('event_uuid', '=', eventUuid)
      .orderBy('id')
      .execute();
    expect(log).toEqual([
      { status: 'excused', is_checked: false, is_ignored: false, idempotency_key: 'k-newer' },
      { status: 'late', is_checked: true, is_ignored: true, idempotency_key: 'k-older' },
    ]);
  });

  it('refuses a status for a member who unsubscribed meanwhile, as a tick is (404 on user_id)', async () => {
    const eventUuid = await eventWithMember();
    await subscribe(ctx, member.token, member.id, eventUuid, undefined, false);
    const late = await check(
      { event_uuid: eventUuid, user_id: member.id, status: 'late' },
      organiser.token,
      'gone-1',
    );
    expect([late.statusCode, late.json().code, late.json().field]).toEqual([404, 'not_found', 'user_id']);
  });

  it('shows a member their own status and everyone else’s as absent', async () => {
    const eventUuid = await eventWithMember();
    await subscribe(ctx, other.token, other.id, eventUuid);
    await check({ event_uuid: eventUuid, user_id: member.id, status: 'late' });
    await check({ event_uuid: eventUuid, user_id: other.id, status: 'excused' });
    const seen = await read(eventUuid, member.token);
    const byId = new Map(seen.subscribers_with_stuff.map((s) => [s.id, [s.status, s.is_checked]]));
    expect(byId.get(member.id)).toEqual(['late', true]);
    expect(byId.get(other.id)).toEqual(['absent', false]);
  });
});

describe('walk-ins', () => {
  it('adds a free name as present, marked as a walk-in, taking no place', async () => {
    const eventUuid = await eventWithMember();
    const answer = await walkIn({ event_uuid: eventUuid, name: '  Gwen   Morvan ' });
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toMatchObject({
      event_uuid: eventUuid,
      user_id: null,
      name: 'Gwen Morvan',
      status: 'present',
      is_checked: true,
    });
    const event = await read(eventUuid, organiser.token);
    expect(event.walk_ins?.map((w) => w.name)).toEqual(['Gwen Morvan']);
    expect(event.subcribers_count).toBe(1);
  });

  it('makes one row of the same person added offline on two phones, the newest status winning', async () => {
    const eventUuid = await eventWithMember();
    const coach = { id: (await ctx.createUser(`coach-${eventUuid.slice(0, 6)}`, 'Admin')).id };
    const coachToken = await ctx.signIn(`coach-${eventUuid.slice(0, 6)}`);
    const first = await walkIn(
      { event_uuid: eventUuid, name: 'Gwen Morvan', checked_at: at(20) },
      organiser.token,
      'phone-a',
    );
    const second = await walkIn(
      { event_uuid: eventUuid, name: 'gwen  MORVAN', status: 'late', checked_at: at(15) },
      coachToken,
      'phone-b',
    );
    expect(second.json()).toMatchObject({ id: first.json().id, name: 'Gwen Morvan', status: 'late' });
    // A replay of the first phone's write changes nothing: same key, same answer, no second log line.
    const replay = await walkIn(
      { event_uuid: eventUuid, name: 'Gwen Morvan', checked_at: at(20) },
      organiser.token,
      'phone-a',
    );
    expect(replay.json()).toEqual(first.json());
    const rows = await ctx.db
      .selectFrom('walk_ins')
      .selectAll()
      .where('event_uuid', '=', eventUuid)
      .execute();
    expect(rows.map((r) => [r.name, r.status, r.checked_by])).toEqual([['Gwen Morvan', 'late', coach.id]]);
    const log = await ctx.db
      .selectFrom('checklist_log')
      .select(['walk_in_id', 'status', 'is_ignored', 'checked_by_name'])
      .where('event_uuid', '=', eventUuid)
      .orderBy('id')
      .execute();
    expect(log).toEqual([
      { walk_in_id: rows[0]?.id, status: 'present', is_ignored: false, checked_by_name: 'orga' },
      {
        walk_in_id: rows[0]?.id,
        status: 'late',
        is_ignored: false,
        checked_by_name: expect.stringMatching(/^coach-/),
      },
    ]);
  });

  it('adds a member by id under their name, refuses one already registered, and an unknown one', async () => {
    const eventUuid = await eventWithMember();
    const added = await walkIn({ event_uuid: eventUuid, user_id: other.id, name: 'shown on the phone' });
    expect(added.json()).toMatchObject({ user_id: other.id, name: 'Yann Le Goff', status: 'present' });
    const registered = await walkIn({ event_uuid: eventUuid, user_id: member.id });
    expect([registered.statusCode, registered.json().code]).toEqual([409, 'walk_in_registered']);
    const unknown = await walkIn({ event_uuid: eventUuid, user_id: '00000000-0000-4000-8000-000000000000' });
    expect(unknown.statusCode).toBe(404);
    expect((await walkIn({ event_uuid: eventUuid })).statusCode).toBe(400);
  });

  it('is for those who take attendance; a member sees only their own walk-in', async () => {
    const eventUuid = await eventWithMember();
    expect((await walkIn({ event_uuid: eventUuid, name: 'Intrus' }, member.token)).statusCode).toBe(403);
    await walkIn({ event_uuid: eventUuid, user_id: other.id });
    await walkIn({ event_uuid: eventUuid, name: 'Gwen Morvan' });
    expect((await read(eventUuid, other.token)).walk_ins?.map((w) => w.name)).toEqual(['Yann Le Goff']);
    expect((await read(eventUuid, member.token)).walk_ins).toEqual([]);
  });

  it('counts in the attendance record and its CSV, with the status column, marked as walk-ins', async () => {
    const eventUuid = await eventWithMember();
    await check({ event_uuid: eventUuid, user_id: member.id, status: 'late' });
    await walkIn({ event_uuid: eventUuid, name: 'Gwen Morvan' });
    const record = (
      await ctx.app.inject({
        method: 'GET',
        url: `/api/event/${eventUuid}/attendance`,
        headers: bearer(organiser.token),
      })
    ).json<AttendanceEntry[]>();
    expect(record.map((e) => [e.name, e.status, e.is_checked, e.is_walk_in, e.checked_by])).toEqual([
      ['Gwen Morvan', 'present', true, true, 'orga'],
      ['nina', 'late', true, false, 'orga'],
    ]);
    const csv = await ctx.app.inject({
      method: 'GET',
      url: `/api/event/${eventUuid}/attendance.csv`,
      headers: { ...bearer(organiser.token), 'accept-language': 'fr' },
    });
    const [header, ...lines] = parse(csv.body, { bom: true, delimiter: ';' }) as string[][];
    expect(header?.slice(0, 5)).toEqual(['Nom', 'Type', 'Équipement', 'Présent', 'Statut']);
    expect(lines.map((l) => l.slice(0, 5))).toEqual([
      ['Gwen Morvan', 'Sans inscription', '', 'Oui', 'Présent'],
      ['nina', 'Membre', '', 'Oui', 'En retard'],
    ]);
  });

  it('counts walk-ins who came in the season report', async () => {
    // A model of its own: the report's row for it holds this event alone.
    const walkModel = await insertModel(ctx, 'Marche nordique');
    const event = await createEvent(ctx, organiser.token, walkModel, { startInMs: 2 * HOUR });
    await walkIn({ event_uuid: event.uuid_event, name: 'Gwen Morvan' });
    await walkIn({ event_uuid: event.uuid_event, name: 'Loïc Tanguy', status: 'excused' });
    ctx.clock.now = new Date(ctx.clock.now.getTime() + 5 * HOUR);
    const admin = `admin-${event.uuid_event.slice(0, 6)}`;
    await ctx.createUser(admin, 'Admin');
    const day = (offset: number) =>
      new Date(ctx.clock.now.getTime() + offset * DAY).toISOString().slice(0, 10);
    const report = await ctx.app.inject({
      method: 'GET',
      url: `/api/report/season?from=${day(-1)}&to=${day(1)}`,
      headers: bearer(await ctx.signIn(admin)),
    });
    const rows = report.json<SeasonReport>().rows.filter((r) => r.model_uuid === walkModel);
    expect(rows.map((r) => [r.walk_ins, r.attended, r.participants])).toEqual([[1, 1, 1]]);
  });
});

describe('the member search', () => {
  it('finds members by first or last name, id, names and thumbnail only, leaving out those registered', async () => {
    const eventUuid = await eventWithMember();
    const search = (q: string, token = organiser.token) =>
      ctx.app.inject({
        method: 'GET',
        url: `/api/event/${eventUuid}/members?q=${encodeURIComponent(q)}`,
        headers: bearer(token),
      });
    const found = await search('goff');
    expect(found.statusCode).toBe(200);
    expect(found.json()).toEqual([
      {
        id: other.id,
        first_name: 'Yann',
        last_name: 'Le Goff',
        thumbnail_url: `/files/profile/thumbnail-${other.id}.png`,
      },
    ]);
    expect((await search('yann le')).json()).toHaveLength(1);
    expect((await search('%')).statusCode).toBe(400);
    expect((await search('%_')).json()).toEqual([]);
    const joined = await subscribe(ctx, other.token, other.id, eventUuid);
    expect(joined.statusCode, joined.body).toBe(200);
    expect((await search('goff')).json()).toEqual([]);
    expect((await search('goff', member.token)).statusCode).toBe(403);
  });
});
