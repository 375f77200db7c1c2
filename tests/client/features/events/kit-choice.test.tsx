import { fireEvent, render, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { KitChoice } from '../../../../src/features/events/kit-choice';
import { HELMET, K1, K2, KIT_STUFFS, PADDLE, VEST } from './kit-fixtures';

// The kit picker (docs/rules.md#kit): the event's items by kind, own equipment first in each, one per kind.
function Picker({
  held,
  owner,
  start = [],
  isWish,
}: {
  held?: string[];
  owner?: string;
  start?: string[];
  isWish?: boolean;
}) {
  const [kit, setKit] = useState<string[]>(start);
  return (
    <>
      <KitChoice
        stuffs={KIT_STUFFS}
        value={kit}
        onChange={setKit}
        held={held}
        owner={owner}
        isWish={isWish}
      />
      <output data-testid="kit">{kit.join(',')}</output>
    </>
  );
}
const kindOf = (legend: string) => screen.getByRole('group', { name: legend });
const kitNow = () => screen.getByTestId('kit').textContent?.split(',').filter(Boolean);

describe('the kit picker', () => {
  it('groups the items by kind, kinds in order and « Autre » last, own equipment first and chosen', () => {
    render(<Picker />);
    const kinds = within(screen.getByRole('group', { name: 'Matériel' }))
      .getAllByRole('group')
      .map((group) => group.querySelector('legend')?.textContent);
    expect(kinds).toEqual(['Bateaux', 'Gilets', 'Pagaies', 'Autre']);
    expect(
      within(kindOf('Bateaux'))
        .getAllByRole('radio')
        .map((radio) => radio.closest('label')?.textContent),
    ).toEqual([
      "J'ai mon propre matériel",
      'Kayak biplace — plus disponible',
      'Kayak mono K1 — 2 disponibles',
    ]);
    expect(within(kindOf('Gilets')).getByRole('radio', { name: 'Gilet — 1 disponible' })).toBeTruthy();
    expect(within(kindOf('Autre')).getByRole('radio', { name: 'Casque — illimité' })).toBeTruthy();
    for (const kind of ['Bateaux', 'Gilets', 'Pagaies', 'Autre'])
      expect(within(kindOf(kind)).getByRole('radio', { name: "J'ai mon propre matériel" })).toHaveProperty(
        'checked',
        true,
      );
    expect(screen.getByText('Votre propre matériel')).toBeTruthy();
  });

  it('never lets an item with none left be picked, and says so in words', () => {
    render(<Picker />);
    const gone = screen.getByRole('radio', { name: 'Kayak biplace — plus disponible' });
    expect(gone).toHaveProperty('disabled', true);
    fireEvent.click(gone);
    expect(kitNow()).toEqual([]);
  });

  it('lets a waiting-list wish name an item none is left of: its stock is read at promotion', () => {
    render(<Picker isWish />);
    const wished = screen.getByRole('radio', { name: "Kayak biplace — plus disponible pour l'instant" });
    expect(wished).toHaveProperty('disabled', false);
    fireEvent.click(wished);
    expect(kitNow()).toEqual([K2.uuid]);
  });

  it('keeps one item per kind and gives the kit in the order of the kinds shown, whatever the order picked', () => {
    render(<Picker />);
    fireEvent.click(screen.getByRole('radio', { name: 'Casque — illimité' }));
    fireEvent.click(screen.getByRole('radio', { name: 'Pagaie double — 3 disponibles' }));
    fireEvent.click(screen.getByRole('radio', { name: 'Kayak mono K1 — 2 disponibles' }));
    fireEvent.click(screen.getByRole('radio', { name: 'Gilet — 1 disponible' }));
    expect(kitNow()).toEqual([K1.uuid, VEST.uuid, PADDLE.uuid, HELMET.uuid]);
    expect(screen.getByText('Votre matériel : Kayak mono K1, Gilet, Pagaie double, Casque')).toBeTruthy();
    // Own equipment in a kind takes its item out; the others stay in order.
    fireEvent.click(within(kindOf('Gilets')).getByRole('radio', { name: "J'ai mon propre matériel" }));
    expect(kitNow()).toEqual([K1.uuid, PADDLE.uuid, HELMET.uuid]);
    // Another item of a kind replaces the first: never two of a kind.
    fireEvent.click(within(kindOf('Autre')).getByRole('radio', { name: "J'ai mon propre matériel" }));
    expect(kitNow()).toEqual([K1.uuid, PADDLE.uuid]);
  });

  it('counts the items a booking holds as left for it (a kit change), preselected', () => {
    render(<Picker held={[K2.uuid]} start={[K2.uuid]} />);
    const held = screen.getByRole('radio', { name: 'Kayak biplace — 1 disponible' });
    expect(held).toHaveProperty('disabled', false);
    expect(held).toHaveProperty('checked', true);
    expect(screen.getByText('Votre matériel : Kayak biplace')).toBeTruthy();
  });

  it("names whose kit it is when it is not the member's own (a guest, a child)", () => {
    render(<Picker owner="Lou" start={[VEST.uuid]} />);
    expect(screen.getAllByRole('radio', { name: 'Son propre matériel' })).toHaveLength(4);
    expect(screen.getByText('Matériel de Lou : Gilet')).toBeTruthy();
  });
});
