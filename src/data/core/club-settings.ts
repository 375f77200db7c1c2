/**
 * The club's settings an Admin reads and saves, and one public setting read alone (the address search).
 * Parsed with the contract's schemas, so loaded on first use; the start settings every page reads are
 * start-settings.ts's, without zod.
 */
import {
  CLUB_SETTINGS_PATH,
  type ClubSettings,
  clubSettingsSchema,
  type PublicSettingKey,
  settingResponseSchema,
} from '@common/contract/settings';
import { apiRequest } from './api-client';
import { mirrorClubLogo } from './club-brand-mirror';
import type { EquipeeDb } from './db';
import { amendStartBrand } from './start-brand';
import { wearClubBrand } from './start-settings';

/** One public setting's value ('' for a logo never uploaded). */
export async function readPublicSetting(key: PublicSettingKey): Promise<string> {
  const answer = await apiRequest('GET', `/api/internal/settings?key=${key}`, {
    schema: settingResponseSchema,
    isAnonymous: true,
  });
  return answer.key === key ? answer.value : '';
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

/**
 * Saves them (Admin) and caches the name and colour: this tab's header and sign-in forms show them at once.
 */
export async function saveClubSettings(db: EquipeeDb, changes: Partial<ClubSettings>): Promise<ClubSettings> {
  const answer = await apiRequest('PUT', CLUB_SETTINGS_PATH, { body: changes, schema: clubSettingsSchema });
  wearClubBrand(answer.club_name, answer.accent_colour);
  amendStartBrand({ clubName: answer.club_name || null });
  await db.clubSettings.bulkPut([
    { key: 'club_name', value: answer.club_name },
    { key: 'accent_colour', value: answer.accent_colour },
  ]);
  return answer;
}

/**
 * Sends the logo (admin) as `logo.png` and caches its public URL, which it answers, for this tab and, in the
 * mirror, for the next start's sign-in page.
 */
export async function saveLogo(db: EquipeeDb, file: Blob): Promise<string> {
  const formData = new FormData();
  formData.append('file', file, 'logo.png');
  const answer = await apiRequest('PUT', '/api/internal/settings/logo', {
    formData,
    schema: settingResponseSchema,
  });
  mirrorClubLogo(answer.value);
  amendStartBrand({ logoUrl: answer.value });
  await db.clubSettings.put({ key: 'logo', value: answer.value });
  return answer.value;
}
