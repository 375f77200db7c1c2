import type { MemberExport } from '@common/contract/member-export';
import type { HealthItem, Licence as LicenceUpdate } from '@common/contract/member-file';
import { isFutureDay } from '@common/rules/member-file';
import { isAdminRole } from '@common/rules/roles';
import { mayEditProfile } from '@common/rules/users';
import type { Kysely } from 'kysely';
import type { AppDeps } from '../../app-deps';
import type { Database, UserRow } from '../../db/schema';
import { HttpError } from '../../http-error';
import { clubToday, noteActedFor } from '../family/acting-for.service';
import { licenceTypes } from '../settings/member-file-settings';
import { assertMayActOnAccount } from '../users/member-access';
import { findUserById } from '../users/users.repository';
import {
  type HealthItemRow,
  healthItemsOf,
  type LicenceRow,
  licencesOf,
  replaceHealthItems,
  saveLicence,
} from './member-file.repository';
import type {
  LicenceAnswer as Licence,
  MemberFileAnswer as MemberFile,
  StoredHealthItem,
} from './member-file-shapes';

type Db = Kysely<Database>;

/**
 * The member whose file is asked for. An unknown account is 404 for an Admin, who may know every member, and
 * 403 for anyone else, as a stranger could not tell (docs/rules.md#members-file).
 */
export async function memberOf(db: Db, actor: UserRow, id: string): Promise<UserRow> {
  const member = id === actor.id ? actor : await findUserById(db, id);
  if (!member || member.deleted_at) {
    if (isAdminRole(actor.role_name)) throw new HttpError(404, 'not_found');
    throw new HttpError(403, 'forbidden');
  }
  return member;
}

function toLicence(row: LicenceRow): Licence {
  const { season, number, federation, type, recorded_at } = row;
  return { season, number, federation, type, recorded_at: recorded_at.toISOString() };
}

/** A stored row as the API gives it: only the fields of its kind. */
export function toHealthItem(row: HealthItemRow): StoredHealthItem {
  const meta = { recorded_at: row.recorded_at.toISOString(), recorded_by_admin: row.recorded_by_admin };
  const date = row.day;
  switch (row.kind) {
    case 'caci':
      return { kind: 'caci', date, competition: row.competition ?? false, ...meta };
    case 'qs_sport':
      return { kind: 'qs_sport', date, all_no: row.all_no ?? false, ...meta };
    case 'minor_questionnaire':
      return { kind: 'minor_questionnaire', date, signed_by: row.signed_by ?? '', ...meta };
    case 'pps':
      return { kind: 'pps', date, ...meta };
    case 'savoir_nager':
      return { kind: 'savoir_nager', date, way: row.way ?? 'attestation', ...meta };
  }
}

/** The columns of an item as sent, the others null: two items are the same when these are. */
function columnsOf(
  item: HealthItem,
): Pick<HealthItemRow, 'kind' | 'day' | 'competition' | 'all_no' | 'signed_by' | 'way'> {
  return {
    kind: item.kind,
    day: item.date,
    competition: item.kind === 'caci' ? item.competition : null,
    all_no: item.kind === 'qs_sport' ? item.all_no : null,
    signed_by: item.kind === 'minor_questionnaire' ? item.signed_by : null,
    way: item.kind === 'savoir_nager' ? item.way : null,
  };
}

const sameItem = (a: ReturnType<typeof columnsOf>, row: HealthItemRow): boolean =>
  a.kind === row.kind &&
  a.day === row.day &&
  a.competition === row.competition &&
  a.all_no === row.all_no &&
  a.signed_by === row.signed_by &&
  a.way === row.way;

/**
 * `PUT /api/user/{id}/licence` (docs/rules.md#members-file): an Admin who may change the account records the
 * season's licence; its type is one of the club's licence types once the club has named some. The member
 * import passes the licence's own days from a federation's export; the form has none (the season's count).
 */
