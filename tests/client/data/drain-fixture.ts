/**
 * The drain's test bench: a scripted server behind the DrainTransport, and rows queued as the app queues
 * them. Shared by the drain's test files.
 */
import { readErrorBody } from '@common/contract/errors';
import { isRetryLater } from '@common/rules/replays';
import type { EquipeeDb, OutboxRow } from '../../../src/data/core/db';
import type { DeliveryAnswer, DrainTransport } from '../../../src/data/core/drain';
import { queueCheck } from '../../../src/data/core/outbox';
import { USER } from '../fake-api';
import { cachedEvent, EVENT_UUID, MEMBER_ID } from './event-fixture';

/**
 * A scripted server: answers each row of a batch from the queue of answers, in order, stopping after a
 * "retry later" answer as POST /api/replay does; `'offline'` at the head of the queue fails the next request.
 * Records the rows it ran and the size of each batch it received.
 */
export function scripted(
  answers: Array<DeliveryAnswer | 'offline'>,
  truth = cachedEvent({ subcribers_count: 10 }),
) {
  const received: OutboxRow[] = [];
  const batches: number[] = [];
  const transport: DrainTransport = {
    async sendBatch(rows) {
      batches.push(rows.length);
      if (answers[0] === 'offline') {
        answers.shift();
        throw new TypeError('Failed to fetch');
      }
      const out: DeliveryAnswer[] = [];
      for (const row of rows) {
        const next = answers.shift() ?? { status: 200, body: cachedEvent() };
        if (next === 'offline') throw new Error('script: the network fails between requests, not inside one');
        received.push(row);
        out.push(next);
        if (isRetryLater(next.status, readErrorBody(next.body)?.code)) break;
      }
      return out;
    },
    fetchEvent: async () => truth,
  };
  return { transport, received, batches };
}
export const tickOn = (db: EquipeeDb) => (isChecked: boolean, at: number) =>
  queueCheck(
    db,
    USER,
    { eventUuid: EVENT_UUID, userId: MEMBER_ID, isInvited: false, status: isChecked ? 'present' : 'absent' },
    at,
  );
/** A row queued by an older version, whose body the contract no longer accepts. */
export const queueUnsendable = (db: EquipeeDb, at: number) =>
  db.outbox.add({
    kind: 'check',
    body: { event_uuid: 'not-a-uuid', is_invited: false, user_id: MEMBER_ID, is_checked: true },
    userId: USER.id,
    eventUuid: EVENT_UUID,
    idempotencyKey: `old-${at}`,
    createdAt: at,
    attempts: 0,
    status: 'pending',
    lastError: null,
    nextAttemptAt: 0,
  });
export const checkAnswer = (isChecked: boolean): DeliveryAnswer => ({
  status: 200,
  body: {
    event_uuid: EVENT_UUID,
    is_invited: false,
    user_id: MEMBER_ID,
    is_checked: isChecked,
    checked_at: null,
  },
});
