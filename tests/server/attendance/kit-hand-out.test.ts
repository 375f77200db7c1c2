import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eraseOldGuestData } from '../../../server/modules/participation/guests.service';
import { eraseTracesOf } from '../../../server/modules/privacy/account-erasure.repository';
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

// Kit at the venue (docs/rules.md#kit): who takes attendance hands booked items out and takes them back. Each write
// sets, never toggles; the newest device time wins, as for ticks; every write is logged; a replay applies once.
// What they read of it on the event: tests/server/events/kit-state.test.ts.
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
const handOut = (by: Who, eventUuid: string, body: HandOut, key?: string) =>
  sendHandOut(ctx, by, eventUuid, body, key);
const itemState = (eventUuid: string, stuffUuid: string) =>
  ctx.db
    .selectFrom('booked_stuffs')
    .select(['handed_out', 'returned', 'changed_at', 'changed_by'])
    .where('event_uuid', '=', eventUuid)
    .where('stuff_uuid', '=', stuffUuid)
    .executeTakeFirstOrThrow();
const logOf = (eventUuid: string) =>
  ctx.db.selectFrom('kit_log').selectAll().where('event_uuid', '=', eventUuid).orderBy('id').execute();
const minutesAgo = (minutes: number) => new Date(ctx.clock.now.getTime() - minutes * 60_000);

