/**
 * The one way a server's copy of an event enters the cache. A fresh copy does not yet know the user's
 * pending writes, so they are laid over it again, in order: a refresh, a delivered answer or a refusal's
 * rollback never makes a later queued tick or subscription flicker away. Call it inside a transaction
 * over `events`, `outbox` and `session` when it must be atomic with another change.
 */
import type { EventDto } from '@common/contract/event';
import type { User } from '@common/contract/user';
import type { EquipeeDb, OutboxRow } from './db';
import { applyWrite } from './offline-writes';

export function withPendingWrites(event: EventDto, pending: OutboxRow[], user: User): EventDto {
  return pending
    .filter((row) => row.eventUuid === event.uuid_event && row.status === 'pending' && row.userId === user.id)
    .reduce(
      (current, row) => applyWrite(row, current, { user: row.member ?? user, createdAt: row.createdAt }),
      event,
    );
}

/** Stores these events as the server sent them, with the signed-in user's pending writes laid over. */
export async function putServerEvents(db: EquipeeDb, events: EventDto[]): Promise<void> {
  await db.transaction('rw', db.events, db.outbox, db.session, async () => {
    const session = await db.session.get('current');
    const pending = session ? await db.outbox.where('status').equals('pending').sortBy('id') : [];
    await db.events.bulkPut(
      session ? events.map((e) => withPendingWrites(e, pending, session.user)) : events,
    );
  });
}
