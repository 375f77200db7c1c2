import type { EventDto } from '@common/contract/event';

export const SERIES_UUID = '9a1c1b8e-1c1e-4f7a-9a55-2b5d0c1e9f01';
export const SESSION_UUID = 'e0b7f3c4-8a51-4a4b-9a2e-3f1f7c9d2e10';

/** A training session (of a series when `uuidSeries` is given) with 12 places and nobody in yet. */
export function sessionOf(options: {
  uuidSeries: string | null;
  start: Date;
  minutes: number;
  creatorId: string;
  modelUuid?: string;
  place?: Pick<EventDto, 'street' | 'city' | 'zip_code'>;
}): EventDto {
  return {
    uuid_event: SESSION_UUID,
    uuid_model_event: options.modelUuid ?? '7d1c1b8e-1c1e-4f7a-9a55-2b5d0c1e9f01',
    model_name: 'Entraînement',
    model_description: '',
    creator: { id: options.creatorId, first_name: 'Jean', last_name: null },
    start_date: options.start.toISOString(),
    end_date: new Date(options.start.getTime() + options.minutes * 60_000).toISOString(),
    street: null,
    city: null,
    zip_code: null,
    ...options.place,
    location: '',
    max_subscribers: 12,
    subcribers_count: 0,
    subscriber_is_infinite: false,
    is_cancelled: false,
    stuffs_available: [],
    subscribers_with_stuff: [],
    waiting_list: [],
    invite_list: [],
    uuid_series: options.uuidSeries,
  };
}
