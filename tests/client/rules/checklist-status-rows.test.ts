import { checklistRows, sortRows } from '@common/rules/checklist-rows';
import { describe, expect, it } from 'vitest';
import { cachedEvent } from '../data/event-fixture';

// Statuses, guests under their member, walk-ins as rows of their own.
const base = cachedEvent();
const member = base.subscribers_with_stuff[0] as (typeof base.subscribers_with_stuff)[number];
const guest = {
  uuid_event: base.uuid_event,
  uuid_stuff: null,
  is_checked: false,
};

describe('checklist rows with statuses', () => {
  it('reads each row’s status, and a row from an older server or cache by its check', () => {
    const event = cachedEvent({
      subscribers_with_stuff: [
        { ...member, id: 'a', username: 'anna', is_checked: true, status: 'late' },
        { ...member, id: 'b', username: 'bleuenn', is_checked: false, status: 'excused' },
        { ...member, id: 'c', username: 'corentin', is_checked: true, status: undefined },
      ],
      invite_list: [],
      walk_ins: [
        {
          id: 4,
          user_id: null,
          name: 'Gwen Morvan',
          status: 'present',
          is_checked: true,
          checked_at: '2026-11-27T10:00:00Z',
        },
      ],
    });
    expect(checklistRows(event).map((r) => [r.name, r.kind, r.status, r.isChecked])).toEqual([
      ['anna', 'member', 'late', true],
      ['bleuenn', 'member', 'excused', false],
      ['corentin', 'member', 'present', true],
      ['Gwen Morvan', 'walk_in', 'present', true],
    ]);
    const walkIn = checklistRows(event)[3];
    expect([walkIn?.key, walkIn?.walkIn]).toEqual([
      'w:name:gwen morvan',
      { user_id: null, name: 'Gwen Morvan' },
    ]);
  });

  it('sorts guests right under their member, in either direction, and a guest whose member is gone with the rest', () => {
    const event = cachedEvent({
      subscribers_with_stuff: [
        { ...member, id: 'z', username: 'zoe' },
        { ...member, id: 'a', username: 'anna' },
      ],
      invite_list: [
        { ...guest, id: 1, uuid_user: 'z', first_name: 'Bob', last_name: 'Z' },
        { ...guest, id: 2, uuid_user: 'a', first_name: 'Yves', last_name: 'A' },
        { ...guest, id: 3, uuid_user: 'a', first_name: 'Alan', last_name: 'A' },
        { ...guest, id: 4, uuid_user: 'gone', first_name: 'Marc', last_name: 'X' },
      ],
    });
    const names = (direction: 'asc' | 'desc') =>
      sortRows(checklistRows(event), [{ column: 'name', direction }]).map((r) => r.name);
    expect(names('asc')).toEqual(['anna', 'Alan A', 'Yves A', 'Marc X', 'zoe', 'Bob Z']);
    expect(names('desc')).toEqual(['zoe', 'Bob Z', 'Marc X', 'anna', 'Yves A', 'Alan A']);
  });
});
