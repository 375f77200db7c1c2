/**
 * The club's settings every screen needs before anything else: its time zone (weeks and hours are the
 * club's, whatever the device's zone) and its slogan. Read from the server's public settings, kept in
 * Dexie so an offline start shows the right weeks, and read by screens through data/settings.ts.
 */
import { DEFAULT_SLOGAN, settingResponseSchema } from '../../common/contract/settings';
import { isTimeZone } from '../../common/rules/club-time';
import { apiRequest } from './api-client';
import type { ClubSettingRow, EquipeeDb } from './db';

/** The server's default CLUB_TIMEZONE, used until the club's own is known. */
export const DEFAULT_TIMEZONE = 'Europe/Paris';

async function readPublicSetting(key: ClubSettingRow['key']): Promise<string> {
  const answer = await apiRequest('GET', `/api/internal/settings?key=${key}`, {
    schema: settingResponseSchema,
    isAnonymous: true,
  });
  return answer.key === key ? answer.value : '';
}

export async function clubTimeZone(db: EquipeeDb): Promise<string> {
  return (await db.clubSettings.get('timezone'))?.value ?? DEFAULT_TIMEZONE;
}

/** Fetches the club's settings into the cache; a failure keeps what was cached. */
export async function refreshClubSettings(db: EquipeeDb): Promise<void> {
  const [timezone, slogan] = await Promise.all([readPublicSetting('timezone'), readPublicSetting('slogan')]);
  await db.clubSettings.bulkPut([
    { key: 'timezone', value: isTimeZone(timezone) ? timezone : DEFAULT_TIMEZONE },
    { key: 'slogan', value: slogan || DEFAULT_SLOGAN },
  ]);
}
