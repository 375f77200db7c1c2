/**
 * The club's public start settings, fetched: its time zone (weeks and hours are the club's, whatever the
 * device's zone), its slogan, its logo, its name and colour. Kept in Dexie so an offline start shows the
 * right weeks and the club's own logo; read by screens through data/settings.ts. Checked without zod
 * (contract/start-settings-parser.ts): the sign-in page reads them right after its first frame, and zod with
 * every contract schema is the signed-in code's, loaded at sign-in.
 */
import { DEFAULT_SLOGAN, DEFAULT_TIMEZONE } from '@common/contract/club-defaults';
import { START_SETTINGS_PATH } from '@common/contract/start-paths';
import { startSettingsParser } from '@common/contract/start-settings-parser';
import { isTimeZone, rememberZoneOffsets } from '@common/rules/club-time';
import { nearestPassingShade } from '@common/rules/colour-contrast';
import { isZoneOffsets } from '@common/rules/zone-offsets';
import { apiRequest } from './api-client';
import { mirrorClubBrand, mirrorClubLogo } from './club-brand-mirror';
import { mirrorClubTimeZone } from './club-time-zone-mirror';
import type { EquipeeDb } from './db';
import { keepStartBrand, latestStartBrand } from './start-brand';

export async function clubTimeZone(db: EquipeeDb): Promise<string> {
  return (await db.clubSettings.get('timezone'))?.value ?? DEFAULT_TIMEZONE;
}

/** The settings change rarely: several screens asking at start (header, sync engine, logo) read them once. */
const FRESH_FOR_MS = 5 * 60_000;
// Per database: tests (and a sign-out's fresh database) do not share another one's freshness.
const reads = new WeakMap<EquipeeDb, { reading?: Promise<void>; readAt: number }>();

/**
 * Reads the start settings and wears them: the zone's table and mirror, the club's title and colour, its name
 * and logo for the sign-in forms (in memory and mirrored). Opens no database.
 */
async function readStartSettings() {
  const { timezone, slogan, logo, club_name, accent_colour, timezone_offsets } = await apiRequest(
    'GET',
    START_SETTINGS_PATH,
    { schema: startSettingsParser, isAnonymous: true },
  );
  // The server's table of the zone first: the zone is then known, and its times read, without Intl.
  const table =
    isZoneOffsets(timezone_offsets) && timezone_offsets.zone === timezone ? timezone_offsets : undefined;
  if (table) rememberZoneOffsets(table);
  const zone = isTimeZone(timezone) ? timezone : DEFAULT_TIMEZONE;
  void mirrorClubTimeZone(zone, Date.now(), table);
  if (club_name && accent_colour) wearClubBrand(club_name, accent_colour);
  mirrorClubLogo(logo);
  keepStartBrand({ clubName: club_name || null, logoUrl: logo });
  return { zone, slogan, logo, club_name, accent_colour };
}

async function readIntoCache(db: EquipeeDb): Promise<void> {
  const { zone, slogan, logo, club_name, accent_colour } = await readStartSettings();
  await db.clubSettings.bulkPut([
    { key: 'timezone', value: zone },
    { key: 'slogan', value: slogan || DEFAULT_SLOGAN },
    { key: 'logo', value: logo },
    ...(club_name ? [{ key: 'club_name' as const, value: club_name }] : []),
    ...(accent_colour ? [{ key: 'accent_colour' as const, value: accent_colour }] : []),
  ]);
}

let signedOutRead: Promise<void> | undefined;

/**
 * Signed out (the sign-in forms): the start settings read and worn without the cache, once a page; a failure
 * keeps the mirrored name and logo, and the next form asks again.
 */
export function refreshStartBrand(): Promise<void> {
  if (latestStartBrand()) return Promise.resolve();
  signedOutRead ??= readStartSettings()
    .then(
      () => undefined,
      () => undefined,
    )
    .finally(() => {
      signedOutRead = undefined;
    });
  return signedOutRead;
}

/**
 * The page title and the primary controls' colour follow the club (docs/rules.md#club-settings). A colour
 * saved before the contrast rule that carries white text badly is worn as its nearest passing shade.
 */
export function wearClubBrand(name: string, accent: string): void {
  if (/^#[0-9a-fA-F]{6}$/.test(accent)) mirrorClubBrand(name, nearestPassingShade(accent));
}

/**
 * Fetches the club's settings into the cache in one request; a failure keeps what was cached. Callers at
 * the same time share one request, and a read younger than five minutes is not repeated unless `force`d
 * (back online).
 */
export function refreshClubSettings(db: EquipeeDb, force = false): Promise<void> {
  let state = reads.get(db);
  if (!state) {
    state = { readAt: 0 };
    reads.set(db, state);
  }
  const read = state;
  if (!read.reading && (force || Date.now() - read.readAt >= FRESH_FOR_MS)) {
    read.reading = readIntoCache(db)
      .then(() => {
        read.readAt = Date.now();
      })
      .finally(() => {
        read.reading = undefined;
      });
  }
  return read.reading ?? Promise.resolve();
}
