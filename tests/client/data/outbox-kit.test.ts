import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { useConnectivityStore } from '../../../src/data/core/connectivity';
import { EquipeeDb } from '../../../src/data/core/db';
import { awaitDelivery } from '../../../src/data/core/delivery';
import { drainOutbox } from '../../../src/data/core/drain';
import { queueKitChange } from '../../../src/data/core/kit-write';
import { USER } from '../fake-api';
import { scripted } from './drain-fixture';
import { cachedEvent, EVENT_UUID } from './event-fixture';

// « Modifier mon matériel » (docs/rules.md#kit): shown at once, delivered by the drain; a refusal for an item gone
// keeps which item, for the app to name it, and gives the server's kit back.
const KAYAK = '5d1c1b8e-1c1e-4f7a-9a55-2b5d0c1e9f01';
const VEST = '5d1c1b8e-1c1e-4f7a-9a55-2b5d0c1e9f04';
const stuff = (uuid: string, name: string, available: number) => ({
  uuid,
  name,
  description: '',
  stock: 5,
  is_infinite: false,
  kind: null,
  available,
});
const eventWith = (kit: string[], vestsLeft: number) =>
  cachedEvent({
    stuffs_available: [stuff(KAYAK, 'Kayak', 2), stuff(VEST, 'Gilet', vestsLeft)],
    subscribers_with_stuff: [
      {
        id: USER.id,
        uuid: 's1',
        uuid_event: EVENT_UUID,
        username: USER.username,
        stuff_name: kit[0] === KAYAK ? 'Kayak' : 'default_name',
        uuid_stuff: kit[0] ?? null,
        stuffs: kit,
        is_checked: false,
      },
    ],
  });
const myKit = async (db: EquipeeDb) =>
  (await db.events.get(EVENT_UUID))?.subscribers_with_stuff.find((s) => s.id === USER.id)?.stuffs;

let db: EquipeeDb;
beforeEach(async () => {
  db = new EquipeeDb(`kit-${crypto.randomUUID()}`);
  await db.events.put(eventWith([KAYAK], 1));
  await db.session.put({ key: 'current', token: 'tok', user: USER });
  useConnectivityStore.setState({ isOnline: true });
});
afterEach(() => db.delete());

describe('a queued kit change', () => {
  it('shows at once, counts the items moved, and leaves with the server answer cached', async () => {
    await queueKitChange(db, USER, { eventUuid: EVENT_UUID, stuffs: [KAYAK, VEST] });
    expect(await myKit(db)).toEqual([KAYAK, VEST]);
    expect((await db.events.get(EVENT_UUID))?.stuffs_available.map((s) => s.available)).toEqual([2, 0]);
    const [row] = await db.outbox.toArray();
    expect(row).toMatchObject({ kind: 'kit-change', body: { uuid_user: USER.id, stuffs: [KAYAK, VEST] } });
    const { transport, received } = scripted([{ status: 200, body: eventWith([KAYAK, VEST], 0) }]);
    expect(await drainOutbox(db, transport)).toMatchObject({ sent: 1, failed: 0 });
    expect(received).toHaveLength(1);
    expect(await db.outbox.count()).toBe(0);
    expect(await myKit(db)).toEqual([KAYAK, VEST]);
  });

  it('refused for an item gone: the row keeps which item, the delivery says it, the old kit comes back', async () => {
    const id = await queueKitChange(db, USER, { eventUuid: EVENT_UUID, stuffs: [KAYAK, VEST] });
    const delivery = awaitDelivery(db, id, 5_000);
    const refusal = { code: 'stuff_unavailable', message: 'No vest left', field: 'stuffs', uuid_stuff: VEST };
    const { transport } = scripted([{ status: 409, body: refusal }], eventWith([KAYAK], 0));
    expect(await drainOutbox(db, transport)).toMatchObject({ sent: 0, failed: 1 });
    expect(await delivery).toEqual({
      outcome: 'refused',
      code: 'stuff_unavailable',
      message: 'No vest left',
      uuidStuff: VEST,
    });
    const row = await db.outbox.get(id);
    expect(row?.status).toBe('failed');
    // The item's name as this device knew it, for the list of refused writes.
    expect(JSON.parse(row?.lastError ?? '{}')).toEqual({
      code: 'stuff_unavailable',
      message: 'No vest left',
      uuid_stuff: VEST,
      stuff_name: 'Gilet',
    });
    // The server's truth read again: the refused change is no longer laid over it.
    expect(await myKit(db)).toEqual([KAYAK]);
    expect((await db.events.get(EVENT_UUID))?.stuffs_available.map((s) => s.available)).toEqual([2, 0]);
  });
});
