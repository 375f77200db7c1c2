/**
 * The drain's transport over HTTP with the stored token; used by the page and the service worker alike.
 * The outbox goes to POST /api/replay in batches (docs/rules.md#replays); each row is named by its kind's
 * method and path (built from the body for a comment, whose path names its event), and carries the
 * idempotency key it was given when queued.
 */
import { type EventDto, eventSchema } from '@common/contract/event';
import { replayResponseSchema } from '@common/contract/replay';
import { trackedFetch } from './connectivity';
import type { DeliveryAnswer, DrainTransport } from './drain';
import { OFFLINE_ANSWERS } from './offline-answers';
import type { OfflineWriteBodies, OutboxKind } from './offline-writes';

/** A queued write as the batch names it: its route, and the body that route takes. */
function requestOf<K extends OutboxKind>(write: { kind: K; body: OfflineWriteBodies[K] }) {
  const { method, path, sentBody } = OFFLINE_ANSWERS[write.kind];
  return {
    method,
    path: typeof path === 'string' ? path : path(write.body),
    body: sentBody ? sentBody(write.body) : write.body,
  };
}

function retryAfterOf(seconds: number | undefined): Pick<DeliveryAnswer, 'retryAfterSeconds'> {
  return seconds !== undefined && Number.isFinite(seconds) && seconds > 0
    ? { retryAfterSeconds: seconds }
    : {};
}

export const httpTransport: DrainTransport = {
  async sendBatch(rows, token) {
    const writes = rows.map((row) => ({ ...requestOf(row), idempotencyKey: row.idempotencyKey }));
    const response = await trackedFetch('/api/replay', {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ writes }),
    });
    const body: unknown = await response.json().catch(() => null);
    if (response.status !== 200) {
      // The batch itself was refused (signed out, busy, too large…): nothing ran; it is the first row's answer.
      return [
        { status: response.status, body, ...retryAfterOf(Number(response.headers.get('retry-after'))) },
      ];
    }
    const parsed = replayResponseSchema.safeParse(body);
    // An answer this app cannot read says nothing of what ran: kept and tried again later, like a 5xx.
    if (!parsed.success) return [{ status: 502, body: null }];
    return parsed.data.answers.map((answer) => ({
      status: answer.status,
      body: answer.body,
      ...retryAfterOf(answer.retry_after),
    }));
  },
  async fetchEvent(uuid: string, token: string): Promise<EventDto | null> {
    const response = await trackedFetch(`/api/event/${uuid}`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    if (!response.ok) return null;
    const parsed = eventSchema.safeParse(await response.json());
    return parsed.success ? parsed.data : null;
  },
};
