import type { EventDto, ModelStart } from '@common/contract/event';
import { LIMITS } from '@common/contract/limits';
import type { Series } from '@common/contract/series';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createEvent,
  DAY,
  HOUR,
  insertModel,
  members,
  saveEvent,
  subscribe,
} from '../helpers/event-fixtures';
import { addPushDevice } from '../helpers/push-devices';
import { postSeries, putSeries } from '../helpers/series-fixtures';
import { bearer, createTestContext, type TestContext } from '../helpers/test-context';

/**
 * An event's meeting point (docs/rules.md#events): an additive field, shown to members like the notes, in the
 * week read and the event's own read; part of the place a change notice is about; carried by a series and by
 * what a new event of a model starts from.
 */
let ctx: TestContext;
let organiser: string;
let member: { id: string; token: string; username: string };
let model: string;

beforeAll(async () => {
  ctx = await createTestContext({ env: { RATE_LIMIT_LOGIN: '1000', CLUB_TIMEZONE: 'Europe/Paris' } });
  await ctx.createUser('erwan', 'Contributor');
  organiser = await ctx.signIn('erwan');
  model = await insertModel(ctx, 'Kayak rivière');
  [member] = (await members(ctx, 'nolwenn', 1)) as [typeof member];
});
afterAll(() => ctx.close());

const readEvent = async (uuid: string, token = member.token) =>
  (
    await ctx.app.inject({ method: 'GET', url: `/api/event/${uuid}`, headers: bearer(token) })
  ).json<EventDto>();

/** The event as a member's week read shows it. */
async function inWeek(event: EventDto): Promise<EventDto | undefined> {
  const day = (shift: number) =>
    new Date(new Date(event.start_date).getTime() + shift * DAY).toISOString().slice(0, 10);
  const week = await ctx.app.inject({
    method: 'GET',
    url: `/api/event/from/${day(-1)}/to/${day(1)}`,
    headers: bearer(member.token),
  });
  expect(week.statusCode).toBe(200);
  return week.json<EventDto[]>().find((e) => e.uuid_event === event.uuid_event);
}

describe("an event's meeting point", () => {
  it('round-trips: members read it in the week and on the event; an older save keeps it; an empty string clears it', async () => {
    const event = (await createEvent(ctx, organiser, model)) as EventDto;
    expect(event.meeting_point).toBeNull();
    const saved = await saveEvent(ctx, organiser, model, event, { meeting_point: '  Hangar des kayaks  ' });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json<EventDto>().meeting_point).toBe('Hangar des kayaks');
    expect((await readEvent(event.uuid_event)).meeting_point).toBe('Hangar des kayaks');
    expect((await inWeek(event))?.meeting_point).toBe('Hangar des kayaks');

    // A client from before the field sends none: the meeting point stays.
    const older = await saveEvent(ctx, organiser, model, event, { max_subscribers: 12 });
    expect(older.json<EventDto>()).toMatchObject({ meeting_point: 'Hangar des kayaks', max_subscribers: 12 });

    const cleared = await saveEvent(ctx, organiser, model, event, { meeting_point: '' });
    expect(cleared.json<EventDto>().meeting_point).toBeNull();
    expect((await readEvent(event.uuid_event)).meeting_point).toBeNull();
    expect((await inWeek(event))?.meeting_point).toBeNull();
  });

  it('is refused past its limit or with a C1 or bidirectional control, and taken at its limit', async () => {
    const event = (await createEvent(ctx, organiser, model)) as EventDto;
    const atLimit = await saveEvent(ctx, organiser, model, event, {
      meeting_point: 'm'.repeat(LIMITS.meetingPointMax),
    });
    expect(atLimit.statusCode).toBe(200);
    for (const text of ['m'.repeat(LIMITS.meetingPointMax + 1), 'La cale \u0090', 'La cale \u202e']) {
      const refused = await saveEvent(ctx, organiser, model, event, { meeting_point: text });
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toMatchObject({ code: 'invalid_input', field: 'meeting_point' });
    }
    expect((await readEvent(event.uuid_event)).meeting_point).toBe('m'.repeat(LIMITS.meetingPointMax));
  });

  it('is part of the place: a new meeting point alone tells subscribers by mail and push', async () => {
    const event = (await createEvent(ctx, organiser, model)) as EventDto;
    expect((await subscribe(ctx, member.token, member.id, event.uuid_event)).statusCode).toBe(200);
    await addPushDevice(ctx, member.id);
    await ctx.db.deleteFrom('mail_queue').execute();
    await ctx.db.deleteFrom('push_queue').execute();
    await saveEvent(ctx, organiser, model, event, { meeting_point: 'La cale de Sainte-Marine' });
    const updates = await ctx.db
      .selectFrom('mail_queue')
      .select('to_address')
      .where('kind', '=', 'event_update')
      .execute();
    expect(updates).toHaveLength(1);
    const pushes = await ctx.db.selectFrom('push_queue').select('payload').execute();
    expect(pushes).toHaveLength(1);
    // A save that changes nothing of the place tells no one.
    await ctx.db.deleteFrom('mail_queue').execute();
    await saveEvent(ctx, organiser, model, event, { meeting_point: 'La cale de Sainte-Marine' });
    expect(await ctx.db.selectFrom('mail_queue').select('kind').execute()).toEqual([]);
  });

  it('is given to every session of a new series, and changed on the following ones by a series update', async () => {
    const start = new Date(ctx.clock.now.getTime() + 2 * DAY);
    const created = await postSeries(ctx, organiser, {
      uuid_model_event: model,
      start_date: start.toISOString(),
      end_date: new Date(start.getTime() + HOUR).toISOString(),
      max_subscribers: 8,
      meeting_point: 'Le parking du club',
      recurrence: { weekdays: ['TU'], interval_weeks: 1, count: 3 },
    });
    expect(created.statusCode, created.body).toBe(200);
    const series = created.json<Series>();
    expect(series.sessions.map((s) => s.meeting_point)).toEqual(Array(3).fill('Le parking du club'));

    const updated = await putSeries(ctx, organiser, series.uuid_series, {
      from_uuid_event: series.sessions[1]?.uuid_event,
      meeting_point: 'La cale',
    });
    expect(updated.statusCode, updated.body).toBe(200);
    const after = await Promise.all(series.sessions.map((s) => readEvent(s.uuid_event, organiser)));
    expect(after.map((s) => s.meeting_point)).toEqual(['Le parking du club', 'La cale', 'La cale']);
  });

  it("is where a new event of the model starts from: the last event's meeting point", async () => {
    const sea = await insertModel(ctx, 'Sortie mer');
    const last = (await createEvent(ctx, organiser, sea)) as EventDto;
    await saveEvent(ctx, organiser, sea, last, { meeting_point: 'Hangar des kayaks' });
    const answer = await ctx.app.inject({
      method: 'GET',
      url: `/api/event/model-start/${sea}`,
      headers: bearer(organiser),
    });
    expect(answer.json<ModelStart>().last?.meeting_point).toBe('Hangar des kayaks');
  });
});
