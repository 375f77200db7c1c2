/**
 * The drain's half of the offline-write registry (offline-writes.ts has the page's half): per kind, how it
 * is sent (method and path, from the shared list of replayable writes, the only ones the server's batch
 * route runs), the body the contract accepts (a row queued by an older version may no longer be sendable)
 * and how the server's 2xx answer is read into the event to cache. Parsed with the contract's zod schemas,
 * so this loads with the sync engine, after the first paint.
 */

import { rowStatus } from '@common/contract/attendance-status';
import { commentInputSchema, commentSchema } from '@common/contract/comments';
import { type EventDto, eventSchema } from '@common/contract/event';
import {
  kitChangeRequestSchema,
  stuffHandOutRequestSchema,
  stuffHandOutResponseSchema,
} from '@common/contract/kit';
import {
  checklistRequestSchema,
  checklistResponseSchema,
  declineRequestSchema,
  subscribeRequestSchema,
  waitingListRequestSchema,
} from '@common/contract/participation';
import { walkInRequestSchema, walkInResponseSchema } from '@common/contract/walk-in';
import { z } from '@common/contract/zod';
import { REPLAYABLE_PATTERNS, REPLAYABLE_WRITES } from '@common/rules/replays';
import type { OfflineWriteBodies, OutboxKind } from './offline-writes';
import { withCheck, withWalkIn } from './optimistic';
import { withStuffState } from './optimistic-kit';

export interface OfflineAnswer<K extends OutboxKind> {
  method: 'PUT' | 'POST';
  /** The route; built from the body when its path names a resource (a comment's event). */
  path: string | ((body: OfflineWriteBodies[K]) => string);
  /** What the route takes, when the queued body carries more (the resource its path already names). */
  sentBody?(body: OfflineWriteBodies[K]): unknown;
  bodySchema: z.ZodType<OfflineWriteBodies[K]>;
  /** The server's 2xx answer, parsed, as the event to cache (`cached` is the event as cached now). */
  readAnswer(answer: unknown, cached: EventDto | undefined): EventDto | undefined;
}

const answeredEvent = (answer: unknown) => eventSchema.parse(answer);

export const OFFLINE_ANSWERS: { [K in OutboxKind]: OfflineAnswer<K> } = {
  check: {
    ...REPLAYABLE_WRITES.checklist,
    bodySchema: checklistRequestSchema,
    readAnswer(answer, cached) {
      const state = checklistResponseSchema.parse(answer);
      return cached && withCheck(cached, state.user_id, state.is_invited, rowStatus(state));
    },
  },
  subscribe: {
    ...REPLAYABLE_WRITES.subscribeStatus,
    bodySchema: subscribeRequestSchema,
    readAnswer: answeredEvent,
  },
  unsubscribe: {
    ...REPLAYABLE_WRITES.subscribeStatus,
    bodySchema: subscribeRequestSchema,
    readAnswer: answeredEvent,
  },
  'waiting-list': {
    ...REPLAYABLE_WRITES.waitingList,
    bodySchema: waitingListRequestSchema,
    readAnswer: answeredEvent,
  },
  decline: { ...REPLAYABLE_WRITES.decline, bodySchema: declineRequestSchema, readAnswer: answeredEvent },
  'walk-in': {
    ...REPLAYABLE_WRITES.walkIn,
    bodySchema: walkInRequestSchema,
    readAnswer(answer, cached) {
      const { event_uuid: _event, ...walkIn } = walkInResponseSchema.parse(answer);
      return cached && withWalkIn(cached, walkIn);
    },
  },
  // The answer is the comment, kept in the thread's cache by the drain (comment-cache.ts); the event gains one.
  comment: {
    method: REPLAYABLE_PATTERNS.comment.method,
    path: (body) => REPLAYABLE_PATTERNS.comment.path(body.uuid_event),
    sentBody: ({ uuid_event: _event, ...input }) => input,
    bodySchema: commentInputSchema.extend({ uuid_event: z.string().uuid() }),
    readAnswer(answer, cached) {
      commentSchema.parse(answer);
      return cached && { ...cached, comments_count: (cached.comments_count ?? 0) + 1 };
    },
  },
  'kit-change': {
    ...REPLAYABLE_WRITES.kitChange,
    bodySchema: kitChangeRequestSchema,
    readAnswer: answeredEvent,
  },
  'stuff-hand-out': {
    ...REPLAYABLE_WRITES.stuffHandOut,
    bodySchema: stuffHandOutRequestSchema,
    readAnswer(answer, cached) {
      const state = stuffHandOutResponseSchema.parse(answer);
      return cached && withStuffState(cached, state);
    },
  },
};
