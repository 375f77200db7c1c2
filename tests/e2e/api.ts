import fs from 'node:fs';
import type { APIRequestContext } from '@playwright/test';
import { E2E_PASSWORD, E2E_PORT, E2E_USERS, replayLogOf } from './server-process';

/** Calls the real server directly, to set a scene or check what it holds. */
export async function call<T = unknown>(
  request: APIRequestContext,
  token: string | null,
  method: string,
  url: string,
  data?: unknown,
): Promise<T> {
  const response = await request.fetch(url, {
    method,
    headers: token ? { authorization: `Bearer ${token}` } : {},
    ...(data !== undefined ? { data } : {}),
  });
  if (!response.ok()) throw new Error(`${method} ${url}: ${response.status()} ${await response.text()}`);
  return (response.status() === 204 ? undefined : await response.json()) as T;
}

export async function signInApi(
  request: APIRequestContext,
  username: string,
  password = E2E_PASSWORD,
): Promise<{ token: string; id: string }> {
  const answer = await call<{ token: string; user: { id: string } }>(
    request,
    null,
    'POST',
    '/api/user/login',
    { username_or_email: username, password },
  );
  return { token: answer.token, id: answer.user.id };
}

export const rootToken = async (request: APIRequestContext) =>
  (await signInApi(request, E2E_USERS.superAdmin.username)).token;

/** A member made the real way: invited by an admin, confirmed through the link, signed in. */
export async function newMember(
  request: APIRequestContext,
  adminToken: string,
  username: string,
  role?: 'Contributor' | 'Admin',
) {
  const invited = await call<{ id: string; confirm_url: string }>(
    request,
    adminToken,
    'POST',
    '/api/user/register',
    {
      username,
      email: `${username}@example.org`,
    },
  );
  const token = new URL(invited.confirm_url).pathname.split('/').pop() ?? '';
  await call(request, null, 'POST', `/api/user/confirm/${token}`, { password: E2E_PASSWORD });
  if (role) await call(request, adminToken, 'PUT', `/api/user/role/${invited.id}`, { role_name: role });
  return { username, ...(await signInApi(request, username)) };
}

export interface NewEventOptions {
  max?: number;
  startInHours?: number;
  start?: Date;
  hours?: number;
  model?: { name: string; description: string };
  place?: { street?: string; city: string; zip_code: string; location?: string };
  /** A piece of equipment made for this event and offered by it. */
  stuff?: { name: string; description: string; stock: number };
  /** Who takes attendance with the creator (user ids). */
  coOrganisers?: string[];
}

/** An event (and its model, and its equipment when asked) made through the API as an organiser would. */
export async function newEvent(request: APIRequestContext, token: string, options: NewEventOptions = {}) {
  const model = await call<{ uuid: string }>(
    request,
    token,
    'POST',
    '/api/event/model/add',
    options.model ?? { name: 'Kayak de mer', description: 'Sortie en baie' },
  );
  const stuff = options.stuff
    ? await call<{ uuid: string }>(request, token, 'POST', '/api/stuff/add', options.stuff)
    : undefined;
  const start = options.start ?? new Date(Date.now() + (options.startInHours ?? 2) * 3_600_000);
  const event = await call<{ uuid_event: string; start_date: string }>(
    request,
    token,
    'POST',
    '/api/event/add-or-update',
    {
      uuid_model_event: model.uuid,
      start_date: start.toISOString(),
      end_date: new Date(start.getTime() + (options.hours ?? 2) * 3_600_000).toISOString(),
      ...(options.place ?? { city: 'Brest', zip_code: '29200' }),
      max_subscribers: options.max ?? 50,
      ...(stuff ? { stuffs_available: [{ uuid: stuff.uuid }] } : {}),
      ...(options.coOrganisers ? { co_organisers: options.coOrganisers } : {}),
    },
  );
  return { ...event, stuffUuid: stuff?.uuid };
}

export function subscribeApi(
  request: APIRequestContext,
  member: { token: string; id: string },
  eventUuid: string,
) {
  return call(request, member.token, 'PUT', '/api/event/subscribe/status', {
    uuid_event: eventUuid,
    uuid_user: member.id,
    subscribe: true,
  });
}

/** The server's log of Idempotency-Keys (test mode): how many times each key was executed. */
export function executedKeys(): Map<string, number> {
  const file = replayLogOf(E2E_PORT);
  const counts = new Map<string, number>();
  if (!fs.existsSync(file)) return counts;
  for (const line of fs.readFileSync(file, 'utf8').split('\n').filter(Boolean)) {
    const { what, key } = JSON.parse(line) as { what: string; key: string };
    if (what === 'executed') counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return counts;
}

/** An event with `count` members subscribed (made through the API), for checklist scenes. */
export async function eventWithSubscribers(request: APIRequestContext, count: number, prefix: string) {
  const root = await rootToken(request);
  const event = await newEvent(request, root, { max: count + 10 });
  const stamp = Date.now() % 1_000_000;
  for (let i = 0; i < count; i++)
    await subscribeApi(request, await newMember(request, root, `${prefix}${stamp}-${i}`), event.uuid_event);
  return { root, event };
}

export async function checkedOnServer(
  request: APIRequestContext,
  token: string,
  eventUuid: string,
): Promise<number> {
  const event = await call<{ subscribers_with_stuff: Array<{ is_checked: boolean }> }>(
    request,
    token,
    'GET',
    `/api/event/${eventUuid}`,
  );
  return event.subscribers_with_stuff.filter((s) => s.is_checked).length;
}
