import type { EventDto } from '@common/contract/event';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DAY } from '../helpers/event-fixtures';
import {
  type Cast,
  type HandOut,
  type KitStuff,
  kitContext,
  venue as newVenue,
  handOut as sendHandOut,
  type Who,
} from '../helpers/kit-fixtures';
import { bearer, type TestContext } from '../helpers/test-context';

// `stuffs_state` (docs/rules.md#kit): those who take attendance read on `GET /api/event/{id}` whether each booked item
// was handed out and given back; nobody else does, and the week read never carries it.
let ctx: TestContext;
let who: Cast;
let stuff: KitStuff;
let setup: { who: Cast; model: string; stuff: KitStuff };

beforeAll(async () => {
  const made = await kitContext();
  ({ ctx, who, stuff } = made);
  setup = made;
});
afterAll(() => ctx.close());

const venue = () => newVenue(ctx, setup);
const handOut = (by: Who, eventUuid: string, body: HandOut) => sendHandOut(ctx, by, eventUuid, body);

describe('stuffs_state on GET /api/event/{id}', () => {
  const read = async (by: Who, eventUuid: string) => {
    const response = await ctx.app.inject({
      method: 'GET',
      url: `/api/event/${eventUuid}`,
      headers: bearer(by.token),
    });
    expect(response.statusCode).toBe(200);
    return { body: response.body, event: response.json<EventDto>() };
  };

  it('shows those who take attendance each kit item handed out and returned, on subscribers and guests with a kit', async () => {
    const event = await venue();
    await handOut(who.orga, event.uuid, { user_id: who.nina.id, uuid_stuff: stuff.paddle, returned: true });
    for (const name of ['orga', 'coorga', 'boss'] as const) {
      const { event: shown } = await read(who[name], event.uuid);
      const nina = shown.subscribers_with_stuff.find((s) => s.id === who.nina.id);
      expect(nina?.stuffs_state, name).toEqual([
        { uuid: stuff.kayak, handed_out: false, returned: false },
        { uuid: stuff.paddle, handed_out: true, returned: true },
      ]);
      expect(shown.invite_list[0]?.stuffs_state, name).toEqual([
        { uuid: stuff.vest, handed_out: false, returned: false },
      ]);
      // On their own equipment: nothing to hand out, no key.
      const yann = shown.subscribers_with_stuff.find((s) => s.id === who.yann.id);
      expect(yann && 'stuffs_state' in yann, name).toBe(false);
    }
  });

  it('never shows it to anyone else, nor in the week read', async () => {
    const event = await venue();
    await handOut(who.orga, event.uuid, { user_id: who.nina.id, uuid_stuff: stuff.kayak, handed_out: true });
    for (const name of ['nina', 'yann', 'autre'] as const) {
      const { body, event: shown } = await read(who[name], event.uuid);
      expect(body, name).not.toContain('stuffs_state');
      // The kit itself is everyone's to read.
      expect(shown.subscribers_with_stuff.find((s) => s.id === who.nina.id)?.stuffs, name).toEqual([
        stuff.kayak,
        stuff.paddle,
      ]);
    }
    const day = (shift: number) => new Date(ctx.clock.now.getTime() + shift * DAY).toISOString().slice(0, 10);
    const week = await ctx.app.inject({
      method: 'GET',
      url: `/api/event/from/${day(-1)}/to/${day(3)}`,
      headers: bearer(who.orga.token),
    });
    expect(week.statusCode).toBe(200);
    expect(week.json<EventDto[]>().some((e) => e.uuid_event === event.uuid)).toBe(true);
    expect(week.body).not.toContain('stuffs_state');
  });
});
