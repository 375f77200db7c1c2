import type { User } from '@common/contract/user';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { appDb } from '../../../../src/data/core/db';
import { setCachedUser, setToken } from '../../../../src/data/core/session-storage';
import { ChecklistScreen } from '../../../../src/features/checklist/checklist-screen';
import { loadLaterTexts } from '../../../../src/i18n/later-texts';
import { restoreSession } from '../../../../src/state/session';
import { cachedEvent, EVENT_UUID, MEMBER_ID } from '../../data/event-fixture';
import { stubFetch, USER } from '../../fake-api';
import { stubModalDialogs } from '../../modal-dialogs';

// At the venue with no signal: statuses and walk-ins go to the outbox and show at once.
const ADMIN: User = { ...USER, role_name: 'Admin' };
const base = cachedEvent();
const member = base.subscribers_with_stuff[0] as (typeof base.subscribers_with_stuff)[number];

function venueEvent() {
  return cachedEvent({
    subcribers_count: 3,
    subscribers_with_stuff: [
      { ...member, first_name: 'Anna', last_name: 'Kerlo' },
      { ...member, id: 'member-z', uuid: 's2', username: 'zoe' },
    ],
    invite_list: [
      {
        id: 7,
        uuid_event: EVENT_UUID,
        uuid_user: 'member-z',
        uuid_stuff: null,
        first_name: 'Bob',
        last_name: 'Amadou',
        is_checked: false,
      },
    ],
  });
}

function renderChecklist() {
  const router = createMemoryRouter([{ path: '/checklist/:id', element: <ChecklistScreen /> }], {
    initialEntries: [`/checklist/${EVENT_UUID}`],
  });
  return render(<RouterProvider router={router} />);
}

const outboxBodies = async () => (await appDb().outbox.orderBy('id').toArray()).map((r) => [r.kind, r.body]);

beforeAll(async () => {
  stubModalDialogs();
  await loadLaterTexts('fr');
});
beforeEach(async () => {
  setToken('tok');
  setCachedUser(ADMIN);
  restoreSession();
  // No signal: every request fails, as at the river bank.
  stubFetch(() => Promise.reject(new TypeError('Failed to fetch')));
  await appDb().outbox.clear();
  await appDb().events.put(venueEvent());
});
afterEach(async () => {
  await appDb().events.clear();
  await appDb().outbox.clear();
});

describe('statuses and walk-ins offline', () => {
  it('lists guests under their member, marked, and sets a status through the outbox', async () => {
    renderChecklist();
    await waitFor(() => expect(screen.getAllByTestId('checklist-row')).toHaveLength(3));
    const rows = screen.getAllByTestId('checklist-row');
    expect(rows.map((r) => r.getAttribute('data-kind'))).toEqual(['member', 'member', 'guest']);
    expect(rows[2]?.textContent).toContain('Bob Amadou');
    expect(rows[2]?.textContent).toContain('Invité');

    fireEvent.change(screen.getByRole('combobox', { name: "Statut d'Anna Kerlo" }), {
      target: { value: 'late' },
    });
    await waitFor(async () =>
      expect(await outboxBodies()).toEqual([
        ['check', expect.objectContaining({ user_id: MEMBER_ID, status: 'late', is_checked: true })],
      ]),
    );
    await waitFor(() =>
      expect((screen.getByRole('combobox', { name: "Statut d'Anna Kerlo" }) as HTMLSelectElement).value).toBe(
        'late',
      ),
    );
    expect(screen.getByRole('button', { name: "Présence d'Anna Kerlo" }).getAttribute('aria-pressed')).toBe(
      'true',
    );
    expect(await screen.findByText('1 / 3 présent')).toBeTruthy();

    // The tick is the quick way back: a late arrival unticked is absent.
    act(() => fireEvent.click(screen.getByRole('button', { name: "Présence d'Anna Kerlo" })));
    await waitFor(async () =>
      expect((await outboxBodies())[1]?.[1]).toMatchObject({ status: 'absent', is_checked: false }),
    );
    fireEvent.change(screen.getByRole('combobox', { name: 'Statut de zoe' }), {
      target: { value: 'excused' },
    });
    await waitFor(async () =>
      expect((await outboxBodies())[2]?.[1]).toMatchObject({ status: 'excused', is_checked: false }),
    );
    expect(await screen.findByText('0 / 3 présent')).toBeTruthy();
  });

  it('adds a walk-in by a free name while the member search waits for the network', async () => {
    renderChecklist();
    await waitFor(() => expect(screen.getAllByTestId('checklist-row')).toHaveLength(3));
    fireEvent.click(screen.getByRole('button', { name: 'Ajouter une personne présente' }));
    const dialog = await screen.findByRole('dialog', { name: 'Ajouter une personne présente' });

    fireEvent.change(within(dialog).getByLabelText('Rechercher par nom'), { target: { value: 'gw' } });
    await within(dialog).findByText(
      'La recherche a besoin du réseau : ajoutez la personne par son nom ci-dessous.',
    );

    fireEvent.click(within(dialog).getByRole('button', { name: 'Ajouter' }));
    expect(await within(dialog).findByText('Indiquez le nom de la personne.')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('Nom'), { target: { value: ' Gwen  Morvan ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Ajouter' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(screen.getAllByTestId('checklist-row')).toHaveLength(4));
    const row = screen.getAllByTestId('checklist-row').find((r) => r.textContent?.includes('Gwen Morvan'));
    expect(row?.getAttribute('data-kind')).toBe('walk_in');
    expect(row?.textContent).toContain('Sans inscription');
    // The row (the event's copy) and its marker (the outbox) come from two live queries: the marker may
    // follow the row by a render under load.
    expect(
      await within(row as HTMLElement).findByTestId('pending-marker', {}, { timeout: 5000 }),
    ).toBeTruthy();
    expect(await screen.findByText('1 / 4 présent', {}, { timeout: 5000 })).toBeTruthy();
    expect(await outboxBodies()).toEqual([
      [
        'walk-in',
        expect.objectContaining({ event_uuid: EVENT_UUID, name: 'Gwen Morvan', status: 'present' }),
      ],
    ]);

    // Its status changes like any row's, through the walk-in write, which names the same person.
    fireEvent.change(screen.getByRole('combobox', { name: 'Statut de Gwen Morvan' }), {
      target: { value: 'late' },
    });
    await waitFor(async () =>
      expect((await outboxBodies())[1]).toEqual([
        'walk-in',
        expect.objectContaining({ name: 'Gwen Morvan', status: 'late' }),
      ]),
    );
  });
});
