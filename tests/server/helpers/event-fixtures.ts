import { randomUUID } from 'node:crypto';
import { bearer, createTestContext, type TestContext } from './test-context';

export const HOUR = 3_600_000;
export const DAY = 24 * HOUR;

export async function insertModel(ctx: TestContext, name = 'Kayak'): Promise<string> {
  const uuid = randomUUID();
  await ctx.db
    .insertInto('event_models')
    .values({ uuid, name, description: `${name} au club` })
    .execute();
  return uuid;
}

export async function insertStuff(
  ctx: TestContext,
  name: string,
  stock: number,
  isInfinite = false,
): Promise<string> {
  const uuid = randomUUID();
  await ctx.db
    .insertInto('stuffs')
    .values({ uuid, name, description: name, stock, is_infinite: isInfinite })
    .execute();
  return uuid;
}

export interface EventOptions {
  startInMs?: number;
  durationMs?: number;
  max?: number;
  isInfinite?: boolean;
  stuffs?: string[];
}

/** An event created through the API by `token`'s user; answers the event as the API does. */
export async function createEvent(
  ctx: TestContext,
  token: string,
  modelUuid: string,
  options: EventOptions = {},
) {
  const start = new Date(ctx.clock.now.getTime() + (options.startInMs ?? DAY));
  const end = new Date(start.getTime() + (options.durationMs ?? 2 * HOUR));
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/api/event/add-or-update',
    headers: bearer(token),
    payload: {
      uuid_model_event: modelUuid,
      start_date: start.toISOString(),
      end_date: end.toISOString(),
      city: 'Brest',
      zip_code: '29200',
      ...(options.isInfinite ? { subscriber_is_infinite: true } : { max_subscribers: options.max ?? 10 }),
      stuffs_available: (options.stuffs ?? []).map((uuid) => ({ uuid })),
    },
  });
  if (response.statusCode !== 200)
    throw new Error(`event not created: ${response.statusCode} ${response.body}`);
  return response.json();
}

export function subscribe(
  ctx: TestContext,
  token: string,
  userId: string,
  eventUuid: string,
  stuffUuid?: string,
  subscribeFlag = true,
  key?: string,
) {
  return ctx.app.inject({
    method: 'PUT',
    url: '/api/event/subscribe/status',
    headers: { ...bearer(token), ...(key ? { 'idempotency-key': key } : {}) },
    payload: {
      uuid_event: eventUuid,
      uuid_user: userId,
      subscribe: subscribeFlag,
      ...(stuffUuid ? { uuid_stuff: stuffUuid } : {}),
    },
  });
}

/** A signed-in member: their id, bearer token and username. */
export type Member = { id: string; token: string; username: string };

/** Members with tokens, for tests that need many of them. */
export async function members(ctx: TestContext, prefix: string, count: number) {
  const list: Member[] = [];
  for (let i = 0; i < count; i++) {
    const username = `${prefix}${i}`;
    const { id } = await ctx.createUser(username);
    list.push({ id, username, token: await ctx.signIn(username) });
  }
  return list;
}

/** A Contributor who organises, and `count` members, each signed in (`prefix` names them). */
export async function organiserAndMembers(
  ctx: TestContext,
  prefix: string,
  count: number,
): Promise<{ organiser: Member; people: Member[] }> {
  const [organiser, ...people] = await members(ctx, prefix, count + 1);
  if (!organiser) throw new Error('no organiser');
  await ctx.db
    .updateTable('users')
    .set({ role_name: 'Contributor' })
    .where('id', '=', organiser.id)
    .execute();
  return { organiser, people };
}

/** Saves `event` (as the API answered it) again through the API by `token`'s user, with `changes` on top. */
export function saveEvent(
  ctx: TestContext,
  token: string,
  modelUuid: string,
  event: Record<string, unknown>,
  changes: object,
) {
  const stuffs = (event.stuffs_available as Array<{ uuid: string }> | undefined) ?? [];
  return ctx.app.inject({
    method: 'POST',
    url: '/api/event/add-or-update',
    headers: bearer(token),
    payload: {
      uuid_event: event.uuid_event,
      uuid_model_event: modelUuid,
      start_date: event.start_date,
      end_date: event.end_date,
      city: event.city,
      zip_code: event.zip_code,
      max_subscribers: event.max_subscribers,
      stuffs_available: stuffs.map((stuff) => ({ uuid: stuff.uuid })),
      ...changes,
    },
  });
}

/** `who` joins the event's waiting list (wishing for `stuffUuid`, if given). */
export function joinWaitingList(
  ctx: TestContext,
  who: { id: string; token: string },
  eventUuid: string,
  stuffUuid?: string,
) {
  return ctx.app.inject({
    method: 'POST',
    url: '/api/event/waiting-list',
    headers: bearer(who.token),
    payload: { uuid_event: eventUuid, uuid_user: who.id, ...(stuffUuid ? { uuid_stuff: stuffUuid } : {}) },
  });
}

/** Whether the member holds a place in the event, read from the database itself. */
export async function holdsPlace(ctx: TestContext, eventUuid: string, userId: string): Promise<boolean> {
  const rows = await ctx.db
    .selectFrom('subscriptions')
    .select('uuid')
    .where('event_uuid', '=', eventUuid)
    .where('user_id', '=', userId)
    .execute();
  return rows.length === 1;
}

/** `who` answers "not coming" to the event (or takes it back with `decline` false). */
export function decline(
  ctx: TestContext,
  who: { id: string; token: string },
  eventUuid: string,
  declineFlag = true,
  key?: string,
) {
  return ctx.app.inject({
    method: 'PUT',
    url: '/api/event/decline',
    headers: { ...bearer(who.token), ...(key ? { 'idempotency-key': key } : {}) },
    payload: { uuid_event: eventUuid, uuid_user: who.id, decline: declineFlag },
  });
}

/**
 * The set-up most event tests share: a context (the login limit raised, so signing many members in is not
 * refused), an organiser (a Contributor named `orga`), a model and `count` members named `prefix0`,
 * `prefix1`… With `now`, the clock starts there.
 */
export async function organiserContext(options: {
  prefix: string;
  count: number;
  modelName?: string;
  env?: Record<string, string>;
  now?: string;
  /** Told the SQL of every statement (statement-recorder.ts). */
  onQuery?: (sql: string) => void;
}) {
  const ctx = await createTestContext({
    env: { RATE_LIMIT_LOGIN: '1000', ...options.env },
    ...(options.onQuery ? { onQuery: options.onQuery } : {}),
  });
  if (options.now) ctx.clock.now = new Date(options.now);
  const organiserId = (await ctx.createUser('orga', 'Contributor')).id;
  const organiser = await ctx.signIn('orga');
  const model = await insertModel(ctx, options.modelName);
  const people = await members(ctx, options.prefix, options.count);
  return { ctx, organiser, organiserId, model, people };
}
