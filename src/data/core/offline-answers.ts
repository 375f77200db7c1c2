/**
 * The drain's half of the offline-write registry (offline-writes.ts has the page's half): per kind, the
 * body the contract accepts (a row queued by an older version may no longer be sendable) and how the
 * server's 2xx answer is read into the event to cache. Parsed with the contract's zod schemas, so this
 * loads with the sync engine, after the first paint.
 */

import { rowStatus } from '@common/contract/attendance-status';
import { type EventDto, eventSchema } from '@common/contract/event';
import {
  checklistRequestSchema,
  checklistResponseSchema,
  declineRequestSchema,
  subscribeRequestSchema,
  waitingListRequestSchema,
} from '@common/contract/participation';
import { walkInRequestSchema, walkInResponseSchema } from '@common/contract/walk-in';
import type { z } from '@common/contract/zod';
import type { OfflineWriteBodies, OutboxKind } from './offline-writes';
import { withCheck, withWalkIn } from './optimistic';

export interface OfflineAnswer<K extends OutboxKind> {
  bodySchema: z.ZodType<OfflineWriteBodies[K]>;
  /** The server's 2xx answer, parsed, as the event to cache (`cached` is the event as cached now). */
  readAnswer(answer: unknown, cached: EventDto | undefined): EventDto | undefined;
}

const answeredEvent = (answer: unknown) => eventSchema.parse(answer);

export const OFFLINE_ANSWERS: { [K in OutboxKind]: OfflineAnswer<K> } = {
  check: {
    bodySchema: checklistRequestSchema,
    readAnswer(answer, cached) {
      const state = checklistResponseSchema.parse(answer);
      return cached && withCheck(cached, state.user_id, state.is_invited, rowStatus(state));
    },
  },
  subscribe: { bodySchema: subscribeRequestSchema, readAnswer: answeredEvent },
  unsubscribe: { bodySchema: subscribeRequestSchema, readAnswer: answeredEvent },
  'waiting-list': { bodySchema: waitingListRequestSchema, readAnswer: answeredEvent },
  decline: { bodySchema: declineRequestSchema, readAnswer: answeredEvent },
  'walk-in': {
    bodySchema: walkInRequestSchema,
    readAnswer(answer, cached) {
      const { event_uuid: _event, ...walkIn } = walkInResponseSchema.parse(answer);
      return cached && withWalkIn(cached, walkIn);
    },
  },
};
