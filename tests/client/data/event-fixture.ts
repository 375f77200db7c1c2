import type { EventDto } from '@common/contract/event';

export const EVENT_UUID = '11111111-1111-4111-8111-111111111111';
/** The one member subscribed in the fixture. */
export const MEMBER_ID = '44444444-4444-4444-8444-444444444444';

export function cachedEvent(overrides: Partial<EventDto> = {}): EventDto {
  return {
    uuid_event: EVENT_UUID,
    uuid_model_event: '22222222-2222-4222-8222-222222222222',
    model_name: 'Kayak',
    model_description: 'Sortie',
    creator: { id: 'c', first_name: null, last_name: null },
    start_date: '2026-12-01T09:00:00.000Z',
    end_date: '2026-12-01T11:00:00.000Z',
    street: null,
    city: 'Brest',
    zip_code: '29200',
    location: '',
    max_subscribers: 10,
    subcribers_count: 1,
    subscriber_is_infinite: false,
    is_cancelled: false,
    stuffs_available: [],
    subscribers_with_stuff: [
      {
        id: MEMBER_ID,
        uuid: 's1',
        uuid_event: EVENT_UUID,
        username: 'ana',
        stuff_name: 'default_name',
        uuid_stuff: null,
        is_checked: false,
      },
    ],
    waiting_list: [],
    invite_list: [],
    uuid_series: null,
    ...overrides,
  };
}
