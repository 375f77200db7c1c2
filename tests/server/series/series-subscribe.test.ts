import type { SeriesSubscribeAnswer } from '@common/contract/series';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertStuff, subscribe } from '../helpers/event-fixtures';
import {
  clearQueuedMails,
  createSeries,
  type Member,
  outcomes,
  putSeries,
  queuedMails,
  seriesContext,
  subscribeSeries,
} from '../helpers/series-fixtures';
import { bearer, type TestContext } from '../helpers/test-context';

// Subscribing to a whole series (docs/rules.md#series): each session decided as a single subscribe, one mail.
let ctx: TestContext;
let organiser: string;
let model: string;
let people: Member[];
const p = (i: number) => people[i] as Member;

beforeAll(async () => {
  ({ ctx, organiser, model, people } = await seriesContext(
    'Europe/Paris',
    '2027-09-01T08:00:00Z',
    'Aviron',
    'rower',
    4,
  ));
});
afterAll(() => ctx.close());

/** Weekly on Tuesday 19:00 Paris time from 7 September 2027, `count` sessions of `max` places. */
const weekly = (count: number, max: number, extra: object = {}) =>
  createSeries(ctx, organiser, {
    uuid_model_event: model,
    start_date: '2027-09-07T19:00:00+02:00',
    end_date: '2027-09-07T21:00:00+02:00',
    max_subscribers: max,
    recurrence: { weekdays: ['TU'], interval_weeks: 1, count },
    ...extra,
  });
const mails = (kind: string) => queuedMails(ctx, kind);
const clearMail = () => clearQueuedMails(ctx);
const join = async (who: Member, uuid: string, subscribeFlag = true, stuff?: string) => {
  const response = await subscribeSeries(ctx, who.token, uuid, {
    uuid_user: who.id,
    subscribe: subscribeFlag,
    ...(stuff ? { uuid_stuff: stuff } : {}),
  });
  expect(response.statusCode).toBe(200);
  return response.json<SeriesSubscribeAnswer>();
};

