import type { EventDto } from '@common/contract/event';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEvent, insertModel, saveEvent, subscribe } from '../helpers/event-fixtures';
import { bearer, createTestContext, type TestContext } from '../helpers/test-context';

/**
 * Who takes attendance and who reads it (docs/rules.md#roles, docs/rules.md#checklist).
 * The creator names co-organisers; they, any Admin and the SuperAdmin take attendance; nobody else reads it.
 */
type Someone = { id: string; token: string };
let ctx: TestContext;
let model: string;
let creator: Someone;
let coach: Someone;
let secondCoach: Someone;
let admin: Someone;
let root: Someone;
let member: Someone;
let otherMember: Someone;

async function account(username: string, role: 'User' | 'Contributor' | 'Admin' | 'SuperAdmin') {
  const { id } = await ctx.createUser(username, role);
  return { id, token: await ctx.signIn(username) };
}

beforeAll(async () => {
  ctx = await createTestContext({ env: { RATE_LIMIT_LOGIN: '1000' } });
  model = await insertModel(ctx);
  creator = await account('erwan', 'Contributor');
  coach = await account('soazig', 'Contributor');
  secondCoach = await account('yann', 'Contributor');
  admin = await account('admin', 'Admin');
  root = await account('root', 'SuperAdmin');
  member = await account('nolwenn', 'User');
  otherMember = await account('gael', 'User');
});
afterAll(() => ctx.close());

const tickAs = (who: Someone, eventUuid: string, userId: string, isChecked = true) =>
  ctx.app.inject({
    method: 'PUT',
    url: '/api/event/checklist',
    headers: bearer(who.token),
    payload: { event_uuid: eventUuid, is_invited: false, user_id: userId, is_checked: isChecked },
  });
const csvAs = (who: Someone, eventUuid: string) =>
  ctx.app.inject({
    method: 'GET',
    url: `/api/event/${eventUuid}/attendance.csv`,
    headers: bearer(who.token),
  });
const eventAs = async (who: Someone, eventUuid: string) => {
  const answer = await ctx.app.inject({
    method: 'GET',
    url: `/api/event/${eventUuid}`,
    headers: bearer(who.token),
  });
  expect(answer.statusCode).toBe(200);
  return answer.json<EventDto>();
};

/** An event by Erwan with Soazig as co-organiser, Nolwenn and Gaël subscribed. */
async function coachedEvent(): Promise<EventDto> {
  const event = await createEvent(ctx, creator.token, model);
  const saved = await saveEvent(ctx, creator.token, model, event, { co_organisers: [coach.id] });
  expect(saved.statusCode).toBe(200);
  for (const who of [member, otherMember]) await subscribe(ctx, who.token, who.id, event.uuid_event);
  return saved.json<EventDto>();
}

