import type { Kysely } from 'kysely';
import type { Config } from '../../config';
import type { Database } from '../../db/schema';
import { publicFilesDir } from '../../plugins/public-files';
import { lacksIcons, makeClubIcons, remakeOpaqueIcons } from '../files/club-icons';
import { readClubBrand } from '../settings/club-settings';

/**
 * The club's home-screen icons follow its logo and, when the logo is light, its accent colour
 * (docs/rules.md#club-settings). The files area makes the PNGs; the colour is the settings' to read.
 */
export async function refreshClubIcons(db: Kysely<Database>, config: Config): Promise<void> {
  const { accentColour } = await readClubBrand(db, config);
  await makeClubIcons(publicFilesDir(config), accentColour);
}

/** After an accent colour change: the icons whose tile is that colour are made again. */
export async function refreshOpaqueIcons(config: Config, accentColour: string): Promise<void> {
  await remakeOpaqueIcons(publicFilesDir(config), accentColour);
}

/**
 * At start, for the current club: icons for a logo uploaded before icons were made. Costs a file check when
 * they exist, so every start may ask; the decode runs once per club.
 */
export async function makeMissingClubIcons(db: Kysely<Database>, config: Config): Promise<void> {
  if (lacksIcons(publicFilesDir(config))) await refreshClubIcons(db, config);
}
