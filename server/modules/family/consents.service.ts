import type { Consents, ConsentsUpdate } from '@common/contract/consents';
import { mayTakeAttendance } from '@common/rules/attendance';
import { CONSENT_KEYS, type ConsentKey, mayPhotograph, seasonOf } from '@common/rules/consents';
import { mayActFor } from '@common/rules/family';
import { isAdminRole } from '@common/rules/roles';
import type { Kysely } from 'kysely';
import type { AppDeps } from '../../app-deps';
import type { Database, UserRow } from '../../db/schema';
import { HttpError } from '../../http-error';
import { readMemberFacts } from '../users/member-access';
import { findUserById } from '../users/users.repository';
import { clubToday, noteActedFor } from './acting-for.service';
import { type ConsentRow, consentsOf, eventTeamsOfPlacesHeldBy, saveConsents } from './consents.repository';

type Db = Kysely<Database>;

/** The member whose consents are asked for, or 404 as for any unknown account. */
async function childOf(db: Db, id: string): Promise<UserRow> {
  const child = await findUserById(db, id);
  if (!child || child.deleted_at) throw new HttpError(404, 'not_found');
  return child;
}

/** One season's answers as the API gives them. */
export function toConsents(
  rows: ConsentRow[],
  season: string,
  birthDate: string | null,
  day: string,
): Consents {
  const entry = (kind: ConsentKey) => {
    const row = rows.find((r) => r.kind === kind);
    if (!row) return null;
    const by = row.by_exists
      ? { id: row.given_by, first_name: row.first_name, last_name: row.last_name }
      : null;
    return { given: row.given, by, at: row.given_at.toISOString() };
  };
  const [practice, transport, emergency_care, photo, photo_child_agrees] = CONSENT_KEYS.map(entry);
  return {
    season,
    practice: practice ?? null,
    transport: transport ?? null,
    emergency_care: emergency_care ?? null,
    photo: photo ?? null,
    photo_child_agrees: photo_child_agrees ?? null,
    photo_allowed: mayPhotograph(photo?.given ?? null, photo_child_agrees?.given ?? null, birthDate, day),
  };
}

/**
 * `GET /api/user/{id}/consents` (docs/rules.md#families): for the member themself, their unrestricted
 * guardians, Admins, and those who may take attendance for an event the member holds a place in. A
 * restricted guardian finds no such member (404); anyone else is 403.
 */
export async function readConsents(
  deps: Pick<AppDeps, 'now'>,
  db: Db,
  reader: UserRow,
  childId: string,
  season: string | undefined,
): Promise<Consents> {
  const child = await childOf(db, childId);
  const today = clubToday(deps);
  const facts = await readMemberFacts(db, child);
  const link = facts.guardians.find((g) => g.guardianId === reader.id);
  if (link?.isRestricted) throw new HttpError(404, 'not_found');
  const mayRead =
    reader.id === child.id ||
    link !== undefined ||
    isAdminRole(reader.role_name) ||
    (await eventTeamsOfPlacesHeldBy(db, child.id)).some((team) => mayTakeAttendance(reader, team).ok);
  if (!mayRead) throw new HttpError(403, 'forbidden');
  const asked = season ?? seasonOf(today);
  return toConsents(await consentsOf(db, [child.id], asked), asked, child.birth_date, today);
}

/**
 * `PUT /api/user/{id}/consents`: an unrestricted guardian of a minor gives or withdraws, for one season,
 * the answers sent; the others stay. Either guardian may withdraw at once. Nobody else writes them, the
 * child included (403); a restricted guardian finds no such member (404).
 */
export async function updateConsents(
  deps: Pick<AppDeps, 'now'>,
  trx: Db,
  actor: UserRow,
  childId: string,
  update: ConsentsUpdate,
): Promise<Consents> {
  const child = await childOf(trx, childId);
  const today = clubToday(deps);
  const verdict = mayActFor(actor, await readMemberFacts(trx, child), 'consents', today, null);
  if (!verdict.ok) throw new HttpError(verdict.status, verdict.code);
  if (!verdict.isForAChild) throw new HttpError(403, 'forbidden');
  const answers = CONSENT_KEYS.flatMap((kind) => {
    const given = update[kind];
    return given === undefined ? [] : [{ kind, given }];
  });
  await saveConsents(trx, child.id, update.season, answers, actor.id, deps.now());
  await noteActedFor(deps, trx, actor, child, 'consents', null);
  return toConsents(await consentsOf(trx, [child.id], update.season), update.season, child.birth_date, today);
}
