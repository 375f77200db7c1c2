import type { EventDto } from '../common/contract/event';
import type { User } from '../common/contract/user';
import type { OutboxRow } from './db';
import { withCheck, withoutSubscription, withSubscription, withWaiting } from './optimistic';

/**
 * A fresh copy of an event from the server does not yet know the user's pending writes: lay them over it
 * again, in order, so a refresh never makes a queued tick or subscription flicker away.
 */
export function withPendingWrites(event: EventDto, pending: OutboxRow[], user: User): EventDto {
  return pending
    .filter((row) => row.eventUuid === event.uuid_event && row.status === 'pending')
    .reduce((current, row) => {
      const body = row.body as Record<string, unknown>;
      switch (row.kind) {
        case 'check':
          return withCheck(current, body.user_id as string | number, body.is_invited as boolean, body.is_checked as boolean);
        case 'subscribe':
          return withSubscription(current, user, (body.uuid_stuff as string | undefined) ?? null, `pending-${row.createdAt}`);
        case 'unsubscribe':
          return withoutSubscription(current, user.id);
        case 'waiting-list':
          return withWaiting(current, user, (body.uuid_stuff as string | undefined) ?? null, new Date(row.createdAt));
        default:
          return current;
      }
    }, event);
}