describe('subscribing to a series', () => {
  it('subscribes to every session, waits where full, and sends one confirmation (the creator reads it in the digest)', async () => {
    const series = await weekly(5, 1);
    const third = series.sessions[2]?.uuid_event as string;
    expect((await subscribe(ctx, p(1).token, p(1).id, third)).statusCode).toBe(200);
    await clearMail();
    const answer = await join(p(0), series.uuid_series);
    expect(outcomes(answer)).toEqual(['subscribed', 'subscribed', 'waiting', 'subscribed', 'subscribed']);
    expect(answer.sessions.map((s) => s.uuid_event)).toEqual(series.sessions.map((s) => s.uuid_event));
    expect(answer.sessions.every((s) => s.code === null)).toBe(true);
    // No per-session confirmation: one message for the member; the creator's is the morning digest.
    expect(await mails('subscribe_unsubscribe')).toEqual([]);
    const sent = await mails('series_subscription');
    expect(sent.map((m) => m.to_address)).toEqual(['rower0@example.org']);
    const mine = sent[0]?.body_text ?? '';
    expect(mine).toContain('mardi 07/09/2027 19:00');
    expect(mine).toContain('mardi 05/10/2027 19:00');
    expect(mine).toMatch(/liste d'attente :\n• Aviron, mardi 21\/09\/2027 19:00/);
    // The mail links the first session.
    for (const mail of sent) expect(mail.body_text).toContain(`/event/${series.sessions[0]?.uuid_event}`);
    // The member's standing at each session is exactly that of single subscribes.
    const thirdNow = await ctx.app.inject({
      method: 'GET',
      url: `/api/event/${third}`,
      headers: bearer(organiser),
    });
    expect(thirdNow.json().waiting_list.map((w: { uuid_user: string }) => w.uuid_user)).toEqual([p(0).id]);
  });

  it('answers `already` when nothing is to be done, and sends nothing then', async () => {
    const series = await weekly(3, 5);
    await join(p(0), series.uuid_series);
    await clearMail();
    expect(outcomes(await join(p(0), series.uuid_series))).toEqual(['already', 'already', 'already']);
    expect(await mails('series_subscription')).toEqual([]);
  });

  it('leaves every upcoming session and waiting list, filling places, with one message', async () => {
    const series = await weekly(3, 1);
    await join(p(0), series.uuid_series);
    expect(outcomes(await join(p(1), series.uuid_series))).toEqual(['waiting', 'waiting', 'waiting']);
    // The first session is over: leaving skips it.
    ctx.clock.now = new Date('2027-09-08T08:00:00Z');
    await clearMail();
    try {
      expect(outcomes(await join(p(0), series.uuid_series, false))).toEqual(['unsubscribed', 'unsubscribed']);
      // The fill step ran for each: the waiting member was promoted in both, and told once (as a promotion
      // always is), listing the two sessions.
      expect(await mails('waiting_list_promotion')).toEqual([]);
      const promoted = await mails('series_promotion');
      expect(promoted.map((m) => m.to_address)).toEqual(['rower1@example.org']);
      expect(promoted[0]?.body_text.split('\n').filter((line) => line.startsWith('• '))).toHaveLength(2);
      const left = await mails('series_subscription');
      expect(left.map((m) => m.subject)).toEqual(['Désinscription de la série : Aviron']);
      expect(outcomes(await join(p(1), series.uuid_series, false))).toEqual(['unsubscribed', 'unsubscribed']);
      expect(outcomes(await join(p(1), series.uuid_series, false))).toEqual(['already', 'already']);
    } finally {
      ctx.clock.now = new Date('2027-09-01T08:00:00Z');
    }
  });

  it('leaves a waiting list as `left_waiting_list`', async () => {
    const series = await weekly(2, 1);
    await join(p(0), series.uuid_series);
    await join(p(1), series.uuid_series);
    expect(outcomes(await join(p(1), series.uuid_series, false))).toEqual([
      'left_waiting_list',
      'left_waiting_list',
    ]);
  });

  it('skips cancelled sessions, and refuses with its code a session whose stuff is out', async () => {
    const boat = await insertStuff(ctx, 'Yole', 1);
    const series = await weekly(3, 5, { stuffs_available: [{ uuid: boat }] });
    const [first, second] = series.sessions;
    expect(
      (
        await putSeries(ctx, organiser, series.uuid_series, {
          from_uuid_event: series.sessions[2]?.uuid_event,
          is_cancelled: true,
        })
      ).statusCode,
    ).toBe(200);
    expect((await subscribe(ctx, p(2).token, p(2).id, second?.uuid_event as string, boat)).statusCode).toBe(
      200,
    );
    const answer = await join(p(3), series.uuid_series, true, boat);
    expect(answer.sessions.map((s) => [s.uuid_event, s.outcome, s.code])).toEqual([
      [first?.uuid_event, 'subscribed', null],
      [second?.uuid_event, 'refused', 'stuff_unavailable'],
    ]);
  });

  it('refuses to act for another member (403) and an unknown series (404), writing nothing', async () => {
    const series = await weekly(2, 5);
    const before = await ctx.db.selectFrom('subscriptions').select('uuid').execute();
    const other = await subscribeSeries(ctx, p(0).token, series.uuid_series, {
      uuid_user: p(1).id,
      subscribe: true,
    });
    expect([other.statusCode, other.json().code, other.json().field]).toEqual([
      403,
      'forbidden',
      'uuid_user',
    ]);
    const unknown = await subscribeSeries(ctx, p(0).token, '00000000-0000-4000-8000-000000000000', {
      uuid_user: p(0).id,
      subscribe: true,
    });
    expect([unknown.statusCode, unknown.json().code]).toEqual([404, 'not_found']);
    expect(await ctx.db.selectFrom('subscriptions').select('uuid').execute()).toEqual(before);
  });
});
