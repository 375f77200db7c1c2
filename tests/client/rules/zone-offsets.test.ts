import {
  clubDateTime,
  clubDayOf,
  clubTimeOf,
  isTimeZone,
  rememberZoneOffsets,
  zoneOffsetsOf,
} from '@common/rules/club-time';
import { dayLabel, eventDates } from '@common/rules/date-display';
import { isZoneOffsets, tableOffset } from '@common/rules/zone-offsets';
import { describe, expect, it, vi } from 'vitest';

const FROM = Date.parse('2026-01-01T00:00:00Z');
const TO = Date.parse('2027-07-01T00:00:00Z');
const HOUR = 3_600_000;

/** The offset by Intl, written here again so the table is checked against Intl itself. */
const formatters = new Map<string, Intl.DateTimeFormat>();
function intlOffset(instant: number, timeZone: string): number {
  const formatter =
    formatters.get(timeZone) ??
    new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
  formatters.set(timeZone, formatter);
  const parts = formatter.formatToParts(instant);
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  const wall = Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second'));
  return wall - Math.floor(instant / 1000) * 1000;
}

// Summer time north and south, half-hour and 45-minute zones, a 30-minute summer shift, none at all, and a
// zone that leaves summer time for Ramadan.
const ZONES = [
  'Europe/Paris',
  'America/New_York',
  'America/Santiago',
  'Australia/Lord_Howe',
  'Asia/Kolkata',
  'Pacific/Chatham',
  'Africa/Casablanca',
  'UTC',
];

describe('zone offset tables', () => {
  it.each(ZONES)('%s: the table gives Intl’s offset every hour and on both sides of each change', (zone) => {
    const table = zoneOffsetsOf(zone, FROM, TO);
    for (let instant = FROM; instant < TO; instant += HOUR)
      expect(tableOffset(table, instant), new Date(instant).toISOString()).toBe(intlOffset(instant, zone));
    for (const change of table.changes.slice(1)) {
      expect(tableOffset(table, change)).toBe(intlOffset(change, zone));
      expect(tableOffset(table, change - 1000)).toBe(intlOffset(change - 1000, zone));
      expect(tableOffset(table, change)).not.toBe(tableOffset(table, change - 1000));
    }
  });

  it('finds each change of Paris to the second, and no other', () => {
    const table = zoneOffsetsOf('Europe/Paris', FROM, TO);
    expect(table.changes.slice(1).map((at) => new Date(at).toISOString())).toEqual([
      '2026-03-29T01:00:00.000Z',
      '2026-10-25T01:00:00.000Z',
      '2027-03-28T01:00:00.000Z',
    ]);
    expect(table.offsets).toEqual([HOUR, 2 * HOUR, HOUR, 2 * HOUR]);
  });

  it('answers nothing outside its span, or for no date', () => {
    const table = zoneOffsetsOf('Europe/Paris', FROM, TO);
    expect(tableOffset(table, FROM - 1)).toBeUndefined();
    expect(tableOffset(table, TO)).toBeUndefined();
    expect(tableOffset(table, Number.NaN)).toBeUndefined();
  });

  it('accepts a stored table only when it has a table’s shape', () => {
    const table = zoneOffsetsOf('Europe/Paris', FROM, TO);
    expect(isZoneOffsets(JSON.parse(JSON.stringify(table)))).toBe(true);
    expect(isZoneOffsets(null)).toBe(false);
    expect(isZoneOffsets({ ...table, offsets: table.offsets.slice(1) })).toBe(false);
    expect(isZoneOffsets({ ...table, changes: ['x', ...table.changes.slice(1)] })).toBe(false);
    expect(isZoneOffsets({ ...table, from: FROM + 1 })).toBe(false);
  });

  it('gives club days, times and instants equal to Intl’s once remembered, inside its span and beyond', () => {
    const zone = 'America/Santiago';
    const instants = Array.from(
      { length: 400 },
      (_, i) => FROM - 40 * 86_400_000 + i * 5 * HOUR + 17 * 60_000,
    );
    const before = instants.map((at) => [clubDayOf(new Date(at), zone), clubTimeOf(new Date(at), zone)]);
    const days = ['2026-04-05', '2026-09-06', '2026-12-24', '2025-12-01'];
    const startsBefore = days.map((day) => clubDateTime(day, '00:00', zone).toISOString());
    rememberZoneOffsets(zoneOffsetsOf(zone, FROM, TO));
    expect(instants.map((at) => [clubDayOf(new Date(at), zone), clubTimeOf(new Date(at), zone)])).toEqual(
      before,
    );
    expect(days.map((day) => clubDateTime(day, '00:00', zone).toISOString())).toEqual(startsBefore);
  });
});

describe('a start with a kept table', () => {
  it('checks the zone and reads its days without making an Intl formatter', () => {
    // A zone no other test here formats, and a table written by hand: nothing has made its formatter.
    const zone = 'Asia/Kathmandu';
    const offset = 5.75 * HOUR;
    rememberZoneOffsets({ zone, from: FROM, to: TO, changes: [FROM], offsets: [offset] });
    const made = vi.spyOn(Intl, 'DateTimeFormat');
    try {
      expect(isTimeZone(zone)).toBe(true);
      expect(clubDayOf(new Date('2026-05-01T20:00:00Z'), zone)).toBe('2026-05-02');
      expect(made).not.toHaveBeenCalled();
      // A zone without a table is still checked by Intl, and a name that is no zone refused.
      expect(isTimeZone('Nowhere/At_All')).toBe(false);
      expect(made).toHaveBeenCalled();
    } finally {
      made.mockRestore();
    }
  });
});

describe('event dates without Intl', () => {
  it.each([
    ['fr', 'fr-FR'],
    ['en', 'en-GB'],
  ])('write weekdays, dates and times as Intl does in %s', (language, locale) => {
    const zone = 'Europe/Paris';
    for (let day = 0; day < 14; day++) {
      const start = new Date(Date.parse('2026-10-20T21:45:00Z') + day * 86_400_000);
      const end = new Date(start.getTime() + 2.5 * HOUR);
      const intl = (instant: Date, options: Intl.DateTimeFormatOptions) =>
        new Intl.DateTimeFormat(locale, { timeZone: zone, ...options }).format(instant);
      expect(eventDates(start.toISOString(), end.toISOString(), language, zone)).toEqual({
        isSameDay: intl(start, { day: 'numeric' }) === intl(end, { day: 'numeric' }),
        weekday: intl(start, { weekday: 'short' }),
        startDate: intl(start, { day: '2-digit', month: '2-digit', year: '2-digit' }),
        startTime: intl(start, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }),
        endDate: intl(end, { day: '2-digit', month: '2-digit', year: '2-digit' }),
        endTime: intl(end, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }),
        duration: '2h30',
      });
    }
    expect(dayLabel('2026-11-23', language)).toBe(language === 'en' ? 'Mon 23/11/26' : 'lun. 23/11/26');
  });
});
