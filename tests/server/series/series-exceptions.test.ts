import type { EventDto } from '@common/contract/event';
import { clubDayOf } from '@common/rules/club-time';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { saveEvent } from '../helpers/event-fixtures';
import {
  clearQueuedMails,
  createSeries,
  type Member,
  postSeries,
  queuedMails,
  seriesContext,
  subscribeSeries,
} from '../helpers/series-fixtures';
import type { TestContext } from '../helpers/test-context';

// Series exceptions (docs/rules.md#series): Tuesdays 19:00 in Paris from 2 March 2027 (clock: 1 March).
const ZONE = 'Europe/Paris';
let ctx: TestContext;
let organiser: string;
let model: string;
let people: Member[];
const p = (i: number) => people[i] as Member;

beforeAll(async () => {
  ({ ctx, organiser, model, people } = await seriesContext(
    ZONE,
    '2027-03-01T08:00:00Z',
    'Kayak',
    'rower',
    2,
  ));
});
afterAll(() => ctx.close());

const tuesdays = (recurrence: object) => ({
  uuid_model_event: model,
  start_date: '2027-03-02T19:00:00+01:00',
  end_date: '2027-03-02T21:00:00+01:00',
  max_subscribers: 10,
  recurrence: { weekdays: ['TU'], interval_weeks: 1, ...recurrence },
});
const days = (sessions: EventDto[]) => sessions.map((s) => clubDayOf(new Date(s.start_date), ZONE));

describe('dates a series skips', () => {
  it('get no session, and the series says which were skipped', async () => {
    const series = await createSeries(
      ctx,
      organiser,
      tuesdays({ until: '2027-04-27', except_dates: ['2027-04-20', '2027-04-13'] }),
    );
    expect(days(series.sessions)).toEqual([
      '2027-03-02',
      '2027-03-09',
      '2027-03-16',
      '2027-03-23',
      '2027-03-30',
      '2027-04-06',
      '2027-04-27',
    ]);
    expect(series.recurrence.except_dates).toEqual(['2027-04-13', '2027-04-20']);
  });

  it('are taken out after a session count, as RFC 5545 has it', async () => {
    const series = await createSeries(ctx, organiser, tuesdays({ count: 4, except_dates: ['2027-03-09'] }));
    expect(days(series.sessions)).toEqual(['2027-03-02', '2027-03-16', '2027-03-23']);
  });

  it('refuses a date that is not a session of the rule (400 series_skip_outside), and creates nothing', async () => {
    const before = await ctx.db.selectFrom('event_series').select('uuid').execute();
    for (const outside of ['2027-03-03', '2027-05-04', '2027-03-01']) {
      const answer = await postSeries(
        ctx,
        organiser,
        tuesdays({ until: '2027-04-27', except_dates: [outside] }),
      );
      expect(answer.statusCode).toBe(400);
      expect(answer.json()).toMatchObject({ code: 'series_skip_outside', field: 'recurrence.except_dates' });
    }
    expect(await ctx.db.selectFrom('event_series').select('uuid').execute()).toHaveLength(before.length);
  });

  it('refuses a date given twice or not a real day, and says a rule left with no session is empty', async () => {
    for (const except of [['2027-03-09', '2027-03-09'], ['2027-02-30'], ['9 mars']]) {
      const answer = await postSeries(ctx, organiser, tuesdays({ count: 3, except_dates: except }));
      expect(answer.statusCode).toBe(400);
      expect(answer.json()).toMatchObject({ code: 'invalid_input' });
    }
    const empty = await postSeries(
      ctx,
      organiser,
      tuesdays({ count: 2, except_dates: ['2027-03-02', '2027-03-09'] }),
    );
    expect(empty.json()).toMatchObject({ code: 'series_empty' });
  });
});

describe('skipping one session later, with a reason', () => {
  it('cancels that session alone and tells its members once, with the reason; the others stay', async () => {
    const series = await createSeries(ctx, organiser, tuesdays({ count: 3 }));
    for (const who of [p(0), p(1)]) {
      const joined = await subscribeSeries(ctx, who.token, series.uuid_series, {
        uuid_user: who.id,
        subscribe: true,
      });
      expect(joined.statusCode).toBe(200);
    }
    await clearQueuedMails(ctx);
    const second = series.sessions[1] as EventDto;
    const skipped = await saveEvent(ctx, organiser, model, second, {
      is_cancelled: true,
      cancel_message: 'Pont de l’Ascension : la piscine est fermée.',
    });
    expect(skipped.statusCode).toBe(200);
    const told = await queuedMails(ctx);
    expect(told.map((m) => [m.kind, m.to_address])).toEqual([
      ['event_cancellation', `${p(0).username}@example.org`],
      ['event_cancellation', `${p(1).username}@example.org`],
    ]);
    for (const mail of told) expect(mail.body_text).toContain('Pont de l’Ascension : la piscine est fermée.');
    const after = await ctx.db
      .selectFrom('events')
      .select(['uuid', 'is_cancelled'])
      .where('uuid_series', '=', series.uuid_series)
      .orderBy('start_date')
      .execute();
    expect(after.map((e) => e.is_cancelled)).toEqual([false, true, false]);
  });
});
