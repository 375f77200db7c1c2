import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  clearQueuedMails,
  createSeries,
  type Member,
  putSeries,
  queuedMails,
  seriesContext,
  subscribeSeries,
} from '../helpers/series-fixtures';
import type { TestContext } from '../helpers/test-context';

// Places freed across a series (docs/rules.md#waiting-list): a member waiting on many sessions who is moved
// into them hears once, listing the sessions, instead of once per session.
let ctx: TestContext;
let organiser: string;
let model: string;
let people: Member[];
const p = (i: number) => people[i] as Member;

beforeAll(async () => {
  ({ ctx, organiser, model, people } = await seriesContext(
    'Europe/Paris',
    '2027-10-01T08:00:00Z',
    'Kayak',
    'waiter',
    3,
  ));
});
afterAll(() => ctx.close());
beforeEach(() => clearQueuedMails(ctx));

/** Five Saturdays, 2 places: members 0 and 1 in, member 2 waiting on every session. */
async function fullSeries() {
  const series = await createSeries(ctx, organiser, {
    uuid_model_event: model,
    start_date: '2027-10-02T10:00:00+02:00',
    end_date: '2027-10-02T12:00:00+02:00',
    max_subscribers: 2,
    city: 'Brest',
    recurrence: { weekdays: ['SA'], interval_weeks: 1, count: 5 },
  });
  for (const who of [p(0), p(1), p(2)])
    await subscribeSeries(ctx, who.token, series.uuid_series, { uuid_user: who.id, subscribe: true });
  await clearQueuedMails(ctx);
  return series;
}

const listedSessions = (body: string) => body.split('\n').filter((line) => line.startsWith('• '));
/** On how many of the series' sessions the member waits. */
const waitingOn = async (series: { sessions: Array<{ uuid_event: string }> }, memberId: string) =>
  (
    await ctx.db
      .selectFrom('waiting_list')
      .select('event_uuid')
      .where('user_id', '=', memberId)
      .where(
        'event_uuid',
        'in',
        series.sessions.map((s) => s.uuid_event),
      )
      .execute()
  ).length;

describe('promotions across a series', () => {
  it('more places from a session on: the member waiting is moved in there and told once, listing them', async () => {
    const series = await fullSeries();
    const third = series.sessions[2]?.uuid_event as string;
    const changed = await putSeries(ctx, organiser, series.uuid_series, {
      from_uuid_event: third,
      max_subscribers: 3,
    });
    expect(changed.statusCode).toBe(200);
    expect(await waitingOn(series, p(2).id)).toBe(2); // the first two sessions kept their 2 places
    expect(await queuedMails(ctx, 'waiting_list_promotion')).toEqual([]);
    const told = await queuedMails(ctx, 'series_promotion');
    expect(told.map((m) => m.to_address)).toEqual([`${p(2).username}@example.org`]);
    expect(told[0]?.subject).toBe('Une place pour vous : Kayak');
    expect(listedSessions(told[0]?.body_text ?? '')).toHaveLength(3);
  });

  it('more places on the last session only: the one place promoted can be given back from the mail', async () => {
    const series = await fullSeries();
    const last = series.sessions[4]?.uuid_event as string;
    const changed = await putSeries(ctx, organiser, series.uuid_series, {
      from_uuid_event: last,
      max_subscribers: 3,
    });
    expect(changed.statusCode).toBe(200);
    const told = await queuedMails(ctx, 'series_promotion');
    expect(told.map((m) => m.to_address)).toEqual([`${p(2).username}@example.org`]);
    const body = told[0]?.body_text ?? '';
    expect(listedSessions(body)).toHaveLength(1);
    expect(body).toMatch(new RegExp(`Rendre ma place : \\S+/api/answer/${last}\\.\\S+\\.give_back\\.`));
    expect(body).toContain(`/event/${last}`);
  });

  it('a promotion with a kit says, per session, what was booked and which wished items were gone', async () => {
    const kayak = randomUUID();
    const vest = randomUUID();
    await ctx.db
      .insertInto('stuffs')
      .values([
        { uuid: kayak, name: 'Kayak', description: 'K1', stock: 10, is_infinite: false, kind: 'Bateaux' },
        { uuid: vest, name: 'Gilet', description: 'M', stock: 0, is_infinite: false, kind: 'Gilets' },
      ])
      .execute();
    const series = await createSeries(ctx, organiser, {
      uuid_model_event: model,
      start_date: '2027-12-04T10:00:00+01:00',
      end_date: '2027-12-04T12:00:00+01:00',
      max_subscribers: 2,
      city: 'Brest',
      stuffs_available: [{ uuid: kayak }, { uuid: vest }],
      recurrence: { weekdays: ['SA'], interval_weeks: 1, count: 2 },
    });
    for (const who of [p(0), p(1)])
      await subscribeSeries(ctx, who.token, series.uuid_series, { uuid_user: who.id, subscribe: true });
    // Waiting, wishing for a kayak and a vest; none of the vests is free (stock 0).
    await subscribeSeries(ctx, p(2).token, series.uuid_series, {
      uuid_user: p(2).id,
      subscribe: true,
      stuffs: [kayak, vest],
    });
    await clearQueuedMails(ctx);
    const first = series.sessions[0]?.uuid_event as string;
    expect(
      (await putSeries(ctx, organiser, series.uuid_series, { from_uuid_event: first, max_subscribers: 3 }))
        .statusCode,
    ).toBe(200);
    const [told] = await queuedMails(ctx, 'series_promotion');
    const lines = listedSessions(told?.body_text ?? '');
    expect(lines).toHaveLength(2);
    for (const line of lines)
      expect(line).toMatch(/avec « Kayak » ; plus de « Gilet » : prévoyez votre propre matériel$/);
  });

  it('a member leaving the whole series moves the one waiting into every session, told once', async () => {
    const series = await fullSeries();
    const left = await subscribeSeries(ctx, p(1).token, series.uuid_series, {
      uuid_user: p(1).id,
      subscribe: false,
    });
    expect(left.json().sessions.map((s: { outcome: string }) => s.outcome)).toEqual(
      Array(5).fill('unsubscribed'),
    );
    expect(await waitingOn(series, p(2).id)).toBe(0);
    expect(await queuedMails(ctx, 'waiting_list_promotion')).toEqual([]);
    const told = await queuedMails(ctx, 'series_promotion');
    expect(told.map((m) => m.to_address)).toEqual([`${p(2).username}@example.org`]);
    expect(listedSessions(told[0]?.body_text ?? '')).toHaveLength(5);
  });

  it('a single session freed alone still tells its promotion as before', async () => {
    const series = await fullSeries();
    const first = series.sessions[0]?.uuid_event as string;
    await ctx.app.inject({
      method: 'PUT',
      url: '/api/event/subscribe/status',
      headers: { authorization: `Bearer ${p(0).token}` },
      payload: { uuid_event: first, uuid_user: p(0).id, subscribe: false },
    });
    expect((await queuedMails(ctx, 'waiting_list_promotion')).map((m) => m.to_address)).toEqual([
      `${p(2).username}@example.org`,
    ]);
    expect(await queuedMails(ctx, 'series_promotion')).toEqual([]);
  });
});
