import type { EventDto } from '@common/contract/event';
import type { Requirements } from '@common/contract/member-file';
import { expect } from 'vitest';
import { bearer, type TestContext } from '../helpers/test-context';

// What the tests of models that require a member's file share (docs/rules.md#members-file).
export type Account = { id: string; token: string };

/** Everything off but what is named. */
export const asks = (named: Partial<Requirements>): Requirements => ({
  licence: false,
  health: false,
  competition: false,
  savoir_nager: false,
  ...named,
});

let serial = 0;

/** A signed-in account with a birth date (adult unless told), so the rule knows which papers apply. */
export async function account(
  ctx: TestContext,
  role: 'User' | 'Contributor' | 'Admin' = 'User',
  birthDate: string | null = '1990-04-12',
): Promise<Account> {
  serial += 1;
  const username = `req${serial}`;
  const { id } = await ctx.createUser(username, role);
  await ctx.db.updateTable('users').set({ birth_date: birthDate }).where('id', '=', id).execute();
  return { id, token: await ctx.signIn(username) };
}

/** The model's requirements and enforcement, set through the API as a Contributor does. */
export async function setModelRule(
  ctx: TestContext,
  writer: Account,
  model: string,
  requirements: Requirements | null,
  enforcement: 'warn' | 'block',
) {
  const saved = await ctx.app.inject({
    method: 'POST',
    url: '/api/event/model/update',
    headers: bearer(writer.token),
    payload: {
      uuid: model,
      name: `Modèle ${model.slice(0, 8)}`,
      description: 'Au club',
      requirements,
      enforcement,
    },
  });
  expect(saved.statusCode).toBe(200);
  return saved.json();
}

export const putHealth = (ctx: TestContext, who: Account, id: string, items: object[]) =>
  ctx.app.inject({
    method: 'PUT',
    url: `/api/user/${id}/health`,
    headers: bearer(who.token),
    payload: { items },
  });

export const putLicence = (ctx: TestContext, admin: Account, id: string, season: string) =>
  ctx.app.inject({
    method: 'PUT',
    url: `/api/user/${id}/licence`,
    headers: bearer(admin.token),
    payload: { number: `L${id.slice(0, 6)}`, federation: 'FFCK', type: 'Canoë Plus', season },
  });

/** `PUT /api/event/subscribe/status` with the extra fields given (`override`). */
export const subscribeAs = (
  ctx: TestContext,
  who: Account,
  memberId: string,
  eventUuid: string,
  extra: object = {},
  language = 'fr',
) =>
  ctx.app.inject({
    method: 'PUT',
    url: '/api/event/subscribe/status',
    headers: { ...bearer(who.token), 'accept-language': language },
    payload: { uuid_event: eventUuid, uuid_user: memberId, subscribe: true, ...extra },
  });

export const readEvent = async (ctx: TestContext, who: Account, eventUuid: string) => {
  const answer = await ctx.app.inject({
    method: 'GET',
    url: `/api/event/${eventUuid}`,
    headers: bearer(who.token),
  });
  expect(answer.statusCode).toBe(200);
  return answer.json<EventDto>();
};
