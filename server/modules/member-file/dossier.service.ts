import type { Dossier, HealthItem } from '@common/contract/member-file';
import { dossierOf } from '@common/rules/member-file';
import { clubPreset } from '@common/rules/member-file-club-preset';
import type { Kysely } from 'kysely';
import type { AppDeps } from '../../app-deps';
import type { Database, UserRow } from '../../db/schema';
import { clubToday } from '../family/acting-for.service';
import { memberFileSettings } from '../settings/member-file-settings';
import { assertMayActOnAccount } from '../users/member-access';
import { healthItemsOf, licencesOf } from './member-file.repository';
import { memberOf, toHealthItem } from './member-file.service';

type Db = Kysely<Database>;

/** « Mon dossier » asks the licence and the health papers, as the club's preset reads them. */
const OWN_FILE = { licence: true, health: true, competition: false, savoir_nager: false } as const;

/**
 * `GET /api/user/{id}/dossier?date=` (docs/rules.md#members-file): the file's status on a club day (today by
 * default), computed by the shared rule `dossierOf` under the club's preset and season settings; for the
 * member, an unrestricted guardian of a minor and Admins.
 */
export async function readDossier(
  deps: Pick<AppDeps, 'now'>,
  db: Db,
  actor: UserRow,
  id: string,
  date: string | undefined,
): Promise<Dossier> {
  const member = await memberOf(db, actor, id);
  await assertMayActOnAccount(deps, db, actor, member, 'health', 'read');
  const [settings, licences, items] = await Promise.all([
    memberFileSettings(db),
    licencesOf(db, member.id),
    healthItemsOf(db, member.id),
  ]);
  const health = items.map((row): HealthItem => {
    const { recorded_at: _at, recorded_by_admin: _byAdmin, ...item } = toHealthItem(row);
    return item;
  });
  const file = {
    birth_date: member.birth_date,
    licences: licences.map(({ season, number, federation, type, start_day, end_day }) => ({
      ...{ season, number, federation, type },
      start: start_day ?? null,
      end: end_day ?? null,
    })),
    health,
  };
  const preset = clubPreset(settings);
  return dossierOf(file, OWN_FILE, preset, settings, date ?? clubToday(deps));
}