describe('co-organisers on an event', () => {
  it('are set by the creator, answered on the event, and kept when a save leaves them out', async () => {
    const event = await coachedEvent();
    expect(event.co_organisers).toEqual([coach.id]);
    const again = await saveEvent(ctx, creator.token, model, event, { city: 'Quimper' });
    expect(again.json<EventDto>().co_organisers).toEqual([coach.id]);
    const cleared = await saveEvent(ctx, creator.token, model, event, { co_organisers: [] });
    expect(cleared.json<EventDto>().co_organisers).toEqual([]);
  });

  it('are named at creation, once each, the creator left out', async () => {
    const answer = await ctx.app.inject({
      method: 'POST',
      url: '/api/event/add-or-update',
      headers: bearer(creator.token),
      payload: {
        uuid_model_event: model,
        start_date: new Date(ctx.clock.now.getTime() + 86_400_000).toISOString(),
        end_date: new Date(ctx.clock.now.getTime() + 90_000_000).toISOString(),
        max_subscribers: 5,
        co_organisers: [coach.id, coach.id, creator.id, secondCoach.id],
      },
    });
    expect(answer.statusCode).toBe(200);
    expect([...(answer.json<EventDto>().co_organisers ?? [])].sort()).toEqual(
      [coach.id, secondCoach.id].sort(),
    );
  });

  it('refuse a User (400), an unknown account (404) and more than 10 (400), writing nothing', async () => {
    const event = await coachedEvent();
    const asUser = await saveEvent(ctx, creator.token, model, event, { co_organisers: [member.id] });
    expect(asUser.statusCode).toBe(400);
    expect(asUser.json()).toMatchObject({ code: 'invalid_input', field: 'co_organisers' });
    const unknown = await saveEvent(ctx, creator.token, model, event, {
      co_organisers: ['00000000-0000-4000-8000-000000000000'],
      city: 'Lorient',
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ code: 'not_found', field: 'co_organisers' });
    const tooMany = await saveEvent(ctx, creator.token, model, event, {
      co_organisers: Array.from({ length: 11 }, () => coach.id),
    });
    expect(tooMany.statusCode).toBe(400);
    const after = await eventAs(creator, event.uuid_event);
    expect(after.co_organisers).toEqual([coach.id]);
    expect(after.city).toBe('Brest');
  });

  it('are not set by a co-organiser, an Admin or another Contributor (403)', async () => {
    const event = await coachedEvent();
    for (const who of [coach, admin, secondCoach]) {
      const answer = await saveEvent(ctx, who.token, model, event, { co_organisers: [who.id] });
      expect(answer.statusCode).toBe(403);
    }
    const set = await saveEvent(ctx, root.token, model, event, { co_organisers: [secondCoach.id] });
    expect(set.json<EventDto>().co_organisers).toEqual([secondCoach.id]);
  });
});

describe('who takes attendance', () => {
  it('the creator, a co-organiser, an Admin and the SuperAdmin; not another Contributor nor a member', async () => {
    const event = await coachedEvent();
    const answers = [];
    for (const who of [creator, coach, admin, root, secondCoach, member])
      answers.push((await tickAs(who, event.uuid_event, member.id)).statusCode);
    expect(answers).toEqual([200, 200, 200, 200, 403, 403]);
  });

  it('a co-organiser demoted to User loses it at once, and gets it back when promoted again', async () => {
    const demoted = await account('coach-demoted', 'Contributor');
    const event = await createEvent(ctx, creator.token, model);
    await saveEvent(ctx, creator.token, model, event, { co_organisers: [demoted.id] });
    await subscribe(ctx, member.token, member.id, event.uuid_event);
    expect((await tickAs(demoted, event.uuid_event, member.id)).statusCode).toBe(200);
    await ctx.db.updateTable('users').set({ role_name: 'User' }).where('id', '=', demoted.id).execute();
    const refused = await tickAs(demoted, event.uuid_event, member.id, false);
    expect(refused.statusCode).toBe(403);
    expect((await csvAs(demoted, event.uuid_event)).statusCode).toBe(403);
    // What they ticked stays ticked: the refusal wrote nothing.
    expect((await eventAs(creator, event.uuid_event)).subscribers_with_stuff[0]?.is_checked).toBe(true);
    await ctx.db
      .updateTable('users')
      .set({ role_name: 'Contributor' })
      .where('id', '=', demoted.id)
      .execute();
    expect((await tickAs(demoted, event.uuid_event, member.id, false)).statusCode).toBe(200);
  });

  it('a co-organiser queued offline and demoted meanwhile is refused on replay, once and for good', async () => {
    const demoted = await account('coach-offline', 'Contributor');
    const event = await createEvent(ctx, creator.token, model);
    await saveEvent(ctx, creator.token, model, event, { co_organisers: [demoted.id] });
    await subscribe(ctx, member.token, member.id, event.uuid_event);
    await ctx.db.updateTable('users').set({ role_name: 'User' }).where('id', '=', demoted.id).execute();
    const replay = await ctx.app.inject({
      method: 'POST',
      url: '/api/replay',
      headers: bearer(demoted.token),
      payload: {
        writes: [
          {
            idempotencyKey: 'offline-tick-1',
            method: 'PUT',
            path: '/api/event/checklist',
            body: { event_uuid: event.uuid_event, is_invited: false, user_id: member.id, is_checked: true },
          },
        ],
      },
    });
    expect(replay.statusCode).toBe(200);
    expect(replay.json().answers[0]).toMatchObject({ status: 403 });
    expect((await eventAs(creator, event.uuid_event)).subscribers_with_stuff[0]?.is_checked).toBe(false);
  });
});

