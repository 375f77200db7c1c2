import type {
  Dossier,
  DossierReason,
  Enforcement,
  HealthItem,
  Requirements,
} from '@common/contract/member-file';
import { clubDayOf } from '@common/rules/club-time';
import { dossierForOrganiser, dossierOf, type MemberFile } from '@common/rules/member-file';
import { clubPreset } from '@common/rules/member-file-club-preset';
import type { Kysely } from 'kysely';
import { currentClub } from '../../db/club-scope/current-club';
import type { Database } from '../../db/schema';
import { DossierIncompleteError } from '../../http-error';
import { requirementsOfRow } from '../catalog/models.repository';
import { memberFileSettings } from '../settings/member-file-settings';
import { toHealthItem } from './member-file.service';
import {
  birthDatesOf,
  eventFileRuleRow,
  healthItemsOfMembers,
  licencesOfMembers,
} from './member-files.repository';

type Db = Kysely<Database>;

/** What an event asks of its subscribers' files, and the club day it is judged on: its first. */
export interface EventFileRule {
  requirements: Requirements | null;
  enforcement: Enforcement;
  day: string;
}

/** An event's rule for members' files (docs/rules.md#members-file); undefined for an unknown event. */
export async function eventFileRule(db: Db, uuidEvent: string): Promise<EventFileRule | undefined> {
  const row = await eventFileRuleRow(db, uuidEvent);
  if (!row) return undefined;
  return {
    requirements: requirementsOfRow(row),
    enforcement: row.enforcement,
    day: clubDayOf(row.start_date, currentClub().timezone),
  };
}

/** These members' files, read in one batch. */
export async function memberFilesOf(db: Db, memberIds: readonly string[]): Promise<Map<string, MemberFile>> {
  const ids = [...new Set(memberIds)];
  const [people, licences, items] = await Promise.all([
    birthDatesOf(db, ids),
    licencesOfMembers(db, ids),
    healthItemsOfMembers(db, ids),
  ]);
  const files = new Map<
    string,
    MemberFile & { licences: MemberFile['licences'][number][]; health: HealthItem[] }
  >();
  for (const person of people)
    files.set(person.id, { birth_date: person.birth_date, licences: [], health: [] });
  // A federation's export may give the licence its own first and last days (docs/rules.md#members-file).
  for (const { user_id, season, number, federation, type, start_day, end_day } of licences)
    files.get(user_id)?.licences.push({ season, number, federation, type, start: start_day, end: end_day });
  for (const row of items) {
    const { recorded_at: _at, recorded_by_admin: _byAdmin, ...item } = toHealthItem(row);
    files.get(row.user_id)?.health.push(item);
  }
  return files;
}

/**
 * Each member's file status on `day` for `requirements`, under the club's preset and season settings; a
 * member the club does not know is missing everything asked.
 */
export async function dossiersOfMembers(
  db: Db,
  memberIds: readonly string[],
  requirements: Requirements,
  day: string,
): Promise<Map<string, Dossier>> {
  const [settings, files] = await Promise.all([memberFileSettings(db), memberFilesOf(db, memberIds)]);
  const preset = clubPreset(settings);
  const answers = new Map<string, Dossier>();
  for (const id of memberIds) {
    const file = files.get(id) ?? { birth_date: null, licences: [], health: [] };
    answers.set(id, dossierOf(file, requirements, preset, settings, day));
  }
  return answers;
}

/** `ok` and `soon` let a member take part; anything else is an incomplete file. */
export const isComplete = (d: Dossier): boolean => d.status === 'ok' || d.status === 'soon';

/**
 * The file check of a subscribe or a join of the waiting list (docs/rules.md#members-file). Nothing asked or
 * a complete file: no warning. Under `warn`: the reasons, as warnings. Under `block`: 409 `dossier_incomplete`
 * with the reasons, unless one who may take attendance sent `override` (then `overridden`: the caller keeps
 * the audit, and the answer carries no warnings). `readsHealth` is false for an organiser acting for another member, who reads the
 * reasons as organisers do (`caci_required` as `health_missing`).
 */
export async function checkDossier(
  db: Db,
  uuidEvent: string,
  memberId: string,
  options: { readsHealth: boolean; override: boolean; mayOverride: boolean },
): Promise<{ warnings: DossierReason[]; overridden: boolean }> {
  const rule = await eventFileRule(db, uuidEvent);
  if (!rule?.requirements) return { warnings: [], overridden: false };
  const found = (await dossiersOfMembers(db, [memberId], rule.requirements, rule.day)).get(memberId);
  if (!found || isComplete(found)) return { warnings: [], overridden: false };
  const { reasons } = options.readsHealth ? found : dossierForOrganiser(found);
  if (rule.enforcement === 'warn') return { warnings: reasons, overridden: false };
  if (options.override && options.mayOverride) return { warnings: reasons, overridden: true };
  throw new DossierIncompleteError(reasons);
}
