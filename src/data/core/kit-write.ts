/**
 * The kit change (docs/rules.md#kit): « Modifier mon matériel », queued through the outbox like a subscription,
 * so the new kit shows at once and works offline. Apart from outbox.ts, which the first paint loads, as only the
 * kit dialog (a lazy chunk) queues it: the home route does not download it.
 */
import type { User } from '@common/contract/user';
import type { EquipeeDb } from './db';
import { enqueueWrite } from './outbox';

/** The member's (`user`) new kit, `[]` for own equipment, queued by `actor` (a guardian for their child). */
export function queueKitChange(
  db: EquipeeDb,
  user: User,
  change: { eventUuid: string; stuffs: readonly string[] },
  now = Date.now(),
  actor: User = user,
): Promise<number> {
  const body = { uuid_event: change.eventUuid, uuid_user: user.id, stuffs: [...change.stuffs] };
  return enqueueWrite(db, user, { kind: 'kit-change', body }, now, actor);
}
