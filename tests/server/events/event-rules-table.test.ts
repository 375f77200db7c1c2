import { randomUUID } from 'node:crypto';
import type { EventDto } from '@common/contract/event';
import type { RoleName } from '@common/contract/user';
import { mayTakeAttendance } from '@common/rules/attendance';
import {
  type Actor,
  factsOf,
  mayDeleteEvent,
  mayDeleteGuest,
  mayEditEvent,
  mayInvite,
  mayJoinWaitingList,
  maySubscribe,
  mayUnsubscribe,
  standingOf,
  type Verdict,
} from '@common/rules/events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DAY, HOUR, insertModel } from '../helpers/event-fixtures';
import { bearer, createTestContext, type TestContext } from '../helpers/test-context';

/**
 * The shared event rules (src/common/rules/events.ts) are what screens use to offer an action, so they
 * must answer exactly what the server answers. Each case runs twice: through the rule, with the facts and
 * standing read from the event as the client sees it (GET /api/event/{id}), and through the real server;
 * the verdict (allowed, or status + code + field) must be the same.
 */
type ActorKind =
  | 'member'
  | 'creator'
  | 'demoted'
  | 'coOrganiser'
  | 'demotedCoOrganiser'
  | 'otherContributor'
  | 'admin'
  | 'superAdmin';
type Action =
  | 'subscribe'
  | 'unsubscribe'
  | 'join the waiting list'
  | 'invite'
  | 'tick the checklist'
  | 'update the event'
  | 'delete the event'
  | 'delete a guest';
type State = 'upcoming' | 'past' | 'cancelled' | 'full' | 'guest limit' | 'not subscribed';

const ACCOUNTS: Record<ActorKind | 'host', [username: string, role: RoleName]> = {
  member: ['member', 'User'],
  creator: ['creator', 'Contributor'],
  // Created their events as a Contributor, now a User: keeps no creator rights.
  demoted: ['demoted', 'User'],
  // Named co-organiser of every event; the second one since demoted to User.
  coOrganiser: ['coorg', 'Contributor'],
  demotedCoOrganiser: ['coorg2', 'User'],
  otherContributor: ['contrib2', 'Contributor'],
  admin: ['admin', 'Admin'],
  superAdmin: ['root', 'SuperAdmin'],
  host: ['host', 'User'],
};
const ACTORS = Object.keys(ACCOUNTS).filter((k) => k !== 'host') as ActorKind[];
const ACTIONS: Action[] = [
  'subscribe',
  'unsubscribe',
  'join the waiting list',
  'invite',
  'tick the checklist',
  'update the event',
  'delete the event',
  'delete a guest',
];
const STATES: State[] = ['upcoming', 'past', 'cancelled', 'full'];
/**
 * Inviting, on an upcoming event, two more ways: the actor already brings the three guests a member may
 * bring ('guest limit'), or the actor is not subscribed at all ('not subscribed').
 */
const INVITE_CASES = ACTORS.flatMap((actor) =>
  (['guest limit', 'not subscribed'] as const).map((state) => ({ actor, action: 'invite' as const, state })),
);
/** Leaving and inviting need the actor already subscribed; the other actions start from outside. */
const NEEDS_SUBSCRIPTION: ReadonlySet<Action> = new Set(['unsubscribe', 'invite']);

let ctx: TestContext;
let model: string;
const users = {} as Record<ActorKind | 'host', Actor & { token?: string }>;

beforeAll(async () => {
  ctx = await createTestContext({ env: { RATE_LIMIT_LOGIN: '1000' } });
  model = await insertModel(ctx);
  for (const [kind, [username, role]] of Object.entries(ACCOUNTS)) {
    const { id } = await ctx.createUser(username, role);
    users[kind as ActorKind] = {
      id,
      role_name: role,
      ...(kind === 'host' ? {} : { token: await ctx.signIn(username) }),
    };
  }
});
afterAll(() => ctx.close());

const subscriptionRow = (eventUuid: string, userId: string) => ({
  uuid: randomUUID(),
  event_uuid: eventUuid,
  user_id: userId,
  created_at: ctx.clock.now,
  checked_at: null,
  checked_by: null,
});

/**
 * A fresh event in the given state, inserted directly (a past event cannot be created over HTTP): the
 * host subscribed with one guest (listed first), the actor subscribed when the action needs it. The
 * demoted actor acts on an event they created; everyone else on the creator's.
 */
async function eventFor(actor: ActorKind, action: Action, state: State): Promise<string> {
  const uuid = randomUUID();
  const now = ctx.clock.now.getTime();
  const start = new Date(state === 'past' ? now - DAY - 2 * HOUR : now + DAY);
  const isActorIn = NEEDS_SUBSCRIPTION.has(action) && state !== 'not subscribed';
  await ctx.db
    .insertInto('events')
    .values({
      uuid,
      model_uuid: model,
      creator_id: users[actor === 'demoted' ? 'demoted' : 'creator'].id,
      start_date: start,
      end_date: new Date(start.getTime() + 2 * HOUR),
      street: null,
      city: 'Brest',
      zip_code: null,
      location: '',
      // Full: exactly the host, their guest and (when in) the actor.
      max_subscribers: state === 'full' ? (isActorIn ? 3 : 2) : 20,
      subscriber_is_infinite: false,
      is_cancelled: state === 'cancelled',
    })
    .execute();
  await ctx.db
    .insertInto('event_co_organisers')
    .values(
      [users.coOrganiser.id, users.demotedCoOrganiser.id].map((user_id) => ({ event_uuid: uuid, user_id })),
    )
    .execute();
  await ctx.db.insertInto('subscriptions').values(subscriptionRow(uuid, users.host.id)).execute();
  if (isActorIn)
    await ctx.db.insertInto('subscriptions').values(subscriptionRow(uuid, users[actor].id)).execute();
  const guestsOf = [users.host.id, ...(state === 'guest limit' ? Array(3).fill(users[actor].id) : [])];
  for (const hostId of guestsOf) {
    await ctx.db
      .insertInto('guests')
      .values({
        event_uuid: uuid,
        host_id: hostId,
        first_name: 'Gwen',
        last_name: 'Le Bihan',
        age: null,
        email: null,
        phone: null,
        created_at: ctx.clock.now,
        checked_at: null,
        checked_by: null,
      })
      .execute();
  }
  return uuid;
}

