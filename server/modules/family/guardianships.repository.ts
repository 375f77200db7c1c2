import { type Kysely, sql } from 'kysely';
import type { Database, UserRow } from '../../db/schema';

type Db = Kysely<Database>;

/** A guardian of a child, with what the rules and the family screen read of them. */
export interface GuardianOfChild {
  guardian_id: string;
  is_restricted: boolean;
  first_name: string | null;
  last_name: string | null;
}

/** Every guardian of the child (restricted ones included: the rules need them to refuse). */
export function findGuardiansOf(db: Db, childId: string): Promise<GuardianOfChild[]> {
  return db
    .selectFrom('guardianships')
    .innerJoin('users', 'users.id', 'guardianships.guardian_id')
    .select([
      'guardianships.guardian_id',
      'guardianships.is_restricted',
      'users.first_name',
      'users.last_name',
    ])
    .where('guardianships.child_id', '=', childId)
    .where('users.deleted_at', 'is', null)
    .orderBy('guardianships.created_at')
    .orderBy('guardianships.guardian_id')
    .execute();
}

/** Unrestricted guardians of these members, with the phone those who take attendance may call. */
export function venueGuardiansOf(
  db: Db,
  childIds: string[],
): Promise<Array<Pick<UserRow, 'id' | 'first_name' | 'last_name' | 'phone'> & { child_id: string }>> {
  if (childIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('guardianships')
    .innerJoin('users', 'users.id', 'guardianships.guardian_id')
    .select(['guardianships.child_id', 'users.id', 'users.first_name', 'users.last_name', 'users.phone'])
    .where('guardianships.child_id', 'in', childIds)
    .where('guardianships.is_restricted', '=', false)
    .where('users.deleted_at', 'is', null)
    .orderBy('guardianships.created_at')
    .orderBy('users.id')
    .execute();
}

/** The birth dates of these members (none: not listed). */
export async function birthDatesOf(db: Db, ids: string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('users')
    .select(['id', 'birth_date'])
    .where('id', 'in', ids)
    .where('birth_date', 'is not', null)
    .execute();
  return new Map(rows.map((row) => [row.id, row.birth_date as string]));
}

/** The children an account guards without restriction, oldest link first. */
export function findChildrenOf(db: Db, guardianId: string): Promise<UserRow[]> {
  return db
    .selectFrom('guardianships')
    .innerJoin('users', 'users.id', 'guardianships.child_id')
    .selectAll('users')
    .where('guardianships.guardian_id', '=', guardianId)
    .where('guardianships.is_restricted', '=', false)
    .where('users.deleted_at', 'is', null)
    .orderBy('guardianships.created_at')
    .orderBy('users.username')
    .execute();
}

/** How many links the account has on each side: as a child (its guardians) and as a guardian (its children). */
export async function countLinks(db: Db, userId: string): Promise<{ asChild: number; asGuardian: number }> {
  const row = await db
    .selectFrom('guardianships')
    .select([
      sql<number>`count(*) filter (where child_id = ${userId})`.as('as_child'),
      sql<number>`count(*) filter (where guardian_id = ${userId})`.as('as_guardian'),
    ])
    .where((eb) => eb.or([eb('child_id', '=', userId), eb('guardian_id', '=', userId)]))
    .executeTakeFirstOrThrow();
  return { asChild: Number(row.as_child), asGuardian: Number(row.as_guardian) };
}

export async function insertGuardianship(
  db: Db,
  link: { childId: string; guardianId: string; createdBy: string; now: Date },
): Promise<void> {
  await db
    .insertInto('guardianships')
    .values({
      child_id: link.childId,
      guardian_id: link.guardianId,
      created_by: link.createdBy,
      created_at: link.now,
    })
    .onConflict((oc) => oc.columns(['club_id', 'child_id', 'guardian_id']).doNothing())
    .execute();
}

/** Removes one link; answers whether there was one. */
export async function deleteGuardianship(db: Db, childId: string, guardianId: string): Promise<boolean> {
  const result = await db
    .deleteFrom('guardianships')
    .where('child_id', '=', childId)
    .where('guardian_id', '=', guardianId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** Sets or lifts the court-order mark; answers whether the link exists. */
export async function setRestricted(
  db: Db,
  childId: string,
  guardianId: string,
  isRestricted: boolean,
): Promise<boolean> {
  const result = await db
    .updateTable('guardianships')
    .set({ is_restricted: isRestricted })
    .where('child_id', '=', childId)
    .where('guardian_id', '=', guardianId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Every link of an account, either side (its deletion ends them; the children stay). */
export async function deleteLinksOf(db: Db, userId: string): Promise<void> {
  await db
    .deleteFrom('guardianships')
    .where((eb) => eb.or([eb('child_id', '=', userId), eb('guardian_id', '=', userId)]))
    .execute();
}

/** A member with these names and birth date, case aside: the same child added twice. */
export function findSameChild(
  db: Db,
  child: { first_name: string; last_name: string; birth_date: string },
): Promise<Pick<UserRow, 'id'> | undefined> {
  return db
    .selectFrom('users')
    .select('id')
    .where('deleted_at', 'is', null)
    .where('birth_date', '=', child.birth_date)
    .where(sql<boolean>`lower(first_name) = lower(${child.first_name})`)
    .where(sql<boolean>`lower(last_name) = lower(${child.last_name})`)
    .executeTakeFirst();
}

/** The club's active Admins and SuperAdmins (told of a child added twice). */
export function listAdmins(db: Db): Promise<UserRow[]> {
  return db
    .selectFrom('users')
    .selectAll()
    .where('role_name', 'in', ['Admin', 'SuperAdmin'])
    .where('deleted_at', 'is', null)
    .where('is_revoked', '=', false)
    .execute();
}

/**
 * Members who signed in at least once (their invitation confirmed) and have guardians, born on or before
 * `latestBirthDate` (18 today), not yet told they came of age.
 */
export function findComingOfAge(db: Db, latestBirthDate: string): Promise<UserRow[]> {
  return db
    .selectFrom('users')
    .selectAll()
    .where('email', 'is not', null)
    .where('confirmed_at', 'is not', null)
    .where('deleted_at', 'is', null)
    .where('is_revoked', '=', false)
    .where('came_of_age_told_at', 'is', null)
    .where('birth_date', '<=', latestBirthDate)
    .where((eb) =>
      eb.exists(
        eb.selectFrom('guardianships').select('child_id').whereRef('guardianships.child_id', '=', 'users.id'),
      ),
    )
    .execute();
}

/** Usernames beginning with `stem` (to make a free one: `lou.lebihan`, then `lou.lebihan2`). */
export async function usernamesStartingWith(db: Db, stem: string): Promise<Set<string>> {
  const rows = await db
    .selectFrom('users')
    .select('username')
    .where('username', 'like', `${stem.replace(/[\\%_]/g, '\\$&')}%`)
    .execute();
  return new Set(rows.map((row) => row.username));
}

/** A write `actorId` made in `memberId`'s place, in the account audit (docs/rules.md#families). */
export async function recordActedFor(
  db: Db,
  entry: { actorId: string; memberId: string; what: string; eventUuid: string | null; at: Date },
): Promise<void> {
  await db
    .insertInto('account_audit')
    .values({
      action: 'acted_for',
      actor_id: entry.actorId,
      target_id: entry.memberId,
      what: entry.what,
      event_uuid: entry.eventUuid,
      at: entry.at,
    })
    .execute();
}

/** What guardians did in the member's place, newest first, with the guardian's names (their data export). */
export function actedForOf(
  db: Db,
  memberId: string,
): Promise<
  Array<{
    what: string | null;
    event_uuid: string | null;
    at: Date;
    first_name: string | null;
    last_name: string | null;
  }>
> {
  return db
    .selectFrom('account_audit')
    .leftJoin('users', 'users.id', 'account_audit.actor_id')
    .select([
      'account_audit.what',
      'account_audit.event_uuid',
      'account_audit.at',
      'users.first_name',
      'users.last_name',
    ])
    .where('account_audit.action', '=', 'acted_for')
    .where('account_audit.target_id', '=', memberId)
    .orderBy('account_audit.at', 'desc')
    .orderBy('account_audit.id', 'desc')
    .execute();
}
