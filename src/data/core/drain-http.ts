/**
 * The drain's transport over HTTP with the stored token; used by the page and the service worker alike.
 * The outbox goes to POST /api/replay in batches (docs/rules.md#replays); each row is named by its kind's
 * method and path, and carries the idempotency key it was given when queued.
 */
import { type EventDto, eventSchema } from '@common/contract/event';
import { replayResponseSchema } from '@common/contract/replay';
import { trackedFetch } from './connectivity';
import type { DeliveryAnswer, DrainTransport } from './drain';
import { OFFLINE_WRITES } from './offline-writes';

function retryAfterOf(seconds: number | undefined): Pick<DeliveryAnswer, 'retryAfterSeconds'> {
  return seconds !== undefined && Number.isFinite(seconds) && seconds > 0
    ? { retryAfterSeconds: seconds }
    : {};
}

export const httpTransport: DrainTransport = {
  async sendBatch(rows, token) {
    const writes = rows.map((row) => {
      const { method, path } = OFFLINE_WRITES[row.kind];
      return { method, path, body: row.body, idempotencyKey: row.idempotencyKey };
    });
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