describe('who reads attendance', () => {
  it('the CSV: those who take it; 403 for a member and another Contributor', async () => {
    const event = await coachedEvent();
    const statuses = [];
    for (const who of [creator, coach, admin, root, secondCoach, member])
      statuses.push((await csvAs(who, event.uuid_event)).statusCode);
    expect(statuses).toEqual([200, 200, 200, 200, 403, 403]);
  });

  it("the event answer: a member reads their own row as it is and everyone else's unchecked", async () => {
    const event = await coachedEvent();
    await tickAs(coach, event.uuid_event, member.id);
    await tickAs(coach, event.uuid_event, otherMember.id);
    const checkedOf = (e: EventDto) =>
      Object.fromEntries(e.subscribers_with_stuff.map((s) => [s.id, s.is_checked]));
    expect(checkedOf(await eventAs(coach, event.uuid_event))).toEqual({
      [member.id]: true,
      [otherMember.id]: true,
    });
    expect(checkedOf(await eventAs(member, event.uuid_event))).toEqual({
      [member.id]: true,
      [otherMember.id]: false,
    });
    expect(checkedOf(await eventAs(secondCoach, event.uuid_event))).toEqual({
      [member.id]: false,
      [otherMember.id]: false,
    });
    // The week read too, which keeps one answer for everyone when nothing needs hiding.
    const dayAround = (shift: number) =>
      new Date(new Date(event.start_date).getTime() + shift * 86_400_000).toISOString().slice(0, 10);
    const week = await ctx.app.inject({
      method: 'GET',
      url: `/api/event/from/${dayAround(-1)}/to/${dayAround(1)}`,
      headers: bearer(member.token),
    });
    const seen = week.json<EventDto[]>().find((e) => e.uuid_event === event.uuid_event);
    expect(seen && checkedOf(seen)).toEqual({ [member.id]: true, [otherMember.id]: false });
  });
});

describe('the week read', () => {
  it('shows a change of co-organisers at once (the kept week moves with them)', async () => {
    const event = await coachedEvent();
    const dayAround = (shift: number) =>
      new Date(new Date(event.start_date).getTime() + shift * 86_400_000).toISOString().slice(0, 10);
    const readWeek = async () =>
      (
        await ctx.app.inject({
          method: 'GET',
          url: `/api/event/from/${dayAround(-1)}/to/${dayAround(1)}`,
          headers: bearer(coach.token),
        })
      )
        .json<EventDto[]>()
        .find((e) => e.uuid_event === event.uuid_event);
    expect((await readWeek())?.co_organisers).toEqual([coach.id]);
    await saveEvent(ctx, creator.token, model, event, { co_organisers: [secondCoach.id] });
    expect((await readWeek())?.co_organisers).toEqual([secondCoach.id]);
  });
});

describe('GET /api/event/organisers', () => {
  const organisersAs = (who: Someone) =>
    ctx.app.inject({ method: 'GET', url: '/api/event/organisers', headers: bearer(who.token) });

  it('names the active Contributors and above, by name only, to those who create events', async () => {
    const answer = await organisersAs(creator);
    expect(answer.statusCode).toBe(200);
    const list = answer.json<Array<Record<string, unknown>>>();
    const ids = list.map((o) => o.id);
    expect(ids).toEqual(expect.arrayContaining([creator.id, coach.id, secondCoach.id, admin.id, root.id]));
    expect(ids).not.toContain(member.id);
    for (const entry of list)
      expect(Object.keys(entry).sort()).toEqual(['first_name', 'id', 'last_name', 'username']);
  });

  it('is refused to a member (403)', async () => {
    expect((await organisersAs(member)).statusCode).toBe(403);
  });
});
