import type { EventDto } from '@common/contract/event';
import { followsSeries } from '@common/rules/events';
import { describe, expect, it } from 'vitest';
import { SERIES_UUID, sessionOf } from '../features/events/series-fixtures';

const ME = 'a0b7f3c4-8a51-4a4b-9a2e-3f1f7c9d2e10';
const NOW = new Date('2027-01-10T12:00:00Z');

function session(start: string, standing: 'place' | 'waiting' | 'none'): EventDto {
  const base = sessionOf({
    uuidSeries: SERIES_UUID,
    start: new Date(start),
    minutes: 90,
    creatorId: 'c0b7f3c4-8a51-4a4b-9a2e-3f1f7c9d2e10',
  });
  return {
    ...base,
    subscribers_with_stuff:
      standing === 'place'
        ? [
            {
              id: ME,
              uuid: 's',
              uuid_event: base.uuid_event,
              username: 'me',
              stuff_name: '',
              uuid_stuff: null,
              is_checked: false,
            },
          ]
        : [],
    waiting_list:
      standing === 'waiting'
        ? [{ uuid_user: ME, username: 'me', created_at: '', uuid_event: base.uuid_event, uuid_stuff: null }]
        : [],
  };
}

describe('followsSeries (docs/rules.md#series)', () => {
  it('is a place or a spot in line at a session not yet ended', () => {
    expect(followsSeries([session('2027-01-12T18:00:00Z', 'place')], ME, NOW)).toBe(true);
    expect(followsSeries([session('2027-01-12T18:00:00Z', 'waiting')], ME, NOW)).toBe(true);
    // Under way counts: it has not ended.
    expect(followsSeries([session('2027-01-10T11:30:00Z', 'place')], ME, NOW)).toBe(true);
  });

  it('is not a past session held, nor sessions to come where the member holds nothing', () => {
    expect(followsSeries([session('2027-01-05T18:00:00Z', 'place')], ME, NOW)).toBe(false);
    expect(followsSeries([session('2027-01-12T18:00:00Z', 'none')], ME, NOW)).toBe(false);
    expect(followsSeries([], ME, NOW)).toBe(false);
  });
});
