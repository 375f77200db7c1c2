import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { FileLicenceRow } from './paper-reminders.repository';

// The SQL of erasing health items kept past the club's retention (docs/rules.md#members-file).
type Db = Kysely<Database>;

/** Every licence of the accounts in use that hold health items: whose last licence may have lapsed. */
export function licencesOfHealthHolders(
  db: Db,
): Promise<Array<Pick<FileLicenceRow, 'user_id' | 'season' | 'end_day'>>> {
  return db
    .selectFrom('licences')
    .innerJoin('users', 'users.id', 'licences.user_id')
    .select(['licences.user_id', 'licences.season', 'licences.end_day'])
    .where('users.deleted_at', 'is', null)
    .where(({ exists, selectFrom }) =>
      exists(
        selectFrom('health_items')
          .select('health_items.user_id')
          .whereRef('health_items.user_id', '=', 'licences.user_id'),
      ),
    )
    .orderBy('licences.user_id')
    .execute();
}

/** Erases every health item of the member; answers how many. */
export async function eraseHealthItemsOf(db: Db, userId: string): Promise<number> {
  const result = await db.deleteFrom('health_items').where('user_id', '=', userId).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/**
 * Keeps the erasure in the account audit: no person acted, so the member stands as actor and target, and
 * `what` names the setting that decided it. Never what was erased.
 */
export async function recordHealthErasure(db: Db, userId: string, at: Date): Promise<void> {
  await db
    .insertInto('account_audit')
    .values({ action: 'health_erased', actor_id: userId, target_id: userId, what: 'health_keep_seasons', at })
    .execute();
}
