/**
 * The registry of writes that must survive no signal. Each kind says, once: its body (typed from the
 * zod contract), how it is sent, how it changes a cached event at once (optimistic), and how the
 * server's answer is read (parsed with the contract's schema). The outbox, the drain and the overlay of
 * pending writes on fresh server data all go through this table, so a new kind is one entry here.
 */
import type { z } from 'zod';
import { type EventDto, eventSchema } from '../../common/contract/event';
import {
  type ChecklistRequest,
  checklistRequestSchema,
  checklistResponseSchema,
  type SubscribeRequest,
  subscribeRequestSchema,
  type WaitingListRequest,
  waitingListRequestSchema,
} from '../../common/contract/participation';
import type { User } from '../../common/contract/user';
import { withCheck, withoutSubscription, withSubscription, withWaiting } from './optimistic';

/** The body each kind of queued write carries. */
export interface OfflineWriteBodies {
  check: ChecklistRequest;
  subscribe: SubscribeRequest;
  unsubscribe: SubscribeRequest;
  'waiting-list': WaitingListRequest;
}
export type OutboxKind = keyof OfflineWriteBodies;

/** What the optimistic change may know of the write besides its body. */
export interface WriteContext {
  user: User;
  /** When the write was queued (ms since epoch). */
  createdAt: number;
}

export interface OfflineWrite<K extends OutboxKind> {
  method: 'PUT' | 'POST';
  path: string;
  bodySchema: z.ZodType<OfflineWriteBodies[K]>;
  eventUuidOf(body: OfflineWriteBodies[K]): string;
  /** The change at once, on the cached event; applying it twice changes nothing more. */
  apply(event: EventDto, body: OfflineWriteBodies[K], context: WriteContext): EventDto;
  /** The server's 2xx answer, parsed, as the event to cache (`cached` is the event as cached now). */
  readAnswer(answer: unknown, cached: EventDto | undefined): EventDto | undefined;
}

const subscription = <K extends 'subscribe' | 'unsubscribe'>(
  apply: OfflineWrite<K>['apply'],
): OfflineWrite<K> => ({
  method: 'PUT',
  path: '/api/event/subscribe/status',
  bodySchema: subscribeRequestSchema,
  eventUuidOf: (body) => body.uuid_event,
  apply,
  readAnswer: (answer) => eventSchema.parse(answer),
});

export const OFFLINE_WRITES: { [K in OutboxKind]: OfflineWrite<K> } = {
  check: {
    method: 'PUT',
    path: '/api/event/checklist',
    bodySchema: checklistRequestSchema,
    eventUuidOf: (body) => body.event_uuid,
    apply: (event, body) => withCheck(event, body.user_id, body.is_invited, body.is_checked),
    readAnswer(answer, cached) {
      const state = checklistResponseSchema.parse(answer);
      return cached && withCheck(cached, state.user_id, state.is_invited, state.is_checked);
    },
  },
  subscribe: subscription((event, body, { user, createdAt }) =>
    withSubscription(event, user, body.uuid_stuff ?? null, `pending-${createdAt}`),
  ),
  unsubscribe: subscription((event, _body, { user }) => withoutSubscription(event, user.id)),
  'waiting-list': {
    method: 'POST',
    path: '/api/event/waiting-list',
    bodySchema: waitingListRequestSchema,
    eventUuidOf: (body) => body.uuid_event,
    apply: (event, body, { user, createdAt }) =>
      withWaiting(event, user, body.uuid_stuff ?? null, new Date(createdAt)),
    readAnswer: (answer) => eventSchema.parse(answer),
  },
};

/** One queued write as the outbox stores it: the kind decides the body's type. */
export type QueuedWrite<K extends OutboxKind = OutboxKind> = {
  [P in K]: { kind: P; body: OfflineWriteBodies[P] };
}[K];

/** The entry of a write's kind, with its body typed to match (the registry is indexed by the kind). */
export function applyWrite<K extends OutboxKind>(
  write: { kind: K; body: OfflineWriteBodies[K] },
  event: EventDto,
  context: WriteContext,
): EventDto {
  return OFFLINE_WRITES[write.kind].apply(event, write.body, context);
}

export function eventUuidOfWrite<K extends OutboxKind>(write: {
  kind: K;
  body: OfflineWriteBodies[K];
}): string {
  return OFFLINE_WRITES[write.kind].eventUuidOf(write.body);
}
