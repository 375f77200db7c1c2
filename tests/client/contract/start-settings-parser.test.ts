import { startSettingsSchema } from '@common/contract/settings';
import { parseStartSettings } from '@common/contract/start-settings-parser';
import { describe, expect, it } from 'vitest';

// The start settings checked without zod keep and refuse exactly what the contract's schema does, for any
// answer JSON can carry (each case goes through JSON, as the server's answer does).
const asJson = (value: unknown): unknown => JSON.parse(JSON.stringify(value));
const OFFSETS = { zone: 'Europe/Paris', from: 1, to: 2, changes: [1.5], offsets: [60, 120] };
const FULL = {
  timezone: 'Europe/Paris',
  slogan: 'Sur l’Odet',
  logo: '/files/logo.png?v=1',
  club_name: 'Kayak Odet',
  accent_colour: '#1d4ed8',
  short_name: 'Kayak Odet',
  timezone_offsets: OFFSETS,
};
const without = (key: string) => Object.fromEntries(Object.entries(FULL).filter(([k]) => k !== key));

const accepted: unknown[] = [
  FULL,
  { timezone: 'UTC', slogan: '', logo: '' },
  { ...FULL, extra: 'dropped', timezone_offsets: { ...OFFSETS, extra: true } },
  without('club_name'),
  without('timezone_offsets'),
  { ...FULL, club_name: undefined }, // JSON drops the key
].map(asJson);
const refused: unknown[] = [
  null,
  'Europe/Paris',
  [],
  without('timezone'),
  without('slogan'),
  without('logo'),
  { ...FULL, logo: null },
  { ...FULL, slogan: 3 },
  { ...FULL, club_name: null },
  { ...FULL, accent_colour: 1 },
  { ...FULL, short_name: false },
  { ...FULL, timezone_offsets: null },
  { ...FULL, timezone_offsets: [] },
  { ...FULL, timezone_offsets: { ...OFFSETS, zone: 1 } },
  { ...FULL, timezone_offsets: { ...OFFSETS, from: '1' } },
  { ...FULL, timezone_offsets: { ...OFFSETS, to: Number.NaN } },
  { ...FULL, timezone_offsets: { ...OFFSETS, changes: [1, '2'] } },
  { ...FULL, timezone_offsets: { ...OFFSETS, offsets: 60 } },
].map(asJson);

describe('the start settings checked without zod', () => {
  it.each(accepted.map((value, i) => [i, value]))('keeps what the schema keeps (case %i)', (_, value) => {
    const parsed = parseStartSettings(value);
    expect(parsed).toStrictEqual(startSettingsSchema.parse(value));
  });

  it.each(refused.map((value, i) => [i, value]))('refuses what the schema refuses (case %i)', (_, value) => {
    expect(startSettingsSchema.safeParse(value).success).toBe(false);
    expect(() => parseStartSettings(value)).toThrow();
  });
});
