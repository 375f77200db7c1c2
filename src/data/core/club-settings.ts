/**
 * The club's public settings, fetched: its time zone (weeks and hours are the club's, whatever the
 * device's zone), its slogan and its logo. Kept in Dexie so an offline start shows the right weeks; read
 * by screens through data/settings.ts. Parsed with the contract's schema, so loaded after the first paint.
 */
import { DEFAULT_SLOGAN, DEFAULT_TIMEZONE } from '../../common/contract/club-defaults';
import { type PublicSettingKey, settingResponseSchema } from '../../common/contract/settings';
import { isTimeZone } from '../../common/rules/club-time';
import { apiRequest } from './api-client';
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

/** Fetches the club's settings into the cache; a failure keeps what was cached. */
export async function refreshClubSettings(db: EquipeeDb): Promise<void> {
  const [timezone, slogan] = await Promise.all([readPublicSetting('timezone'), readPublicSetting('slogan')]);
  await db.clubSettings.bulkPut([
    { key: 'timezone', value: isTimeZone(timezone) ? timezone : DEFAULT_TIMEZONE },
    { key: 'slogan', value: slogan || DEFAULT_SLOGAN },
  ]);
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

/** Sends the logo (admin) as `logo.png` (product-spec §7); answers its public URL. */
export async function saveLogo(file: Blob): Promise<string> {
  const formData = new FormData();
  formData.append('file', file, 'logo.png');
  const answer = await apiRequest('PUT', '/api/internal/settings/logo', {
    formData,
    schema: settingResponseSchema,
  });
  return answer.value;
}
