/**
 * The club's time zone as last cached, mirrored in localStorage: the first render of a page reads it
 * synchronously, without waiting for IndexedDB to open, so the week screen knows at once which week to read
 * from the cache (an offline start shows its events one database round trip sooner). Dexie's clubSettings
 * stays the source the screens follow: its live answer replaces this at once if they ever differ.
 *
 * Beside it, the table of the zone's offsets for the months around the last start (common/rules/
 * zone-offsets.ts): with it, the first screen writes the club's dates and times without Intl, whose first
 * use in a page costs tens of milliseconds on a phone. Outside the table's span, Intl answers as before.
 */
import { rememberZoneOffsets, zoneOffsetsOf } from '@common/rules/club-time';
import { isZoneOffsets, ZONE_TABLE_SPAN, type ZoneOffsets } from '@common/rules/zone-offsets';
import { afterNextPaint } from './after-paint';
import { whenNetworkQuiet } from './connectivity';

const CLUB_TIME_ZONE_KEY = 'clubTimeZone';
const ZONE_OFFSETS_KEY = 'clubTimeZoneOffsets';
const DAY_MS = 86_400_000;
/** The table is for the next start: built once the page's reads are done (network quiet this long). */
const QUIET_MS = 1_500;
const QUIET_WAIT_AT_MOST_MS = 30_000;
/** A kept table is built again once it covers less than this around now. */
const KEEP = { before: 30 * DAY_MS, after: 300 * DAY_MS };

function storedTable(): ZoneOffsets | undefined {
  try {
    const table: unknown = JSON.parse(localStorage.getItem(ZONE_OFFSETS_KEY) ?? 'null');
    return isZoneOffsets(table) ? table : undefined;
  } catch {
    return undefined;
  }
}

const isFreshFor = (table: ZoneOffsets | undefined, timeZone: string, now: number): table is ZoneOffsets =>
  table?.zone === timeZone && table.from <= now - KEEP.before && table.to >= now + KEEP.after;

function keepOffsets(timeZone: string, now: number, given: ZoneOffsets | undefined): void {
  if (isFreshFor(storedTable(), timeZone, now)) return;
  // The server's table when it came with the settings, else one built here with Intl.
  const table = isFreshFor(given, timeZone, now)
    ? given
    : zoneOffsetsOf(timeZone, now - ZONE_TABLE_SPAN.before, now + ZONE_TABLE_SPAN.after);
  localStorage.setItem(ZONE_OFFSETS_KEY, JSON.stringify(table));
  rememberZoneOffsets(table);
}

/** The zone as read at this page's start or kept since: read from storage once per page. */
let mirrored: { zone: string | undefined } | undefined;

/**
 * Keeps the zone now, and its table of offsets once the first screen's reads are done, at an idle moment
 * (building one must not compete with a first visit's paint); settled once kept.
 */
export async function mirrorClubTimeZone(
  timeZone: string,
  now = Date.now(),
  given?: ZoneOffsets,
): Promise<void> {
  mirrored = { zone: timeZone };
  try {
    localStorage.setItem(CLUB_TIME_ZONE_KEY, timeZone);
    await whenNetworkQuiet(QUIET_MS, QUIET_WAIT_AT_MOST_MS);
    await new Promise<void>((done) => afterNextPaint(done, true));
    keepOffsets(timeZone, now, given);
  } catch {
    // A full or blocked storage costs the next start one database read and Intl's data, nothing else.
  }
}

/** The mirrored zone, its offsets remembered for the club-time rules; undefined when none was kept. */
export function mirroredClubTimeZone(): string | undefined {
  mirrored ??= { zone: restore() };
  return mirrored.zone;
}

function restore(): string | undefined {
  try {
    const zone = localStorage.getItem(CLUB_TIME_ZONE_KEY) ?? undefined;
    const table = zone ? storedTable() : undefined;
    if (table && table.zone === zone) rememberZoneOffsets(table);
    return zone;
  } catch {
    return undefined;
  }
}
