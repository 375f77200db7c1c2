import { describe, expect, it } from 'vitest';
import { WEEKLY_LIST_PATTERN, weeklyListSchedule } from '../../../server/jobs/weekly-schedule';

// croner's nextRun(from): the first run strictly after `from`. Expected instants in UTC, worked out by
// hand from each zone's offset that Monday (Paris: +1 in winter, +2 in summer; Montreal: -5 / -4).
const next = (zone: string, from: string) => weeklyListSchedule(zone).nextRun(new Date(from))?.toISOString();

describe('the weekly list schedule', () => {
  it('is Monday 07:00', () => {
    expect(WEEKLY_LIST_PATTERN).toBe('0 7 * * 1');
  });

  it('runs Monday 07:00 in Europe/Paris, across both clock changes', () => {
    // Monday 16 March 2026, 06:59 CET: the same morning, 07:00 CET.
    expect(next('Europe/Paris', '2026-03-16T05:59:00Z')).toBe('2026-03-16T06:00:00.000Z');
    // Just after it: the next Monday, after the change to summer time (29 March), at 07:00 CEST.
    expect(next('Europe/Paris', '2026-03-23T06:00:00Z')).toBe('2026-03-30T05:00:00.000Z');
    // Back to winter time on 25 October: Monday 26 October 07:00 CET.
    expect(next('Europe/Paris', '2026-10-21T12:00:00Z')).toBe('2026-10-26T06:00:00.000Z');
  });

  it('runs Monday 07:00 in America/Montreal, across both clock changes', () => {
    expect(next('America/Montreal', '2026-03-02T11:00:00Z')).toBe('2026-03-02T12:00:00.000Z'); // EST
    // Summer time from Sunday 8 March: Monday 9 March 07:00 EDT.
    expect(next('America/Montreal', '2026-03-04T00:00:00Z')).toBe('2026-03-09T11:00:00.000Z');
    // Winter time again from Sunday 1 November: Monday 2 November 07:00 EST.
    expect(next('America/Montreal', '2026-10-27T00:00:00Z')).toBe('2026-11-02T12:00:00.000Z');
  });
});
