import type { Kysely } from 'kysely';
import type { Database, UserRow } from '../../db/schema';

/** The unrestricted guardians of these members (docs/rules.md#families), each with the child they guard. */
export async function unrestrictedGuardiansOf(
  db: Kysely<Database>,
  childIds: string[],
): Promise<Array<{ child_id: string; guardian: UserRow }>> {
  if (childIds.length === 0) return [];
  const rows = await db
    .selectFrom('guardianships')
    .innerJoin('users', 'users.id', 'guardianships.guardian_id')
    .selectAll('users')
    .select('guardianships.child_id')
    .where('guardianships.child_id', 'in', childIds)
    .where('guardianships.is_restricted', '=', false)
    .where('users.deleted_at', 'is', null)
    .orderBy('guardianships.created_at')
    .execute();
  return rows.map(({ child_id, ...guardian }) => ({ child_id, guardian: guardian as UserRow }));
}
