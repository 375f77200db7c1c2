import type { Kysely } from 'kysely';
import type { Database, RowOf } from '../../db/schema';
import type { DigestState, OrganiserDigestChangesTable } from '../../db/talk-schema';

type Db = Kysely<Database>;
export type DigestChangeRow = RowOf<OrganiserDigestChangesTable>;

/**
 * A member's place on an event moved from `before` to `after`: the first change since the last digest keeps its
 * `before`, later ones only move `after`. One statement, safe beside another change (under the event's lock anyway).
 */
export async function noteDigestChange(
  db: Db,
  change: { eventUuid: string; userId: string; before: DigestState; after: DigestState; at: Date },
): Promise<void> {
  await db
    .insertInto('organiser_digest_changes')
    .values({
      event_uuid: change.eventUuid,
      user_id: change.userId,
      state_before: change.before,
      state_after: change.after,
      changed_at: change.at,
    })
    .onConflict((oc) =>
      oc
        .columns(['club_id', 'event_uuid', 'user_id'])
        .doUpdateSet({ state_after: change.after, changed_at: change.at }),
    )
    .execute();
}

/** Every change not told yet, locked (another process's are skipped); `from`/`to` keep those of events starting then. */
export function lockDigestChanges(
  db: Db,
  startsWithin?: { from: Date; to: Date },
): Promise<DigestChangeRow[]> {
  let query = db.selectFrom('organiser_digest_changes').selectAll('organiser_digest_changes');
  if (startsWithin) {
    query = query
      .innerJoin('events', 'events.uuid', 'organiser_digest_changes.event_uuid')
      .where('events.start_date', '>=', startsWithin.from)
      .where('events.start_date', '<', startsWithin.to);
  }
  return query
    .orderBy('organiser_digest_changes.event_uuid')
    .orderBy('organiser_digest_changes.changed_at')
    .forUpdate('organiser_digest_changes')
    .skipLocked()
    .execute();
}

export async function deleteDigestChanges(db: Db, rows: DigestChangeRow[]): Promise<void> {
  for (const row of rows) {
    await db
      .deleteFrom('organiser_digest_changes')
      .where('event_uuid', '=', row.event_uuid)
      .where('user_id', '=', row.user_id)
      .where('changed_at', '=', row.changed_at)
      .execute();
  }
}

/** Claims the club day's morning digest: true for the one caller that inserted the day's row. */
export async function claimDigestDay(db: Db, clubDay: string, now: Date): Promise<boolean> {
  const inserted = await db
    .insertInto('organiser_digest_runs')
    .values({ club_day: clubDay, ran_at: now })
    .onConflict((oc) => oc.columns(['club_id', 'club_day']).doNothing())
    .executeTakeFirst();
  return Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0;
}
