import { describe, expect, it, vi } from 'vitest';
import { json, stubFetch } from '../fake-api';

const NOW = Date.parse('2026-11-25T12:00:00Z');
const DAY = 86_400_000;

/** Both modules as a new page loads them: no formatter made, no table remembered. */
async function freshModules() {
  vi.resetModules();
  const mirror = await import('../../../src/data/core/club-time-zone-mirror');
  const clubTime = await import('@common/rules/club-time');
  return { ...mirror, ...clubTime };
}

/** Intl's date formatting, refused: what runs with it is what a first screen would pay for. */
function refuseIntlDates() {
  vi.spyOn(Intl, 'DateTimeFormat').mockImplementation(function refused() {
    throw new Error('Intl.DateTimeFormat used');
  });
}

describe('the mirrored club time zone', () => {
  it('keeps the zone and its offsets from 60 days before to 400 days after now', async () => {
    const { mirrorClubTimeZone } = await freshModules();
    await mirrorClubTimeZone('Europe/Paris', NOW);
    expect(localStorage.getItem('clubTimeZone')).toBe('Europe/Paris');
    const table = JSON.parse(localStorage.getItem('clubTimeZoneOffsets') ?? 'null');
    expect(table).toMatchObject({ zone: 'Europe/Paris', from: NOW - 60 * DAY, to: NOW + 400 * DAY });
  });

  it('keeps the zone at once, and builds the table only at an idle moment after', async () => {
    const { mirrorClubTimeZone } = await freshModules();
    const kept = mirrorClubTimeZone('Europe/Paris', NOW);
    expect(localStorage.getItem('clubTimeZone')).toBe('Europe/Paris');
    expect(localStorage.getItem('clubTimeZoneOffsets')).toBeNull();
    await kept;
    expect(localStorage.getItem('clubTimeZoneOffsets')).not.toBeNull();
  });

  it('lets the next start write club days and times without Intl, within the kept span', async () => {
    await (await freshModules()).mirrorClubTimeZone('America/New_York', NOW);
    const next = await freshModules();
    refuseIntlDates();
    expect(next.mirroredClubTimeZone()).toBe('America/New_York');
    const instant = new Date('2026-12-01T03:30:00Z');
    expect(next.clubDayOf(instant, 'America/New_York')).toBe('2026-11-30');
    expect(next.clubTimeOf(instant, 'America/New_York')).toBe('22:30');
    expect(next.clubDateTime('2027-03-14', '03:00', 'America/New_York').toISOString()).toBe(
      '2027-03-14T07:00:00.000Z',
    );
    // Beyond the span, Intl answers (here refused, so it shows).
    expect(() => next.clubDayOf(new Date(NOW + 500 * DAY), 'America/New_York')).toThrow(/Intl/);
  });

  it('ignores a stored table of another zone, or one that is no table', async () => {
    await (await freshModules()).mirrorClubTimeZone('Europe/Paris', NOW);
    for (const stored of [
      localStorage.getItem('clubTimeZoneOffsets') ?? '',
      '{"zone":"Asia/Tokyo","from":1}',
      '{broken',
    ]) {
      localStorage.setItem('clubTimeZone', 'Asia/Tokyo');
      localStorage.setItem('clubTimeZoneOffsets', stored);
      const next = await freshModules();
      refuseIntlDates();
      expect(next.mirroredClubTimeZone(), stored).toBe('Asia/Tokyo');
      expect(() => next.clubDayOf(new Date(NOW), 'Asia/Tokyo')).toThrow(/Intl/);
      vi.restoreAllMocks();
    }
  });

  it('on a first visit, keeps the table the club’s settings bring, the zone read and kept without Intl', async () => {
    // The server's table, built by another page's modules (Intl is refused in the one under test).
    const now = Date.now();
    const builder = await freshModules();
    const fromServer = builder.zoneOffsetsOf('America/New_York', now - 60 * DAY, now + 400 * DAY);
    // An instant inside the table, whatever today is; its wall clock as Intl writes it.
    const instant = new Date(now + 5 * DAY);
    const wallClock = builder.clubTimeOf(instant, 'America/New_York');
    const page = await freshModules();
    const { refreshClubSettings } = await import('../../../src/data/core/start-settings');
    const { appDb } = await import('../../../src/data/core/db');
    stubFetch(() =>
      json(200, { timezone: 'America/New_York', slogan: '', logo: '', timezone_offsets: fromServer }),
    );
    refuseIntlDates();
    try {
      await refreshClubSettings(appDb(), true);
      expect((await appDb().clubSettings.get('timezone'))?.value).toBe('America/New_York');
      expect(page.clubTimeOf(instant, 'America/New_York')).toBe(wallClock);
      // Kept for the next start as it came, once the page's reads are done.
      await vi.waitFor(
        () => expect(localStorage.getItem('clubTimeZoneOffsets')).toBe(JSON.stringify(fromServer)),
        {
          timeout: 5_000,
        },
      );
    } finally {
      vi.restoreAllMocks();
      vi.unstubAllGlobals();
    }
  });

  it('builds the table again only when the zone changed or its span runs short', async () => {
    const { mirrorClubTimeZone } = await freshModules();
    await mirrorClubTimeZone('Europe/Paris', NOW);
    const first = localStorage.getItem('clubTimeZoneOffsets');
    await mirrorClubTimeZone('Europe/Paris', NOW + 20 * DAY);
    expect(localStorage.getItem('clubTimeZoneOffsets')).toBe(first);
    await mirrorClubTimeZone('Europe/Paris', NOW + 120 * DAY);
    expect(JSON.parse(localStorage.getItem('clubTimeZoneOffsets') ?? '{}').from).toBe(NOW + 60 * DAY);
    await mirrorClubTimeZone('Europe/London', NOW + 120 * DAY);
    expect(JSON.parse(localStorage.getItem('clubTimeZoneOffsets') ?? '{}').zone).toBe('Europe/London');
  });
});
