import type { GuardianLink } from '@common/rules/family';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

/** Every guardian link of a member, restricted ones included (the rules need them to refuse). */
export async function guardianLinksOf(db: Kysely<Database>, childId: string): Promise<GuardianLink[]> {
  const rows = await db
    .selectFrom('guardianships')
    .innerJoin('users', 'users.id', 'guardianships.guardian_id')
    .select(['guardianships.guardian_id', 'guardianships.is_restricted'])
    .where('guardianships.child_id', '=', childId)
    .where('users.deleted_at', 'is', null)
    .execute();
  return rows.map((row) => ({ guardianId: row.guardian_id, isRestricted: row.is_restricted }));
}

/** Every guardian link of the club, with who made it: the Admins' list shows families (docs/rules.md#families). */
export function everyGuardianLink(
  db: Kysely<Database>,
): Promise<
  Array<{ child_id: string; guardian_id: string; is_restricted: boolean; created_by: string | null }>
> {
  return db
    .selectFrom('guardianships')
    .select(['child_id', 'guardian_id', 'is_restricted', 'created_by'])
    .orderBy('created_at')
    .orderBy('guardian_id')
    .execute();
}

/** Links from a member import (docs/rules.md#families); a link already there is left as it is. */
export async function insertGuardianLinks(
  db: Kysely<Database>,
  links: ReadonlyArray<{ childId: string; guardianId: string; createdBy: string | null; at: Date }>,
): Promise<void> {
  if (links.length === 0) return;
  await db
    .insertInto('guardianships')
    .values(
      links.map((link) => ({
        child_id: link.childId,
        guardian_id: link.guardianId,
        created_by: link.createdBy,
        created_at: link.at,
      })),
    )
    .onConflict((conflict) => conflict.columns(['club_id', 'child_id', 'guardian_id']).doNothing())
    .execute();
}