/** What the screen would decide, from the event it holds. */
function ruleVerdict(actor: Actor, action: Action, event: EventDto, now: Date): Verdict {
  const facts = factsOf(event);
  const standing = standingOf(event, actor.id);
  switch (action) {
    case 'subscribe':
      return maySubscribe(facts, standing, now);
    case 'unsubscribe':
      return mayUnsubscribe(facts, standing, now);
    case 'join the waiting list':
      return mayJoinWaitingList(facts, standing, now);
    case 'invite':
      return mayInvite(facts, standing, now);
    case 'tick the checklist':
      return mayTakeAttendance(actor, facts);
    case 'update the event':
      return mayEditEvent(actor, facts, now);
    case 'delete the event':
      return mayDeleteEvent(actor, facts, now);
    case 'delete a guest':
      return mayDeleteGuest(actor, facts, event.invite_list[0]?.uuid_user ?? '', now);
  }
}

interface Call {
  method: 'POST' | 'PUT' | 'DELETE';
  url: string;
  payload?: object;
}

/** The request the app sends for the action. */
function requestFor(actor: Actor, action: Action, event: EventDto): Call {
  const self = { uuid_event: event.uuid_event, uuid_user: actor.id };
  switch (action) {
    case 'subscribe':
      return { method: 'PUT', url: '/api/event/subscribe/status', payload: { ...self, subscribe: true } };
    case 'unsubscribe':
      return { method: 'PUT', url: '/api/event/subscribe/status', payload: { ...self, subscribe: false } };
    case 'join the waiting list':
      return { method: 'POST', url: '/api/event/waiting-list', payload: self };
    case 'invite':
      return {
        method: 'POST',
        url: '/api/event/invite',
        payload: { ...self, first_name: 'Y', last_name: 'Z' },
      };
    case 'tick the checklist':
      return {
        method: 'PUT',
        url: '/api/event/checklist',
        payload: {
          event_uuid: event.uuid_event,
          is_invited: false,
          user_id: users.host.id,
          is_checked: true,
        },
      };
    case 'update the event':
      return {
        method: 'POST',
        url: '/api/event/add-or-update',
        payload: {
          uuid_event: event.uuid_event,
          uuid_model_event: event.uuid_model_event,
          start_date: event.start_date,
          end_date: event.end_date,
          city: 'Lorient',
          max_subscribers: event.max_subscribers,
          is_cancelled: event.is_cancelled,
        },
      };
    case 'delete the event':
      return { method: 'DELETE', url: `/api/event/delete/${event.uuid_event}` };
    case 'delete a guest':
      return {
        method: 'PUT',
        url: '/api/event/delete-invitation',
        payload: { id: event.invite_list[0]?.id, uuid_event: event.uuid_event },
      };
  }
}

type Outcome = 'allowed' | { status: number; code: string; field: string | null };
const outcomeOf = (verdict: Verdict): Outcome =>
  verdict.ok ? 'allowed' : { status: verdict.status, code: verdict.code, field: verdict.field };

const CASES = [
  ...ACTORS.flatMap((actor) =>
    ACTIONS.flatMap((action) => STATES.map((state) => ({ actor, action, state }))),
  ),
  ...INVITE_CASES,
];
/** Every outcome the table produced, to show it exercises each refusal and not only one. */
const seenOutcomes = new Set<string>();

describe('event rules: the shared verdict is the server answer', () => {
  it('covers every actor × action × state', () => {
    expect(CASES).toHaveLength(8 * 8 * 4 + 8 * 2);
  });

  it.each(CASES)('$actor may $action on a $state event: rule = server', async ({ actor, action, state }) => {
    const uuid = await eventFor(actor, action, state);
    const who = users[actor];
    const headers = bearer(who.token ?? '');
    const seen = await ctx.app.inject({ method: 'GET', url: `/api/event/${uuid}`, headers });
    expect(seen.statusCode).toBe(200);
    const event = seen.json<EventDto>();
    const expected = outcomeOf(ruleVerdict(who, action, event, ctx.clock.now));

    const request = requestFor(who, action, event);
    const answer = await ctx.app.inject({ ...request, headers });
    const body = answer.statusCode < 300 ? null : answer.json<{ code: string; field: string | null }>();
    const actual: Outcome = body
      ? { status: answer.statusCode, code: body.code, field: body.field }
      : 'allowed';
    expect(actual).toEqual(expected);
    seenOutcomes.add(actual === 'allowed' ? actual : `${actual.status} ${actual.code} ${actual.field}`);
  });

  it('met every kind of answer along the way', () => {
    expect([...seenOutcomes].sort()).toEqual([
      '403 forbidden null',
      '403 forbidden uuid_user',
      '409 event_cancelled null',
      '409 event_full null',
      '409 event_not_cancelled null',
      '409 event_past null',
      '409 guest_limit_reached null',
      '409 waiting_list_refused null',
      'allowed',
    ]);
  });
});