describe('PUT /api/event/checklist/stuff', () => {
  it('is for those who take attendance: the organiser, a co-organiser, an Admin; not the member, nor another Contributor', async () => {
    const event = await venue();
    const body = { user_id: who.nina.id, uuid_stuff: stuff.kayak, handed_out: true };
    const statuses: Record<string, number> = {};
    for (const name of ['nina', 'autre', 'orga', 'coorga', 'boss'] as const)
      statuses[name] = (await handOut(who[name], event.uuid, body)).statusCode;
    expect(statuses).toEqual({ nina: 403, autre: 403, orga: 200, coorga: 200, boss: 200 });
    expect(await logOf(event.uuid)).toHaveLength(3);
  });

  it('sets, never toggles; a return means the item was handed out; writes the row and the log', async () => {
    const event = await venue();
    const first = await handOut(who.orga, event.uuid, {
      user_id: who.nina.id,
      uuid_stuff: stuff.kayak,
      handed_out: true,
    });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({
      event_uuid: event.uuid,
      is_invited: false,
      user_id: who.nina.id,
      uuid_stuff: stuff.kayak,
      handed_out: true,
      returned: false,
      changed_at: ctx.clock.now.toISOString(),
    });
    const again = await handOut(who.orga, event.uuid, {
      user_id: who.nina.id,
      uuid_stuff: stuff.kayak,
      handed_out: true,
    });
    expect(again.json()).toMatchObject({ handed_out: true, returned: false });
    // The paddle comes back without anyone having ticked it out: it was handed out.
    const back = await handOut(who.coorga, event.uuid, {
      user_id: who.nina.id,
      uuid_stuff: stuff.paddle,
      returned: true,
    });
    expect(back.json()).toMatchObject({ handed_out: true, returned: true });
    expect(await itemState(event.uuid, stuff.paddle)).toMatchObject({
      handed_out: true,
      returned: true,
      changed_by: who.coorga.id,
    });
    // Not handed out after all: not given back either.
    const undone = await handOut(who.orga, event.uuid, {
      user_id: who.nina.id,
      uuid_stuff: stuff.paddle,
      handed_out: false,
    });
    expect(undone.json()).toMatchObject({ handed_out: false, returned: false });
    const log = await logOf(event.uuid);
    expect(log.map((l) => [l.stuff_name, l.handed_out, l.returned, l.checked_by_name, l.is_ignored])).toEqual(
      [
        ['Kayak mono K1', true, false, 'orga', false],
        ['Kayak mono K1', true, false, 'orga', false],
        ['Pagaie double', true, true, 'coorga', false],
        ['Pagaie double', false, false, 'orga', false],
      ],
    );
    expect(log[0]).toMatchObject({ participant_name: 'nina', user_id: who.nina.id, guest_id: null });
  });

  it('hands out to a guest, named in the log as their host wrote them', async () => {
    const event = await venue();
    const response = await handOut(who.orga, event.uuid, {
      is_invited: true,
      user_id: event.guestId,
      uuid_stuff: stuff.vest,
      handed_out: true,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ is_invited: true, user_id: event.guestId, handed_out: true });
    expect((await logOf(event.uuid))[0]).toMatchObject({
      is_invited: true,
      user_id: null,
      guest_id: event.guestId,
      participant_name: 'Léa Port',
      stuff_name: 'Gilet',
    });
  });

  it('keeps the newest write whatever the arrival order, logs the older one as ignored, and ties go to the later arrival', async () => {
    const event = await venue();
    const item = { user_id: who.nina.id, uuid_stuff: stuff.kayak };
    const newer = minutesAgo(1);
    await handOut(who.orga, event.uuid, { ...item, returned: true, checked_at: newer }, 'newer');
    // Handed out offline earlier, delivered later: it loses to the return made since.
    const late = await handOut(
      who.coorga,
      event.uuid,
      { ...item, handed_out: true, returned: false, checked_at: minutesAgo(20) },
      'older',
    );
    expect(late.statusCode).toBe(200);
    expect(late.json()).toMatchObject({ handed_out: true, returned: true, changed_at: newer.toISOString() });
    expect(await itemState(event.uuid, stuff.kayak)).toMatchObject({
      returned: true,
      changed_by: who.orga.id,
    });
    const log = await logOf(event.uuid);
    expect(log.map((l) => [l.idempotency_key, l.is_ignored, l.returned])).toEqual([
      ['newer', false, true],
      ['older', true, false],
    ]);
    // The same device time: the later arrival wins.
    const tie = await handOut(who.coorga, event.uuid, { ...item, returned: false, checked_at: newer });
    expect(tie.json()).toMatchObject({ handed_out: true, returned: false });
  });

  it('holds a device clock running ahead to two minutes past the server', async () => {
    const event = await venue();
    const ahead = new Date(ctx.clock.now.getTime() + 3_600_000);
    const response = await handOut(who.orga, event.uuid, {
      user_id: who.nina.id,
      uuid_stuff: stuff.kayak,
      handed_out: true,
      checked_at: ahead,
    });
    expect(response.json().changed_at).toBe(new Date(ctx.clock.now.getTime() + 2 * 60_000).toISOString());
  });

  it('answers 404 naming uuid_stuff for an item the person did not book, and event_uuid for no such event', async () => {
    const event = await venue();
    const other = await venue();
    const cases: Array<[string, HandOut]> = [
      [
        'an item offered but not in her kit',
        { user_id: who.nina.id, uuid_stuff: stuff.vest, handed_out: true },
      ],
      ['someone on their own equipment', { user_id: who.yann.id, uuid_stuff: stuff.kayak, handed_out: true }],
      ['someone not subscribed', { user_id: who.autre.id, uuid_stuff: stuff.kayak, handed_out: true }],
      [
        "another event's guest",
        { is_invited: true, user_id: other.guestId, uuid_stuff: stuff.vest, handed_out: true },
      ],
      [
        'an unknown guest number',
        { is_invited: true, user_id: 999_999, uuid_stuff: stuff.vest, handed_out: true },
      ],
    ];
    for (const [label, body] of cases) {
      const response = await handOut(who.orga, event.uuid, body);
      expect(response.statusCode, label).toBe(404);
      expect(response.json(), label).toMatchObject({ code: 'not_found', field: 'uuid_stuff' });
    }
    const noEvent = await handOut(who.orga, randomUUID(), {
      user_id: who.nina.id,
      uuid_stuff: stuff.kayak,
      handed_out: true,
    });
    expect(noEvent.json()).toMatchObject({ code: 'not_found', field: 'event_uuid' });
    expect(await logOf(event.uuid)).toEqual([]);
  });

  it('refuses a write that sets nothing (400)', async () => {
    const event = await venue();
    const response = await handOut(who.orga, event.uuid, { user_id: who.nina.id, uuid_stuff: stuff.kayak });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'invalid_input' });
  });

  it('is replayable: a batch sent twice applies each write once, and answers the same', async () => {
    const event = await venue();
    const write = (key: string, body: object) => ({
      method: 'PUT',
      path: '/api/event/checklist/stuff',
      body: { event_uuid: event.uuid, is_invited: false, user_id: who.nina.id, ...body },
      idempotencyKey: key,
    });
    const batch = {
      writes: [
        write('kit-1', {
          uuid_stuff: stuff.kayak,
          handed_out: true,
          checked_at: minutesAgo(30).toISOString(),
        }),
        write('kit-2', {
          uuid_stuff: stuff.paddle,
          handed_out: true,
          checked_at: minutesAgo(29).toISOString(),
        }),
      ],
    };
    const send = () =>
      ctx.app.inject({ method: 'POST', url: '/api/replay', headers: bearer(who.orga.token), payload: batch });
    const first = await send();
    expect(first.statusCode).toBe(200);
    expect(first.json().answers.map((a: { status: number }) => a.status)).toEqual([200, 200]);
    const second = await send();
    expect(second.json()).toEqual(first.json());
    const log = await logOf(event.uuid);
    expect(log.map((l) => [l.idempotency_key, l.stuff_name, l.is_ignored])).toEqual([
      ['kit-1', 'Kayak mono K1', false],
      ['kit-2', 'Pagaie double', false],
    ]);
    expect(await itemState(event.uuid, stuff.kayak)).toMatchObject({ handed_out: true, returned: false });
  });

  it("blanks a guest's name in the kit log 30 days after the event, not before, and keeps members'", async () => {
    const event = await venue();
    await handOut(who.orga, event.uuid, { user_id: who.nina.id, uuid_stuff: stuff.kayak, handed_out: true });
    await handOut(who.orga, event.uuid, {
      is_invited: true,
      user_id: event.guestId,
      uuid_stuff: stuff.vest,
      handed_out: true,
    });
    const names = async () => (await logOf(event.uuid)).map((l) => l.participant_name);
    expect(await names()).toEqual(['nina', 'Léa Port']);
    const end = (
      await ctx.db
        .selectFrom('events')
        .select('end_date')
        .where('uuid', '=', event.uuid)
        .executeTakeFirstOrThrow()
    ).end_date.getTime();
    await eraseOldGuestData(ctx.db, new Date(end + 29 * DAY));
    expect(await names()).toEqual(['nina', 'Léa Port']);
    await eraseOldGuestData(ctx.db, new Date(end + 31 * DAY));
    expect(await names()).toEqual(['nina', '']);
  });

  it('forgets a deleted account’s name in the kit log, as holder and as writer', async () => {
    const event = await venue();
    await handOut(who.orga, event.uuid, { user_id: who.nina.id, uuid_stuff: stuff.kayak, handed_out: true });
    await eraseTracesOf(ctx.db, { id: who.nina.id, email: null });
    await eraseTracesOf(ctx.db, { id: who.orga.id, email: null });
    const [line] = await logOf(event.uuid);
    expect(line).toMatchObject({ participant_name: '', checked_by_name: '', user_id: who.nina.id });
  });
});
