import {
  healthItemSchema,
  healthUpdateRequestSchema,
  licenceSchema,
  memberFileSettingsSchema,
} from '@common/contract/member-file';
import { describe, expect, it } from 'vitest';

// docs/rules.md#members-file: a closed list of dated items, never a free text.
describe('health items', () => {
  it.each([
    { kind: 'caci', date: '2026-09-01', competition: true },
    { kind: 'qs_sport', date: '2026-09-01', all_no: false },
    { kind: 'minor_questionnaire', date: '2026-09-01', signed_by: '  Gwen Le Goff ' },
    { kind: 'pps', date: '2026-09-01' },
    { kind: 'savoir_nager', date: '2020-06-01', way: 'test' },
  ])('takes %o', (item) => {
    expect(healthItemSchema.safeParse(item).success).toBe(true);
  });

  it.each([
    ['an unknown kind', { kind: 'diagnosis', date: '2026-09-01' }],
    ['a free-text field', { kind: 'caci', date: '2026-09-01', competition: false, note: 'asthme' }],
    ['a date that does not exist', { kind: 'pps', date: '2026-02-30' }],
    ['a date in another format', { kind: 'pps', date: '01/09/2026' }],
    ['a missing field', { kind: 'caci', date: '2026-09-01' }],
    [
      'a bidirectional override in a name',
      { kind: 'minor_questionnaire', date: '2026-09-01', signed_by: 'Gwen\u202E' },
    ],
    ['another way', { kind: 'savoir_nager', date: '2020-06-01', way: 'oral' }],
  ])('refuses %s', (_label, item) => {
    expect(healthItemSchema.safeParse(item).success).toBe(false);
  });

  it('keeps a trimmed name', () => {
    const parsed = healthItemSchema.parse({
      kind: 'minor_questionnaire',
      date: '2026-09-01',
      signed_by: ' Gwen ',
    });
    expect(parsed).toEqual({ kind: 'minor_questionnaire', date: '2026-09-01', signed_by: 'Gwen' });
  });

  it('at most 20 items, and nothing beside them', () => {
    const item = { kind: 'pps', date: '2026-09-01' };
    expect(healthUpdateRequestSchema.safeParse({ items: Array(20).fill(item) }).success).toBe(true);
    expect(healthUpdateRequestSchema.safeParse({ items: Array(21).fill(item) }).success).toBe(false);
    expect(healthUpdateRequestSchema.safeParse({ items: [], comment: 'x' }).success).toBe(false);
  });
});

describe('licences', () => {
  const good = { number: ' 123456 ', federation: 'FFCK', type: 'Canoë Famille', season: '2025-2026' };
  it('takes a licence, trimmed', () => {
    expect(licenceSchema.parse(good).number).toBe('123456');
  });
  it.each([['2025-2027'], ['2026-2025'], ['2025'], ['25-26']])('refuses the season %s', (season) => {
    expect(licenceSchema.safeParse({ ...good, season }).success).toBe(false);
  });
  it('refuses an empty or long number, and extra fields', () => {
    expect(licenceSchema.safeParse({ ...good, number: '  ' }).success).toBe(false);
    expect(licenceSchema.safeParse({ ...good, number: 'x'.repeat(41) }).success).toBe(false);
    expect(licenceSchema.safeParse({ ...good, medical: 'x' }).success).toBe(false);
  });
});

describe('club settings for members’ files', () => {
  it('defaults', () => {
    expect(memberFileSettingsSchema.parse({})).toEqual({
      season_start: '09-01',
      grace_end: '09-30',
      health_profile: 'code_du_sport',
      licence_types: [],
      health_keep_seasons: 1,
      health_preset_copy: null,
    });
  });
  it('bounds', () => {
    expect(memberFileSettingsSchema.safeParse({ season_start: '02-30' }).success).toBe(false);
    expect(memberFileSettingsSchema.safeParse({ health_profile: 'judo' }).success).toBe(false);
    expect(memberFileSettingsSchema.safeParse({ health_keep_seasons: 11 }).success).toBe(false);
    expect(memberFileSettingsSchema.safeParse({ grace_end: '02-29' }).success).toBe(true);
  });
});
