import { clubDayField } from '@common/contract/fields';
import { describe, expect, it } from 'vitest';

// A club day is a day of the calendar, not any eight digits: the week read's `from` and `to`, the events'
// dates, a birth date.
describe('clubDayField', () => {
  it.each([
    '2026-11-30',
    '2026-01-31',
    '2026-04-30',
    '2024-02-29', // a leap year
    '2000-02-29', // divisible by 400: leap
    '0000-01-01',
    '9999-12-31',
  ])('takes %s', (day) => {
    expect(clubDayField.safeParse(day).success).toBe(true);
  });

  it.each([
    '2026-02-29', // not a leap year
    '1900-02-29', // divisible by 100, not by 400
    '2026-04-31',
    '2026-02-30',
    '2026-13-01',
    '2026-00-10',
    '2026-01-00',
    '2026-01-32',
    '2026-1-05',
    '2026-01-05T00:00',
    'tomorrow',
  ])('refuses %s', (day) => {
    expect(clubDayField.safeParse(day).success).toBe(false);
  });
});
