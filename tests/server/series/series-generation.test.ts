import { clubTimeOf } from '@common/rules/club-time';
import { sessionDays, sessionStarts } from '@common/rules/series';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertModel } from '../helpers/event-fixtures';
import { createSeries } from '../helpers/series-fixtures';
import { createTestContext, type TestContext } from '../helpers/test-context';

// Which days and instants a rule gives: pure, on fixed dates. 1 January 2027 is a Friday.
const iso = (dates: Date[]) => dates.map((d) => d.toISOString().slice(0, 16));

describe('session days', () => {
  it('follows the weekdays, from the first day on', () => {
    expect(sessionDays('2027-01-05', { weekdays: ['TU', 'TH'], interval_weeks: 1, count: 4 })).toEqual([
      '2027-01-05',
      '2027-01-07',
      '2027-01-12',
      '2027-01-14',
    ]);
    // A first day outside the rule is not a session: the first is the next day the rule gives.
    expect(sessionDays('2027-01-06', { weekdays: ['TU', 'TH'], interval_weeks: 1, count: 3 })).toEqual([
      '2027-01-07',
      '2027-01-12',
      '2027-01-14',
    ]);
  });

  it('skips weeks with an interval (weeks start on Monday)', () => {
    expect(sessionDays('2027-01-04', { weekdays: ['MO', 'FR'], interval_weeks: 2, count: 5 })).toEqual([
      '2027-01-04',
      '2027-01-08',
      '2027-01-18',
      '2027-01-22',
      '2027-02-01',
    ]);
    expect(sessionDays('2027-01-07', { weekdays: ['TU', 'SU'], interval_weeks: 3, count: 4 })).toEqual([
      '2027-01-10',
      '2027-01-26',
      '2027-01-31',
      '2027-02-16',
    ]);
  });

  it('stops at the until day, inclusive, or after count sessions', () => {
    expect(
      sessionDays('2027-01-05', { weekdays: ['TU', 'TH'], interval_weeks: 1, until: '2027-01-14' }),
    ).toEqual(['2027-01-05', '2027-01-07', '2027-01-12', '2027-01-14']);
    expect(
      sessionDays('2027-01-05', { weekdays: ['TU', 'TH'], interval_weeks: 1, until: '2027-01-13' }),
    ).toHaveLength(3);
    expect(sessionDays('2027-01-05', { weekdays: ['WE'], interval_weeks: 1, until: '2027-01-05' })).toEqual(
      [],
    );
    expect(sessionDays('2027-01-05', { weekdays: ['WE'], interval_weeks: 1, count: 1 })).toEqual([
      '2027-01-06',
    ]);
  });

  it('gives at most 100 and one more, so a rule with too many is detected', () => {
    const everyDay = ['MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU'] as const;
    // 1 January to 10 April 2027: exactly 100 days.
    expect(
      sessionDays('2027-01-01', { weekdays: [...everyDay], interval_weeks: 1, until: '2027-04-10' }),
    ).toHaveLength(100);
    expect(
      sessionDays('2027-01-01', { weekdays: [...everyDay], interval_weeks: 1, until: '2027-04-11' }),
    ).toHaveLength(101);
    expect(
      sessionDays('2027-01-01', { weekdays: [...everyDay], interval_weeks: 1, until: '2030-01-01' }),
    ).toHaveLength(101);
    expect(sessionDays('2027-01-01', { weekdays: ['MO'], interval_weeks: 1, count: 100 })).toHaveLength(100);
  });
});

describe('session instants keep the club wall-clock time across clock changes', () => {
  const tuTh = { weekdays: ['TU', 'TH'] as Array<'TU' | 'TH'>, interval_weeks: 1, count: 4 };
  const cases: Array<[zone: string, firstDay: string, expected: string[]]> = [
    // Paris: the last Sunday of March (28/03/2027, UTC+1 → UTC+2) and of October (31/10/2027, back).
    [
      'Europe/Paris',
      '2027-03-23',
      ['2027-03-23T18:00', '2027-03-25T18:00', '2027-03-30T17:00', '2027-04-01T17:00'],
    ],
    [
      'Europe/Paris',
      '2027-10-26',
      ['2027-10-26T17:00', '2027-10-28T17:00', '2027-11-02T18:00', '2027-11-04T18:00'],
    ],
    // Montreal: nothing changes at the end of March or of October…
    [
      'America/Montreal',
      '2027-03-23',
      ['2027-03-23T23:00', '2027-03-25T23:00', '2027-03-30T23:00', '2027-04-01T23:00'],
    ],
    [
      'America/Montreal',
      '2027-10-26',
      ['2027-10-26T23:00', '2027-10-28T23:00', '2027-11-02T23:00', '2027-11-04T23:00'],
    ],
    // …it changes on the 2nd Sunday of March (14/03/2027, UTC−5 → UTC−4) and the 1st of November (07/11/2027).
    [
      'America/Montreal',
      '2027-03-09',
      ['2027-03-10T00:00', '2027-03-12T00:00', '2027-03-16T23:00', '2027-03-18T23:00'],
    ],
    [
      'America/Montreal',
      '2027-11-02',
      ['2027-11-02T23:00', '2027-11-04T23:00', '2027-11-10T00:00', '2027-11-12T00:00'],
    ],
  ];
  for (const [zone, firstDay, expected] of cases) {
    it(`${zone} from ${firstDay}`, () => {
      const starts = sessionStarts(firstDay, '19:00', tuTh, zone);
      expect(iso(starts)).toEqual(expected);
      expect(starts.map((s) => clubTimeOf(s, zone))).toEqual(Array(4).fill('19:00'));
    });
  }
});

describe('a series created in Montreal', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext({ env: { CLUB_TIMEZONE: 'America/Montreal', RATE_LIMIT_LOGIN: '1000' } });
    ctx.clock.now = new Date('2027-10-01T12:00:00Z');
  });
  afterAll(() => ctx.close());

  it('keeps 19:00 on both sides of the first Sunday of November', async () => {
    await ctx.createUser('orga', 'Contributor');
    const token = await ctx.signIn('orga');
    const series = await createSeries(ctx, token, {
      uuid_model_event: await insertModel(ctx, 'Hockey'),
      start_date: '2027-11-02T19:00:00-04:00',
      end_date: '2027-11-02T20:30:00-04:00',
      max_subscribers: 20,
      recurrence: { weekdays: ['TU', 'TH'], interval_weeks: 1, until: '2027-11-11' },
    });
    expect(series.sessions.map((s) => s.start_date.slice(0, 16))).toEqual([
      '2027-11-02T23:00',
      '2027-11-04T23:00',
      '2027-11-10T00:00',
      '2027-11-12T00:00',
    ]);
    expect(series.sessions.map((s) => clubTimeOf(new Date(s.end_date), 'America/Montreal'))).toEqual(
      Array(4).fill('20:30'),
    );
  });
});
