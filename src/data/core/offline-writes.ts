/**
 * The registry of writes that must survive no signal. Each kind says, once: its body (typed from the
 * zod contract), its event, its delivery lane and how it changes a cached event at once (optimistic). The
 * outbox and the overlay of pending writes on fresh server data go through this table; how the drain sends
 * a write (method and path, from the shared list of replayable writes), checks its body and reads the
 * server's answer is its twin table in offline-answers.ts (it needs the contract's zod schemas, which load
 * after the first paint; queueing a write must not wait for them, and the first paint never sends). Both
 * tables are typed over every kind, so a new kind is one entry in each, and the compiler asks for both.
 */
import { requestedStatus } from '@common/contract/attendance-status';
import type { CommentInput } from '@common/contract/comments';
import type { EventDto } from '@common/contract/event';
import type { KitChangeRequest, StuffHandOutRequest } from '@common/contract/kit';
import { kitOf } from '@common/contract/kit-of';
import type {
  ChecklistRequest,
  DeclineRequest,
  SubscribeRequest,
  WaitingListRequest,
} from '@common/contract/participation';
import type { User } from '@common/contract/user';
import type { WalkInRequest } from '@common/contract/walk-in';
import { withCheck, withoutSubscription, withSubscription, withWaiting, withWalkIn } from './optimistic';
import { withKit, withStuffState } from './optimistic-kit';

/** The body each kind of queued write carries. */
export interface OfflineWriteBodies {
  check: ChecklistRequest;
  subscribe: SubscribeRequest;
  unsubscribe: SubscribeRequest;
  'waiting-list': WaitingListRequest;
  decline: DeclineRequest;
  'walk-in': WalkInRequest;
  /** The route's body and the event whose thread it goes to (its path names the event; not sent). */
  comment: CommentInput & { uuid_event: string };
  /** « Modifier mon matériel » (docs/rules.md#kit): the place is kept, the kit changes whole or not at all. */
  'kit-change': KitChangeRequest;
  /** A booked item handed out or taken back at the venue. */
  'stuff-hand-out': StuffHandOutRequest;
}
export type OutboxKind = keyof OfflineWriteBodies;

/**
 * The queues the drain delivers apart (drain.ts): a comment waiting out its rate limit never holds a tick or
 * a subscription queued after it, nor they a comment (docs/rules.md#talking-around-an-event).
 */
export type Lane = 'main' | 'comments';

/** What the optimistic change may know of the write besides its body. */
export interface WriteContext {
  user: User;
  /** When the write was queued (ms since epoch). */
  createdAt: number;
}

export interface OfflineWrite<K extends OutboxKind> {
  /** Absent: the main lane. */
  lane?: Lane;
  eventUuidOf(body: OfflineWriteBodies[K]): string;
  /** The change at once, on the cached event; applying it twice changes nothing more. */
  apply(event: EventDto, body: OfflineWriteBodies[K], context: WriteContext): EventDto;
}

const subscription = <K extends 'subscribe' | 'unsubscribe'>(
  apply: OfflineWrite<K>['apply'],
): OfflineWrite<K> => ({
  eventUuidOf: (body) => body.uuid_event,
  apply,
});

export const OFFLINE_WRITES: { [K in OutboxKind]: OfflineWrite<K> } = {
  check: {
    eventUuidOf: (body) => body.event_uuid,
    apply: (event, body) => withCheck(event, body.user_id, body.is_invited, requestedStatus(body)),
  },
  subscribe: subscription((event, body, { user, createdAt }) =>
    withSubscription(event, user, kitOf(body), `pending-${createdAt}`),
  ),
  unsubscribe: subscription((event, _body, { user }) => withoutSubscription(event, user.id)),
  'waiting-list': {
    eventUuidOf: (body) => body.uuid_event,
    apply: (event, body, { user, createdAt }) => withWaiting(event, user, kitOf(body), new Date(createdAt)),
  },
  // "Not coming" leaves the event or its waiting list at once; taking it back changes no place.
  decline: {
    eventUuidOf: (body) => body.uuid_event,
    apply: (event, body, { user }) => (body.decline ? withoutSubscription(event, user.id) : event),
  },
  'walk-in': {
    eventUuidOf: (body) => body.event_uuid,
    apply: (event, body, { createdAt }) =>
      withWalkIn(event, {
        user_id: body.user_id ?? null,
        name: body.name ?? '',
        status: body.status ?? 'present',
        checked_at: body.checked_at ?? new Date(createdAt).toISOString(),
      }),
  },
  // The event's count moves when the server takes the comment (offline-answers.ts), not here: a bump is not
  // idempotent, and pending writes are laid again over every copy stored, answers read over the cache included.
  comment: {
    lane: 'comments',
    eventUuidOf: (body) => body.uuid_event,
    apply: (event) => event,
  },
  'kit-change': {
    eventUuidOf: (body) => body.uuid_event,
    apply: (event, body) => withKit(event, body.uuid_user, body.stuffs),
  },
  'stuff-hand-out': {
    eventUuidOf: (body) => body.event_uuid,
    apply: (event, body) => withStuffState(event, body),
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

export const laneOf = (write: { kind: OutboxKind }): Lane => OFFLINE_WRITES[write.kind].lane ?? 'main';

export function eventUuidOfWrite<K extends OutboxKind>(write: {
  kind: K;
  body: OfflineWriteBodies[K];
}): string {
  return OFFLINE_WRITES[write.kind].eventUuidOf(write.body);
}
