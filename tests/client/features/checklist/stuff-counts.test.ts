import { checklistRows } from '@common/rules/checklist-rows';
import { describe, expect, it } from 'vitest';
import { kitTotals, nextHandOut } from '../../../../src/features/checklist/checklist-rows';
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

const state = (uuid: string, handed_out: boolean, returned: boolean) => ({ uuid, handed_out, returned });

function kitEvent() {
  const base = cachedEvent();
  const member = base.subscribers_with_stuff[0] as (typeof base.subscribers_with_stuff)[number];
  return cachedEvent({
    stuffs_available: [PADDLE, VEST, BOAT],
    subscribers_with_stuff: [
      {
        ...member,
        id: 'm1',
        stuff_name: 'Pagaie',
        uuid_stuff: PADDLE.uuid,
        stuffs: [PADDLE.uuid, VEST.uuid],
        stuffs_state: [state(PADDLE.uuid, true, true), state(VEST.uuid, true, false)],
      },
      // An entry from an older cache: its one item, no state (neither handed out nor returned).
      { ...member, id: 'm2', stuff_name: 'Pagaie', uuid_stuff: PADDLE.uuid },
      { ...member, id: 'm3', stuff_name: 'default_name', uuid_stuff: null, stuffs: [] },
    ],
    invite_list: [
      {
        id: 1,
        uuid_event: base.uuid_event,
        uuid_user: 'm3',
        uuid_stuff: VEST.uuid,
        stuffs: [VEST.uuid],
        stuffs_state: [state(VEST.uuid, true, false)],
        first_name: 'Léa',
        last_name: 'Morvan',
        is_checked: false,
      },
    ],
  });
}

describe('the rows’ kit', () => {
  it('lists each booked item, named from the offer, with its state, for members and guests', () => {
    const rows = checklistRows(kitEvent());
    expect(rows.map((r) => [r.stuff, r.kit.map((i) => [i.name, i.handedOut, i.returned])])).toEqual([
      [
        'Pagaie, Gilet',
        [
          ['Pagaie', true, true],
          ['Gilet', true, false],
        ],
      ],
      ['Pagaie', [['Pagaie', false, false]]],
      ['', []],
      ['Gilet', [['Gilet', true, false]]],
    ]);
  });
});

describe('the equipment summary above the checklist', () => {
  it('counts per booked item how many are booked, handed out and returned, in name order', () => {
    expect(kitTotals(checklistRows(kitEvent())).map(({ uuid: _uuid, ...total }) => total)).toEqual([
      { name: 'Gilet', booked: 2, handedOut: 2, returned: 0 },
      { name: 'Pagaie', booked: 2, handedOut: 1, returned: 1 },
    ]);
  });

  it('has no line for an item nobody booked, and none at all when nobody booked anything', () => {
    expect(kitTotals(checklistRows(kitEvent())).some((t) => t.name === 'Kayak biplace')).toBe(false);
    expect(kitTotals(checklistRows(cachedEvent({ stuffs_available: [PADDLE] })))).toEqual([]);
  });
});

describe('what « Remis » and « Rendu » set', () => {
  const neither = { handedOut: false, returned: false };
  const out = { handedOut: true, returned: false };
  const back = { handedOut: true, returned: true };

  it('sets values, never a toggle, and « Rendu » implies « Remis »', () => {
    expect(nextHandOut(neither, 'handedOut')).toEqual({ handedOut: true });
    expect(nextHandOut(out, 'handedOut')).toEqual({ handedOut: false, returned: false });
    expect(nextHandOut(neither, 'returned')).toEqual({ handedOut: true, returned: true });
    expect(nextHandOut(out, 'returned')).toEqual({ handedOut: true, returned: true });
    expect(nextHandOut(back, 'returned')).toEqual({ returned: false });
    // Taking « Remis » back from a returned item clears both: nothing comes back that never went out.
    expect(nextHandOut(back, 'handedOut')).toEqual({ handedOut: false, returned: false });
  });
});
