import { clubDayOf, clubDayStart, nextDay, weekStart } from '@common/rules/club-time';
import { describe, expect, it } from 'vitest';

const PARIS = 'Europe/Paris';

describe('club time', () => {
  it.each([
    ['2026-03-28', '2026-03-27T23:00:00.000Z'], // Saturday before the spring change: UTC+1
    ['2026-03-29', '2026-03-28T23:00:00.000Z'], // the change happens at 02:00 that day: midnight is still UTC+1
    ['2026-03-30', '2026-03-29T22:00:00.000Z'], // UTC+2 from then on
    ['2026-10-25', '2026-10-24T22:00:00.000Z'], // autumn change at 03:00: midnight still UTC+2
    ['2026-10-26', '2026-10-25T23:00:00.000Z'],
  ])('the club day %s starts at %s', (day, instant) => {
    expect(clubDayStart(day, PARIS).toISOString()).toBe(instant);
  });

  it('the Sunday of a time change is 23 or 25 hours long', () => {
    const spring = clubDayStart('2026-03-30', PARIS).getTime() - clubDayStart('2026-03-29', PARIS).getTime();
    const autumn = clubDayStart('2026-10-26', PARIS).getTime() - clubDayStart('2026-10-25', PARIS).getTime();
    expect([spring / 3_600_000, autumn / 3_600_000]).toEqual([23, 25]);
  });

  it('finds the Monday of a week and the day of an instant', () => {
    expect(weekStart('2026-03-29')).toBe('2026-03-23');
    expect(weekStart('2026-03-30')).toBe('2026-03-30');
    expect(nextDay('2026-10-31')).toBe('2026-11-01');
    expect(clubDayOf(new Date('2026-10-25T22:30:00Z'), PARIS)).toBe('2026-10-25');
    expect(clubDayOf(new Date('2026-10-25T23:30:00Z'), PARIS)).toBe('2026-10-26');
  });
});