export async function recordLicence(
  deps: Pick<AppDeps, 'now'>,
  db: Db,
  actor: UserRow,
  id: string,
  body: LicenceUpdate,
  days: { start: string | null; end: string | null } = { start: null, end: null },
): Promise<Licence> {
  if (!isAdminRole(actor.role_name)) throw new HttpError(403, 'forbidden');
  const member = await memberOf(db, actor, id);
  if (!mayEditProfile(actor, member)) throw new HttpError(403, 'forbidden');
  const types = await licenceTypes(db);
  if (types.length > 0 && !types.some((type) => type.name === body.type))
    throw new HttpError(400, 'invalid_input', 'type');
  const row: LicenceRow = {
    user_id: member.id,
    ...body,
    start_day: days.start,
    end_day: days.end,
    recorded_at: deps.now(),
    recorded_by: actor.id,
  };
  await saveLicence(db, row);
  return toLicence(row);
}

/**
 * `PUT /api/user/{id}/health` (docs/rules.md#members-file): the member, an unrestricted guardian of a minor or
 * an Admin replaces the list. No date after today (club time). An item an Admin recorded stays unless an Admin
 * removes it; an item sent again unchanged keeps who recorded it.
 */
export async function replaceHealth(
  deps: Pick<AppDeps, 'now'>,
  db: Db,
  actor: UserRow,
  id: string,
  body: { items: HealthItem[] },
): Promise<{ items: StoredHealthItem[] }> {
  const member = await memberOf(db, actor, id);
  await assertMayActOnAccount(deps, db, actor, member, 'health', 'edit');
  const today = clubToday(deps);
  if (body.items.some((item) => isFutureDay(item.date, today)))
    throw new HttpError(400, 'invalid_input', 'items');
  const byAdmin = isAdminRole(actor.role_name);
  const stored = await healthItemsOf(db, member.id);
  const unused = [...stored];
  const now = deps.now();
  const rows = body.items.map((item): HealthItemRow => {
    const columns = columnsOf(item);
    const kept = unused.findIndex((row) => sameItem(columns, row));
    if (kept >= 0) return unused.splice(kept, 1)[0] as HealthItemRow;
    return {
      user_id: member.id,
      ...columns,
      recorded_at: now,
      recorded_by: actor.id,
      recorded_by_admin: byAdmin,
    };
  });
  if (!byAdmin && unused.some((row) => row.recorded_by_admin)) throw new HttpError(403, 'forbidden', 'items');
  await replaceHealthItems(db, member.id, rows);
  if (actor.id !== member.id && !byAdmin) await noteActedFor(deps, db, actor, member, 'health', null);
  return { items: (await healthItemsOf(db, member.id)).map(toHealthItem) };
}

/**
 * `GET /api/user/{id}/member-file` (docs/rules.md#members-file): health data, so only the member, an
 * unrestricted guardian of a minor and Admins read it; organisers never do.
 */
export async function readMemberFile(
  deps: Pick<AppDeps, 'now'>,
  db: Db,
  actor: UserRow,
  id: string,
): Promise<MemberFile> {
  const member = await memberOf(db, actor, id);
  await assertMayActOnAccount(deps, db, actor, member, 'health', 'read');
  const [licences, items] = await Promise.all([licencesOf(db, member.id), healthItemsOf(db, member.id)]);
  return { licences: licences.map(toLicence), health_items: items.map(toHealthItem) };
}

/** The member's file as their data export gives it (docs/rules.md#members-in-and-out): every column kept. */
export async function memberFileExportOf(db: Db, userId: string): Promise<MemberExport['member_file']> {
  const [licences, items] = await Promise.all([licencesOf(db, userId), healthItemsOf(db, userId)]);
  return {
    licences: licences.map(toLicence),
    health_items: items.map((row) => ({
      kind: row.kind,
      date: row.day,
      competition: row.competition,
      all_no: row.all_no,
      signed_by: row.signed_by,
      way: row.way,
      recorded_at: row.recorded_at.toISOString(),
      recorded_by_admin: row.recorded_by_admin,
    })),
  };
}
