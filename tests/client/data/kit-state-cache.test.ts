import 'fake-indexeddb/auto';
import type { EventDto } from '@common/contract/event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { EquipeeDb } from '../../../src/data/core/db';
import { queueStuffHandOut } from '../../../src/data/core/hand-out-write';
import { putServerEvents } from '../../../src/data/core/server-events';
import { USER } from '../fake-api';
import { cachedEvent, EVENT_UUID, MEMBER_ID } from './event-fixture';

// The hand-out state comes only with the event's own read by those who take attendance (docs/rules.md#kit).
const KAYAK = 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa';
const VEST = 'bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb';
const base = cachedEvent();
const member = base.subscribers_with_stuff[0] as EventDto['subscribers_with_stuff'][number];
const guest = {
  id: 3,
  uuid_event: EVENT_UUID,
  uuid_user: MEMBER_ID,
  uuid_stuff: VEST,
  stuffs: [VEST],
  first_name: 'Yann',
  last_name: 'Le Goff',
  is_checked: false,
};

/** As `GET /api/event/{id}` answers an organiser: each entry with its items' state. */
const eventRead = () =>
  cachedEvent({
    subscribers_with_stuff: [
      {
        ...member,
        stuffs: [KAYAK, VEST],
        stuffs_state: [
          { uuid: KAYAK, handed_out: true, returned: true },
          { uuid: VEST, handed_out: true, returned: false },
        ],
      },
    ],
    invite_list: [{ ...guest, stuffs_state: [{ uuid: VEST, handed_out: true, returned: false }] }],
  });

/** As the week read answers anyone: the kits, never their state. */
const weekRead = (memberKit: string[]) =>
  cachedEvent({
    subcribers_count: 2,
    subscribers_with_stuff: [{ ...member, stuffs: memberKit, uuid_stuff: memberKit[0] ?? null }],
    invite_list: [guest],
  });

let db: EquipeeDb;
beforeEach(async () => {
  db = new EquipeeDb(`kit-state-${crypto.randomUUID()}`);
  await db.session.put({ key: 'current', token: 'tok', user: USER });
});
afterEach(() => db.delete());

describe('the hand-out state in the cache', () => {
  it('survives a week read, which never carries it, for the items still booked', async () => {
    await putServerEvents(db, [eventRead()]);
    // The member no longer books the kayak: its state goes with it; the rest of the week's copy is taken.
    await putServerEvents(db, [weekRead([VEST])]);
    const cached = await db.events.get(EVENT_UUID);
    expect(cached?.subcribers_count).toBe(2);
    expect(cached?.subscribers_with_stuff[0]?.stuffs_state).toEqual([
      { uuid: VEST, handed_out: true, returned: false },
    ]);
    expect(cached?.invite_list[0]?.stuffs_state).toEqual([{ uuid: VEST, handed_out: true, returned: false }]);
  });

  it('is replaced by the next read that carries it', async () => {
    await putServerEvents(db, [eventRead()]);
    const again = eventRead();
    const [first] = again.subscribers_with_stuff;
    if (first) first.stuffs_state = [{ uuid: KAYAK, handed_out: false, returned: false }];
    await putServerEvents(db, [again]);
    expect((await db.events.get(EVENT_UUID))?.subscribers_with_stuff[0]?.stuffs_state).toEqual([
      { uuid: KAYAK, handed_out: false, returned: false },
    ]);
  });

  it('keeps a hand-out not delivered yet over a week read', async () => {
    await putServerEvents(db, [eventRead()]);
    await queueStuffHandOut(db, USER, {
      eventUuid: EVENT_UUID,
      isInvited: true,
      userId: guest.id,
      uuidStuff: VEST,
      returned: true,
    });
    await putServerEvents(db, [weekRead([KAYAK, VEST])]);
    expect((await db.events.get(EVENT_UUID))?.invite_list[0]?.stuffs_state).toEqual([
      { uuid: VEST, handed_out: true, returned: true },
    ]);
  });

  it('is not made up for a reader who never had it', async () => {
    await putServerEvents(db, [weekRead([KAYAK])]);
    await putServerEvents(db, [weekRead([KAYAK, VEST])]);
    expect((await db.events.get(EVENT_UUID))?.subscribers_with_stuff[0]?.stuffs_state).toBeUndefined();
  });
});
