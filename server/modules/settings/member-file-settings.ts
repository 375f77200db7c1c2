import {
  type HealthPresetCopy,
  healthPresetCopySchema,
  healthProfileSchema,
  LICENCE_TYPES_MAX,
  licenceTypeSchema,
  type MemberFileSettings,
  monthDayField,
} from '@common/contract/member-file';
import { z } from '@common/contract/zod';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { HttpError } from '../../http-error';
import { deleteSetting, readSetting, writeSetting } from './settings.repository';

// The member's file's club settings (docs/rules.md#members-file), with their defaults while unset.
type Db = Kysely<Database>;

type LicenceType = MemberFileSettings['licence_types'][number];
const licenceTypesField = z.array(licenceTypeSchema).max(LICENCE_TYPES_MAX);

export const MEMBER_FILE_DEFAULTS: MemberFileSettings = {
  season_start: '09-01',
  grace_end: '09-30',
  health_profile: 'code_du_sport',
  licence_types: [],
  health_keep_seasons: 1,
  health_preset_copy: null,
};

/** The club's edited copy of a preset, null while unset or no longer based on the club's preset. */
async function presetCopy(
  db: Db,
  profile: MemberFileSettings['health_profile'],
): Promise<HealthPresetCopy | null> {
  const stored = await readSetting(db, 'health_preset_copy');
  if (!stored) return null;
  const parsed = healthPresetCopySchema.safeParse(JSON.parse(stored));
  return parsed.success && parsed.data.based_on === profile ? parsed.data : null;
}

/** The club's licence types: none while the Admin has named none (then any type is taken). */
export async function licenceTypes(db: Db): Promise<LicenceType[]> {
  const stored = await readSetting(db, 'licence_types');
  if (!stored) return [];
  const parsed = licenceTypesField.safeParse(JSON.parse(stored));
  return parsed.success ? parsed.data : [];
}

export async function memberFileSettings(db: Db): Promise<MemberFileSettings> {
  const [start, grace, profile, keep] = await Promise.all(
    ['season_start', 'grace_end', 'health_profile', 'health_keep_seasons'].map((key) => readSetting(db, key)),
  );
  const keepSeasons = Number(keep);
  const healthProfile = healthProfileSchema.safeParse(profile).data ?? MEMBER_FILE_DEFAULTS.health_profile;
  return {
    season_start: monthDayField.safeParse(start).data ?? MEMBER_FILE_DEFAULTS.season_start,
    grace_end: monthDayField.safeParse(grace).data ?? MEMBER_FILE_DEFAULTS.grace_end,
    health_profile: healthProfile,
    licence_types: await licenceTypes(db),
    health_keep_seasons:
      keep !== undefined && Number.isInteger(keepSeasons) && keepSeasons >= 0 && keepSeasons <= 10
        ? keepSeasons
        : MEMBER_FILE_DEFAULTS.health_keep_seasons,
    health_preset_copy: await presetCopy(db, healthProfile),
  };
}

/**
 * Writes the member's file settings sent, leaving the others. A copy must be based on the club's preset (the
 * one sent with it, else the stored one): 400 otherwise. Another preset drops a copy based on the old one
 * (docs/rules.md#members-file).
 */
export async function writeMemberFileSettings(
  db: Db,
  changes: Partial<MemberFileSettings>,
  now: Date,
): Promise<void> {
  const { health_preset_copy: copy, ...rest } = changes;
  const profile = rest.health_profile ?? (await memberFileSettings(db)).health_profile;
  if (copy && copy.based_on !== profile) throw new HttpError(400, 'invalid_input', 'health_preset_copy');
  for (const [key, value] of Object.entries(rest)) {
    if (value === undefined) continue;
    await writeSetting(db, key, typeof value === 'string' ? value : JSON.stringify(value), now);
  }
  if (copy) await writeSetting(db, 'health_preset_copy', JSON.stringify(copy), now);
  else if (copy === null || (await presetCopy(db, profile)) === null)
    await deleteSetting(db, 'health_preset_copy');
}
