import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';

type Db = Kysely<Database>;

/**
 * Takes the week's row; false when it was already there (the week's list is queued or being queued).
 * On PostgreSQL a second transaction inserting the same week waits on the first one's row until it
 * commits (then finds it, and does nothing) or rolls back (then takes it).
 */
export async function claimWeek(db: Db, weekStart: string, now: Date): Promise<boolean> {
  const row = await db
    .insertInto('weekly_list_runs')
    .values({ week_start: weekStart, sent_at: now, recipients: 0 })
    .onConflict((oc) => oc.columns(['club_id', 'week_start']).doNothing())
    .returning('sent_at')
    .executeTakeFirst();
  return row !== undefined;
}

export async function recordRecipients(db: Db, weekStart: string, recipients: number): Promise<void> {
  await db.updateTable('weekly_list_runs').set({ recipients }).where('week_start', '=', weekStart).execute();
}
