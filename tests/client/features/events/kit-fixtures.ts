import type { EventDto } from '@common/contract/event';
import type { DrainTransport } from '../../../../src/data/core/drain';
import { USER } from '../../fake-api';

/** The items a club lends for a sea kayak trip (docs/rules.md#kit): three kinds and one with none. */
const item = (uuid: string, name: string, kind: string | null, available: number | null) => ({
  uuid,
  name,
  description: '',
  stock: available ?? 0,
  is_infinite: available === null,
  kind,
  available,
});
export const K1 = item('5d1c1b8e-1c1e-4f7a-9a55-2b5d0c1e9f01', 'Kayak mono K1', 'Bateaux', 2);
export const K2 = item('5d1c1b8e-1c1e-4f7a-9a55-2b5d0c1e9f02', 'Kayak biplace', 'Bateaux', 0);
export const PADDLE = item('5d1c1b8e-1c1e-4f7a-9a55-2b5d0c1e9f03', 'Pagaie double', 'Pagaies', 3);
export const VEST = item('5d1c1b8e-1c1e-4f7a-9a55-2b5d0c1e9f04', 'Gilet', 'Gilets', 1);
export const HELMET = item('5d1c1b8e-1c1e-4f7a-9a55-2b5d0c1e9f05', 'Casque', null, null);
export const KIT_STUFFS = [HELMET, VEST, K2, PADDLE, K1];

export const KIT_EVENT_UUID = 'e1b7f3c4-8a51-4a4b-9a2e-3f1f7c9d2e10';
const DAY = 86_400_000;

/** The member's subscription with this kit (the week's entry: `stuffs`, its first item as `uuid_stuff`). */
export const entryWith = (id: string, kit: string[], username = USER.username) => ({
  id,
  uuid: `s-${id}`,
  uuid_event: KIT_EVENT_UUID,
  username,
  stuff_name: KIT_STUFFS.find((s) => s.uuid === kit[0])?.name ?? 'default_name',
  uuid_stuff: kit[0] ?? null,
  stuffs: kit,
  is_checked: false,
  first_name: null,
  last_name: null,
  thumbnail_url: null,
  is_hidden: false,
});

/** A trip tomorrow lending the kit above; `changes` set who is in and when. */
export function kitEvent(changes: Partial<EventDto> = {}): EventDto {
  const start = Date.now() + DAY;
  return {
    uuid_event: KIT_EVENT_UUID,
    uuid_model_event: 'm1b7f3c4-8a51-4a4b-9a2e-3f1f7c9d2e10',
    model_name: 'Kayak de mer',
    model_description: '',
    creator: { id: 'c0b7f3c4-8a51-4a4b-9a2e-3f1f7c9d2e10', first_name: 'Jean', last_name: 'Martin' },
    start_date: new Date(start).toISOString(),
    end_date: new Date(start + 3 * 3_600_000).toISOString(),
    street: null,
    city: 'Brest',
    zip_code: '29200',
    location: '',
    max_subscribers: 10,
    subcribers_count: 0,
    subscriber_is_infinite: false,
    is_cancelled: false,
    stuffs_available: KIT_STUFFS,
    subscribers_with_stuff: [],
    waiting_list: [],
    invite_list: [],
    uuid_series: null,
    ...changes,
  };
}

/**
 * The server refusing every write sent as an item of the kit is gone (409 `stuff_unavailable` naming it), and
 * answering `truth` when the drain reads the event again.
 */
export function refusingServer(uuidStuff: string, truth: EventDto): DrainTransport {
  const refusal = {
    code: 'stuff_unavailable',
    message: 'Stuff unavailable',
    field: 'stuffs',
    uuid_stuff: uuidStuff,
  };
  return {
    sendBatch: async (rows) => rows.map(() => ({ status: 409, body: refusal })),
    fetchEvent: async () => truth,
  };
}
