import {
  DEFAULT_ACCENT_COLOUR,
  DEFAULT_REMINDER_HOURS,
  MAX_REMINDER_HOURS,
} from '@common/contract/club-defaults';
import type { Kysely } from 'kysely';
import type { Config } from '../../config';
import type { Database } from '../../db/schema';
import type { PageBrand } from '../../html';
import type { MailBrand } from '../../mail/html-layout';
import { absoluteLogoUrl, logoUrl } from '../../plugins/public-files';
import { readSetting } from './settings.repository';

/** The display name of MAIL_FROM (`Club <address>`), the club's name until an admin sets one. */
export function defaultClubName(config: Pick<Config, 'mailFrom'>): string {
  const named = /^\s*"?([^"<]*?)"?\s*<[^>]+>\s*$/.exec(config.mailFrom)?.[1]?.trim();
  return named || 'Équipée';
}

/** The club as mails and the app's header show it: its name, accent colour and logo. */
export async function readClubBrand(db: Kysely<Database>, config: Config): Promise<MailBrand> {
  const [name, colour] = await Promise.all([readSetting(db, 'club_name'), readSetting(db, 'accent_colour')]);
  return {
    clubName: name ?? defaultClubName(config),
    accentColour: colour ?? DEFAULT_ACCENT_COLOUR,
    logoUrl: absoluteLogoUrl(config),
  };
}

/** The `short_name` an Admin set (docs/rules.md#club-settings), null while unset. */
export async function storedShortName(db: Kysely<Database>): Promise<string | null> {
  return (await readSetting(db, 'short_name')) || null;
}

/** The club as the server's own pages show it (answer links, unsubscribe): its name and logo, same-origin. */
export async function readPageBrand(db: Kysely<Database>, config: Config): Promise<PageBrand> {
  return {
    clubName: (await readSetting(db, 'club_name')) ?? defaultClubName(config),
    logoUrl: logoUrl(config) || '/icons/icon-192.png',
  };
}

/** The club's `reminder_hours` (0: off), the default while an admin has not set it. */
export async function reminderHours(db: Kysely<Database>): Promise<number> {
  const stored = Number(await readSetting(db, 'reminder_hours'));
  return Number.isInteger(stored) && stored >= 0 && stored <= MAX_REMINDER_HOURS
    ? stored
    : DEFAULT_REMINDER_HOURS;
}

/** The club's `child_login_age` (docs/rules.md#families): 15 unless an admin set another age, 15–18. */
export async function childLoginAge(db: Kysely<Database>): Promise<number> {
  const stored = Number(await readSetting(db, 'child_login_age'));
  return Number.isInteger(stored) && stored >= 15 && stored <= 18 ? stored : 15;
}

/** The club's `guardians_invite_guardians`: guardians link another guardian unless an admin switched it off. */
export async function guardiansInviteGuardians(db: Kysely<Database>): Promise<boolean> {
  return (await readSetting(db, 'guardians_invite_guardians')) !== 'false';
}

/** The club's `show_attendees`: members see who's coming unless an admin switched it off. */
export async function showAttendees(db: Kysely<Database>): Promise<boolean> {
  return (await readSetting(db, 'show_attendees')) !== 'false';
}
