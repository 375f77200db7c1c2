import { expect } from 'vitest';
import { createEvent, insertModel, insertStuff, saveEvent } from './event-fixtures';
import { bearer, createTestContext, type TestContext } from './test-context';

// The venue the kit tests share (docs/rules.md#kit): who takes attendance, who does not, and the items booked.
export type Who = { id: string; token: string };
export type Cast = Record<'orga' | 'coorga' | 'autre' | 'boss' | 'nina' | 'yann', Who>;
export type KitStuff = Record<'kayak' | 'paddle' | 'vest', string>;

/**
 * A context with orga and coorga (Contributors who organise), autre (a Contributor who does not), boss (an Admin),
 * nina and yann (members), a model and three items, each in plenty.
 */
export async function kitContext(): Promise<{ ctx: TestContext; who: Cast; model: string; stuff: KitStuff }> {
  const ctx = await createTestContext({ env: { RATE_LIMIT_LOGIN: '1000' } });
  const accounts = [
    ['orga', 'Contributor'],
    ['coorga', 'Contributor'],
    ['autre', 'Contributor'],
    ['boss', 'Admin'],
    ['nina', 'User'],
    ['yann', 'User'],
  ] as const;
  const who = {} as Cast;
  for (const [name, role] of accounts)
    who[name] = { id: (await ctx.createUser(name, role)).id, token: await ctx.signIn(name) };
  const model = await insertModel(ctx, 'Sortie mer');
  const stuff: KitStuff = {
    kayak: await insertStuff(ctx, 'Kayak mono K1', 100),
    paddle: await insertStuff(ctx, 'Pagaie double', 100),
    vest: await insertStuff(ctx, 'Gilet', 100),
  };
  return { ctx, who, model, stuff };
}

/**
 * An event by orga, co-organised by coorga, with nina on a kayak and a paddle, her guest Léa Port on a vest, and
 * yann on his own equipment.
 */
export async function venue(
  ctx: TestContext,
  { who, model, stuff }: { who: Cast; model: string; stuff: KitStuff },
): Promise<{ uuid: string; guestId: number }> {
  const event = await createEvent(ctx, who.orga.token, model, { stuffs: Object.values(stuff) });
  const saved = await saveEvent(ctx, who.orga.token, model, event, { co_organisers: [who.coorga.id] });
  expect(saved.statusCode).toBe(200);
  const join = (person: Who, stuffs: string[]) =>
    ctx.app.inject({
      method: 'PUT',
      url: '/api/event/subscribe/status',
      headers: bearer(person.token),
      payload: { uuid_event: event.uuid_event, uuid_user: person.id, subscribe: true, stuffs },
    });
  expect((await join(who.nina, [stuff.kayak, stuff.paddle])).statusCode).toBe(200);
  expect((await join(who.yann, [])).statusCode).toBe(200);
  const guest = await ctx.app.inject({
    method: 'POST',
    url: '/api/event/invite',
    headers: bearer(who.nina.token),
    payload: {
      uuid_event: event.uuid_event,
      uuid_user: who.nina.id,
      first_name: 'Léa',
      last_name: 'Port',
      stuffs: [stuff.vest],
    },
  });
  expect(guest.statusCode).toBe(200);
  return { uuid: event.uuid_event as string, guestId: guest.json<{ id: number }>().id };
}

export interface HandOut {
  user_id: string | number;
  uuid_stuff: string;
  is_invited?: boolean;
  handed_out?: boolean;
  returned?: boolean;
  checked_at?: Date;
}

/** `PUT /api/event/checklist/stuff` by `by`, a member's item unless `is_invited`, with an Idempotency-Key if given. */
export const handOut = (ctx: TestContext, by: Who, eventUuid: string, body: HandOut, key?: string) =>
  ctx.app.inject({
    method: 'PUT',
    url: '/api/event/checklist/stuff',
    headers: { ...bearer(by.token), ...(key ? { 'idempotency-key': key } : {}) },
    payload: {
      event_uuid: eventUuid,
      is_invited: false,
      ...body,
      ...(body.checked_at ? { checked_at: body.checked_at.toISOString() } : {}),
    },
  });
