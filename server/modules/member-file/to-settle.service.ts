import type { DossierToSettle } from '@common/contract/dossiers-to-settle';
import { DOSSIER_STATUSES, type HealthItem } from '@common/contract/member-file';
import { dossierOf, type MemberFile, SOON_DAYS } from '@common/rules/member-file';
import { clubPreset } from '@common/rules/member-file-club-preset';
import { addDays } from '@common/rules/member-file-days';
import type { MemberFilePreset } from '@common/rules/member-file-presets';
import { isAdminRole } from '@common/rules/roles';
import type { Kysely } from 'kysely';
import type { Database, UserRow } from '../../db/schema';
import { HttpError } from '../../http-error';
import { memberFileSettings } from '../settings/member-file-settings';
import type { HealthItemRow, LicenceRow } from './member-file.repository';
import { toHealthItem } from './member-file.service';
import { activeMembers, everyHealthItem, everyLicence } from './to-settle.repository';

type Db = Kysely<Database>;
type Settings = Awaited<ReturnType<typeof memberFileSettings>>;

/** The member's own file, as « Mon dossier » reads it: the licence and the health papers, under the preset in force. */
const OWN_FILE = { licence: true, health: true, competition: false, savoir_nager: false } as const;

function grouped<T extends { user_id: string }>(rows: readonly T[]): Map<string, T[]> {
  const byMember = new Map<string, T[]>();
  for (const row of rows) byMember.set(row.user_id, [...(byMember.get(row.user_id) ?? []), row]);
  return byMember;
}

const asItem = (row: HealthItemRow): HealthItem => {
  const { recorded_at: _at, recorded_by_admin: _byAdmin, ...item } = toHealthItem(row);
  return item;
};

/**
 * The last day a `soon` file is still complete: the day before the first of the next SOON_DAYS + 1 days on
 * which the rule no longer answers `ok` or `soon` (the same rule, asked for those days).
 */
function lastCompleteDay(file: MemberFile, preset: MemberFilePreset, settings: Settings, today: string) {
  for (let offset = 1; offset <= SOON_DAYS + 1; offset += 1) {
    const day = addDays(today, offset);
    const { status } = dossierOf(file, OWN_FILE, preset, settings, day);
    if (status !== 'ok' && status !== 'soon') return addDays(day, -1);
  }
  return null;
}

const severity = (entry: DossierToSettle) => DOSSIER_STATUSES.indexOf(entry.status);
const collator = new Intl.Collator('fr', { sensitivity: 'base' });

/**
 * `GET /api/user/dossiers-to-settle` (docs/rules.md#members-file): every active member whose own file is not
 * `ok` on `today` (club day), `soon` included as it asks for a renewal, most severe first then by name. Admins
 * only: the reasons are health data. One batch read for the whole club, then the shared rule per member.
 */
export async function dossiersToSettle(db: Db, actor: UserRow, today: string): Promise<DossierToSettle[]> {
  if (!isAdminRole(actor.role_name)) throw new HttpError(403, 'forbidden');
  const [settings, members, licences, items] = await Promise.all([
    memberFileSettings(db),
    activeMembers(db),
    everyLicence(db),
    everyHealthItem(db),
  ]);
  const preset = clubPreset(settings);
  const licencesOf = grouped<LicenceRow>(licences);
  const itemsOf = grouped<HealthItemRow>(items);
  const entries: DossierToSettle[] = [];
  for (const member of members) {
    const memberLicences = licencesOf.get(member.id) ?? [];
    const file: MemberFile = {
      birth_date: member.birth_date,
      licences: memberLicences.map(({ season, number, federation, type, start_day, end_day }) => ({
        ...{ season, number, federation, type },
        start: start_day ?? null,
        end: end_day ?? null,
      })),
      health: (itemsOf.get(member.id) ?? []).map(asItem),
    };
    const { status, reasons } = dossierOf(file, OWN_FILE, preset, settings, today);
    if (status === 'ok') continue;
    const newest = memberLicences[0];
    const hasName = member.first_name !== null || member.last_name !== null;
    entries.push({
      id: member.id,
      first_name: member.first_name,
      last_name: hasName ? member.last_name : member.username,
      status,
      reasons,
      licence: newest ? { season: newest.season, number: newest.number } : null,
      ends_on: status === 'soon' ? lastCompleteDay(file, preset, settings, today) : null,
    });
  }
  return entries.sort(
    (a, b) =>
      severity(b) - severity(a) ||
      collator.compare(a.last_name ?? '', b.last_name ?? '') ||
      collator.compare(a.first_name ?? '', b.first_name ?? ''),
  );
}
