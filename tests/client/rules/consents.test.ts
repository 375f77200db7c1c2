import { describe, expect, it } from 'vitest';
import { mayPhotograph, seasonOf } from '../../../src/common/rules/consents';

describe('seasonOf: from 1 September', () => {
  it.each([
    ['2026-08-31', '2025-2026'],
    ['2026-09-01', '2026-2027'],
    ['2026-12-31', '2026-2027'],
    ['2027-01-01', '2026-2027'],
  ])('%s is in %s', (day, season) => expect(seasonOf(day)).toBe(season));
});

describe('mayPhotograph: the guardians, and under 15 the child too', () => {
  const day = '2026-11-28';
  it.each([
    ['no answer', null, null, '2016-05-01', false],
    ['withdrawn', false, true, '2016-05-01', false],
    ['given, 10, the child not asked', true, null, '2016-05-01', false],
    ['given, 10, the child refuses', true, false, '2016-05-01', false],
    ['given, 10, the child agrees', true, true, '2016-05-01', true],
    ['given, 14 the day before turning 15', true, null, '2011-11-29', false],
    ['given, 15 that day', true, null, '2011-11-28', true],
    ['given, no birth date', true, null, null, true],
  ] as const)('%s', (_label, photo, agrees, birthDate, expected) =>
    expect(mayPhotograph(photo, agrees, birthDate, day)).toBe(expected),
  );
});
