import {
  healthProfileSchema,
  LICENCE_TYPES_MAX,
  licenceTypeSchema,
  type MemberFileSettings,
  monthDayField,
} from '@common/contract/member-file';
import { z } from '@common/contract/zod';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { readSetting, writeSetting } from './settings.repository';

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
};

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
  return {
    season_start: monthDayField.safeParse(start).data ?? MEMBER_FILE_DEFAULTS.season_start,
    grace_end: monthDayField.safeParse(grace).data ?? MEMBER_FILE_DEFAULTS.grace_end,
    health_profile: healthProfileSchema.safeParse(profile).data ?? MEMBER_FILE_DEFAULTS.health_profile,
    licence_types: await licenceTypes(db),
    health_keep_seasons:
      keep !== undefined && Number.isInteger(keepSeasons) && keepSeasons >= 0 && keepSeasons <= 10
        ? keepSeasons
        : MEMBER_FILE_DEFAULTS.health_keep_seasons,
  };
}

/** Writes the member's file settings sent, leaving the others. */
export async function writeMemberFileSettings(
  db: Db,
  changes: Partial<MemberFileSettings>,
  now: Date,
): Promise<void> {
  for (const [key, value] of Object.entries(changes)) {
    if (value === undefined) continue;
    await writeSetting(db, key, typeof value === 'string' ? value : JSON.stringify(value), now);
  }
}
