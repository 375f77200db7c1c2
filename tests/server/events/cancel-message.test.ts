import type { EventDto } from '@common/contract/event';
import { clubDayOf } from '@common/rules/club-time';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEvent, DAY, type Member, organiserContext, saveEvent } from '../helpers/event-fixtures';
import { createSeries, putSeries } from '../helpers/series-fixtures';
import { bearer, type TestContext } from '../helpers/test-context';

/**
 * A cancellation's word is kept on the event, so the app shows why (docs/rules.md#events): in the event's read
 * and the week's, to every member; cleared when the event is on again.
 */
let ctx: TestContext;
let organiser: string;
let model: string;
let people: Member[];
const member = () => people[0] as Member;

beforeAll(async () => {
  ({ ctx, organiser, model, people } = await organiserContext({
    prefix: 'rower',
    count: 1,
    modelName: 'Sortie rivière',
    now: '2027-03-01T09:00:00Z',
  }));
});
afterAll(() => ctx.close());

const readEvent = async (uuid: string) =>
  (
    await ctx.app.inject({ method: 'GET', url: `/api/event/${uuid}`, headers: bearer(member().token) })
  ).json<EventDto>();

/** The event as the week read answers it to the member (who holds no place there). */
async function inWeek(event: EventDto): Promise<EventDto | undefined> {
  const day = clubDayOf(new Date(event.start_date), 'Europe/Paris');
  const response = await ctx.app.inject({
    method: 'GET',
    url: `/api/event/from/${day}/to/${day}`,
    headers: bearer(member().token),
  });
  expect(response.statusCode).toBe(200);
  return response.json<EventDto[]>().find((e) => e.uuid_event === event.uuid_event);
}

describe('the cancellation word in the reads', () => {
  it('is in the event and week reads once cancelled, kept by a later save, and gone when on again', async () => {
    const event: EventDto = await createEvent(ctx, organiser, model, { startInMs: 2 * DAY });
    expect((await readEvent(event.uuid_event)).cancel_message).toBeNull();
    const word = 'Rivière en crue.\nOn reporte à samedi.';
    const cancelled = await saveEvent(ctx, organiser, model, event, {
      is_cancelled: true,
      cancel_message: word,
    });
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json<EventDto>().cancel_message).toBe(word);
    expect((await readEvent(event.uuid_event)).cancel_message).toBe(word);
    expect((await inWeek(event))?.cancel_message).toBe(word);
    // Saved again while cancelled (a word only goes with the cancelling itself): the word stays.
    await saveEvent(ctx, organiser, model, event, { is_cancelled: true, cancel_message: 'Autre chose' });
    expect((await readEvent(event.uuid_event)).cancel_message).toBe(word);
    const back = await saveEvent(ctx, organiser, model, event, { is_cancelled: false });
    expect(back.json<EventDto>().cancel_message).toBeNull();
    expect((await inWeek(event))?.cancel_message).toBeNull();
    // Cancelled again without a word: none, not the old one.
    await saveEvent(ctx, organiser, model, event, { is_cancelled: true });
    expect((await readEvent(event.uuid_event)).cancel_message).toBeNull();
  });

  it('is kept on each session « this session and the following » cancels, and on none before', async () => {
    const series = await createSeries(ctx, organiser, {
      uuid_model_event: model,
      start_date: '2027-03-06T10:00:00+01:00',
      end_date: '2027-03-06T12:00:00+01:00',
      max_subscribers: 4,
      city: 'Quimper',
      stuffs_available: [],
      recurrence: { weekdays: ['SA'], interval_weeks: 1, count: 3 },
    });
    const answer = await putSeries(ctx, organiser, series.uuid_series, {
      from_uuid_event: series.sessions[1]?.uuid_event,
      is_cancelled: true,
      cancel_message: 'Bassin fermé.',
    });
    expect(answer.statusCode).toBe(200);
    const words = await Promise.all(
      series.sessions.map(async (s) => (await readEvent(s.uuid_event)).cancel_message),
    );
    expect(words).toEqual([null, 'Bassin fermé.', 'Bassin fermé.']);
  });
});
