import { checklistRows } from '@common/rules/checklist-rows';
import { describe, expect, it } from 'vitest';
import { cachedEvent } from '../data/event-fixture';

// The checklist (and its CSV, built from the same rows) names people, not usernames.
describe('checklist rows name people', () => {
  const base = cachedEvent();
  const member = base.subscribers_with_stuff[0] as (typeof base.subscribers_with_stuff)[number];

  it('by first and last name, else by the part given, else by username', () => {
    const event = cachedEvent({
      subscribers_with_stuff: [
        { ...member, id: 'a', username: 'nolwenn.lebihan', first_name: 'Nolwenn', last_name: 'Le Bihan' },
        { ...member, id: 'b', username: 'gael', first_name: 'Gaël', last_name: null },
        { ...member, id: 'c', username: 'yann29', first_name: '', last_name: '' },
        { ...member, id: 'd', username: 'soazig' },
      ],
      invite_list: [],
    });
    expect(checklistRows(event).map((r) => r.name)).toEqual(['Nolwenn Le Bihan', 'Gaël', 'yann29', 'soazig']);
  });
});
