/**
 * The club's public settings, fetched: its time zone (weeks and hours are the club's, whatever the
 * device's zone), its slogan and its logo. Kept in Dexie so an offline start shows the right weeks and the
 * club's own logo; read
 * by screens through data/settings.ts. Parsed with the contract's schema, so loaded after the first paint.
 */
import { DEFAULT_SLOGAN, DEFAULT_TIMEZONE } from '@common/contract/club-defaults';
import {
  CLUB_SETTINGS_PATH,
  type ClubSettings,
  clubSettingsSchema,
  type PublicSettingKey,
  settingResponseSchema,
  startSettingsSchema,
} from '@common/contract/settings';
import { START_SETTINGS_PATH } from '@common/contract/start-paths';
import { isTimeZone, rememberZoneOffsets } from '@common/rules/club-time';
import { nearestPassingShade } from '@common/rules/colour-contrast';
import { isZoneOffsets } from '@common/rules/zone-offsets';
import { apiRequest } from './api-client';
import { mirrorClubBrand } from './club-brand-mirror';
import { mirrorClubTimeZone } from './club-time-zone-mirror';
import type { EquipeeDb } from './db';

/** One public setting's value ('' for a logo never uploaded). */
export async function readPublicSetting(key: PublicSettingKey): Promise<string> {
  const answer = await apiRequest('GET', `/api/internal/settings?key=${key}`, {
    schema: settingResponseSchema,
    isAnonymous: true,
  });
  return answer.key === key ? answer.value : '';
}

export async function clubTimeZone(db: EquipeeDb): Promise<string> {
  return (await db.clubSettings.get('timezone'))?.value ?? DEFAULT_TIMEZONE;
}

/** The settings change rarely: several screens asking at start (header, sync engine, logo) read them once. */
const FRESH_FOR_MS = 5 * 60_000;
// Per database: tests (and a sign-out's fresh database) do not share another one's freshness.
const reads = new WeakMap<EquipeeDb, { reading?: Promise<void>; readAt: number }>();

async function readIntoCache(db: EquipeeDb): Promise<void> {
  const { timezone, slogan, logo, club_name, accent_colour, timezone_offsets } = await apiRequest(
    'GET',
    START_SETTINGS_PATH,
    { schema: startSettingsSchema, isAnonymous: true },
  );
  // The server's table of the zone first: the zone is then known, and its times read, without Intl.
  const table =
    isZoneOffsets(timezone_offsets) && timezone_offsets.zone === timezone ? timezone_offsets : undefined;
  if (table) rememberZoneOffsets(table);
  const zone = isTimeZone(timezone) ? timezone : DEFAULT_TIMEZONE;
  void mirrorClubTimeZone(zone, Date.now(), table);
  if (club_name && accent_colour) wearClubBrand(club_name, accent_colour);
  await db.clubSettings.bulkPut([
    { key: 'timezone', value: zone },
    { key: 'slogan', value: slogan || DEFAULT_SLOGAN },
    { key: 'logo', value: logo },
    ...(club_name ? [{ key: 'club_name' as const, value: club_name }] : []),
    ...(accent_colour ? [{ key: 'accent_colour' as const, value: accent_colour }] : []),
  ]);
}

/**
 * The page title and the primary controls' colour follow the club (docs/rules.md#club-settings). A colour
 * saved before the contrast rule that carries white text badly is worn as its nearest passing shade.
 */
function wearClubBrand(name: string, accent: string): void {
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

/** Saves the slogan (admin) and caches the server's answer: this tab's header shows it at once. */
export async function saveSlogan(db: EquipeeDb, value: string): Promise<string> {
  const answer = await apiRequest(
    'PUT',
    `/api/internal/settings?key=slogan&value=${encodeURIComponent(value)}`,
    {
      schema: settingResponseSchema,
    },
  );
  await db.clubSettings.put({ key: 'slogan', value: answer.value });
  return answer.value;
}

/** The club's name, colour and reminder delay as the server holds them (Admin). */
export function readClubSettings(): Promise<ClubSettings> {
  return apiRequest('GET', CLUB_SETTINGS_PATH, { schema: clubSettingsSchema });
}

/** Saves them (Admin) and caches the name and colour: this tab's header shows them at once. */
export async function saveClubSettings(db: EquipeeDb, changes: Partial<ClubSettings>): Promise<ClubSettings> {
  const answer = await apiRequest('PUT', CLUB_SETTINGS_PATH, { body: changes, schema: clubSettingsSchema });
  wearClubBrand(answer.club_name, answer.accent_colour);
  await db.clubSettings.bulkPut([
    { key: 'club_name', value: answer.club_name },
    { key: 'accent_colour', value: answer.accent_colour },
  ]);
  return answer;
}

/** Sends the logo (admin) as `logo.png` and caches its public URL, which it answers. */
export async function saveLogo(db: EquipeeDb, file: Blob): Promise<string> {
  const formData = new FormData();
  formData.append('file', file, 'logo.png');
  const answer = await apiRequest('PUT', '/api/internal/settings/logo', {
    formData,
    schema: settingResponseSchema,
  });
  await db.clubSettings.put({ key: 'logo', value: answer.value });
  return answer.value;
}
