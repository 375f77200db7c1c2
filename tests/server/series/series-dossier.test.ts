import type { SeriesSubscribeAnswer } from '@common/contract/series';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { holdsPlace } from '../helpers/event-fixtures';
import { createSeries, type Member, seriesContext, subscribeSeries } from '../helpers/series-fixtures';
import { bearer, type TestContext } from '../helpers/test-context';

// Subscribing to a series under a model that asks for a licence (docs/rules.md#series,
// docs/rules.md#members-file): each session gets the file check of a single subscribe, on its own day.
let ctx: TestContext;
let organiser: string;
let model: string;
let people: Member[];
let admin: string;
const p = (i: number) => people[i] as Member;

beforeAll(async () => {
  ({ ctx, organiser, model, people } = await seriesContext(
    'Europe/Paris',
    '2027-09-01T08:00:00Z',
    'Aviron',
    'oarsman',
    3,
  ));
  await ctx.createUser('seriesadmin', 'Admin');
  admin = await ctx.signIn('seriesadmin');
  // Last season's licence for p(1): it counts until the grace end, 30 September, and not after.
  const put = await ctx.app.inject({
    method: 'PUT',
    url: `/api/user/${p(1).id}/licence`,
    headers: bearer(admin),
    payload: { number: '0701', federation: 'FFCK', type: 'Canoë Plus', season: '2026-2027' },
  });
  expect(put.statusCode).toBe(200);
});
afterAll(() => ctx.close());

const asking = (enforcement: 'warn' | 'block') =>
  ctx.db
    .updateTable('event_models')
    .set({ requires_licence: true, enforcement })
    .where('uuid', '=', model)
    .execute();
/** Weekly on Tuesday 19:00 Paris time from 28 September 2027: the 28th, then 5 and 12 October. */
const weekly = () =>
  createSeries(ctx, organiser, {
    uuid_model_event: model,
    start_date: '2027-09-28T19:00:00+02:00',
    end_date: '2027-09-28T21:00:00+02:00',
    max_subscribers: 5,
    recurrence: { weekdays: ['TU'], interval_weeks: 1, count: 3 },
  });
const join = async (who: Member, uuid: string) => {
  const response = await subscribeSeries(ctx, who.token, uuid, { uuid_user: who.id, subscribe: true });
  expect(response.statusCode).toBe(200);
  return response.json<SeriesSubscribeAnswer>();
};
const shape = (answer: SeriesSubscribeAnswer) =>
  answer.sessions.map(({ outcome, code, reasons }) => ({ outcome, code, reasons }));

describe('the series subscribe and the member file', () => {
  it('under block, leaves out the sessions the file blocks and says why, session by session', async () => {
    await asking('block');
    const series = await weekly();
    const answer = await join(p(1), series.uuid_series);
    expect(shape(answer)).toEqual([
      { outcome: 'subscribed', code: null, reasons: undefined },
      { outcome: 'refused', code: 'dossier_incomplete', reasons: ['licence_expired'] },
      { outcome: 'refused', code: 'dossier_incomplete', reasons: ['licence_expired'] },
    ]);
    const [first, second] = answer.sessions;
    expect(await holdsPlace(ctx, first?.uuid_event as string, p(1).id)).toBe(true);
    expect(await holdsPlace(ctx, second?.uuid_event as string, p(1).id)).toBe(false);

    const none = await join(p(0), series.uuid_series);
    expect(none.sessions.map((s) => s.code)).toEqual(Array(3).fill('dossier_incomplete'));
    for (const session of none.sessions)
      expect(await holdsPlace(ctx, session.uuid_event, p(0).id)).toBe(false);
    // Refused: neither on the session nor on its waiting list.
    const waiting = await ctx.db
      .selectFrom('waiting_list')
      .select('user_id')
      .where('user_id', '=', p(0).id)
      .execute();
    expect(waiting).toEqual([]);
  });

  it('under warn, subscribes to every session and says what the file lacks where it does', async () => {
    await asking('warn');
    const series = await weekly();
    const answer = await join(p(2), series.uuid_series);
    expect(answer.sessions.map((s) => s.outcome)).toEqual(['subscribed', 'subscribed', 'subscribed']);
    expect(answer.sessions.map((s) => s.reasons)).toEqual(Array(3).fill(['licence_missing']));
    for (const session of answer.sessions)
      expect(await holdsPlace(ctx, session.uuid_event, p(2).id)).toBe(true);
  });
});
