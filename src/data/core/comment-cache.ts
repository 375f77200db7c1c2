/**
 * Each event's thread as this device last saw it (docs/rules.md#talking-around-an-event), so a cached event's
 * discussion reads with no signal too. The server's list replaces an event's whole thread (a comment deleted
 * elsewhere leaves this device as well); the drain adds a comment the moment the server has taken it. The
 * event's `comments_count` follows, since the week's conditional read may keep an older count.
 */
import { type Comment, commentSchema } from '@common/contract/comments';
import type { EquipeeDb, OutboxRow } from './db';

/** Only a count that moves is written: a write to `events` repaints the whole week behind the sheet. */
async function setCount(db: EquipeeDb, eventUuid: string, count: (before: number) => number): Promise<void> {
  const event = await db.events.get(eventUuid);
  if (!event) return;
  const after = count(event.comments_count ?? 0);
  if (after !== event.comments_count) await db.events.update(eventUuid, { comments_count: after });
}

/** The server's thread of this event, oldest first, in place of the one kept. */
export async function storeThread(db: EquipeeDb, eventUuid: string, comments: Comment[]): Promise<void> {
  await db.transaction('rw', db.comments, db.events, async () => {
    await db.comments.where('uuid_event').equals(eventUuid).delete();
    await db.comments.bulkPut(comments);
    await setCount(db, eventUuid, () => comments.length);
  });
}

/** A delete the server took: out of the thread, and one less on the event's count. */
export async function forgetComment(
  db: EquipeeDb,
  comment: Pick<Comment, 'id' | 'uuid_event'>,
): Promise<void> {
  await db.transaction('rw', db.comments, db.events, async () => {
    if (!(await db.comments.get(comment.id))) return;
    await db.comments.delete(comment.id);
    await setCount(db, comment.uuid_event, (before) => Math.max(0, before - 1));
  });
}

/**
 * Inside the drain's transaction: the comments the server has just taken join their threads, so a sent
 * comment never blinks out between its outbox row's removal and the next read of the thread. An answer this
 * version cannot read is left to that read.
 */
export async function keepDeliveredComments(
  db: EquipeeDb,
  delivered: Array<{ row: OutboxRow; body: unknown }>,
): Promise<void> {
  for (const { row, body } of delivered) {
    if (row.kind !== 'comment') continue;
    const comment = commentSchema.safeParse(body);
    if (comment.success) await db.comments.put(comment.data);
  }
}
