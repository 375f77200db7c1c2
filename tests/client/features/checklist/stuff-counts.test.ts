import { describe, expect, it } from 'vitest';
import { stuffCounts } from '../../../../src/features/checklist/checklist-rows';
import { cachedEvent } from '../../data/event-fixture';

const stuff = (uuid: string, name: string) => ({
  uuid,
  name,
  description: '',
  stock: 4,
  is_infinite: false,
  available: 4,
});
const PADDLE = stuff('aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa', 'Pagaie');
const VEST = stuff('bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb', 'Gilet');
const BOAT = stuff('cccccccc-cccc-4ccc-8ccc-cccccccccccc', 'Kayak biplace');

describe('the equipment summary above the checklist', () => {
  it('names every item the event offers, with 0 where nobody holds it, in name order', () => {
    const base = cachedEvent();
    const member = base.subscribers_with_stuff[0] as (typeof base.subscribers_with_stuff)[number];
    const event = cachedEvent({
      stuffs_available: [PADDLE, VEST, BOAT],
      subscribers_with_stuff: [
        { ...member, id: 'm1', stuff_name: 'Pagaie', uuid_stuff: PADDLE.uuid },
        { ...member, id: 'm2', stuff_name: 'Pagaie', uuid_stuff: PADDLE.uuid },
        { ...member, id: 'm3', stuff_name: 'default_name', uuid_stuff: null },
      ],
      invite_list: [
        {
          id: 1,
          uuid_event: base.uuid_event,
          uuid_user: 'm3',
          uuid_stuff: VEST.uuid,
          first_name: 'Léa',
          last_name: 'Morvan',
          is_checked: false,
        },
      ],
    });
    expect(stuffCounts(event)).toEqual([
      { name: 'Gilet', count: 1 },
      { name: 'Kayak biplace', count: 0 },
      { name: 'Pagaie', count: 2 },
    ]);
  });

  it('is empty for an event that offers nothing', () => {
    expect(stuffCounts(cachedEvent({ stuffs_available: [] }))).toEqual([]);
  });
});
