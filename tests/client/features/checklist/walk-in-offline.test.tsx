import type { User } from '@common/contract/user';
import type { ClubMember } from '@common/contract/walk-in';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
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

// A member who walks in at the venue with no signal is found in the club's list kept on the organiser's device
// (docs/rules.md#checklist) and added by id, through the outbox.
const ADMIN: User = { ...USER, role_name: 'Admin' };
const DAY = 86_400_000;
const MEMBERS: ClubMember[] = [
  // Registered at the event: they have their own row, never offered again.
  {
    id: MEMBER_ID,
    first_name: 'Anna',
    last_name: 'Kerlo',
    thumbnail: `/files/profile/thumbnail-${MEMBER_ID}.png`,
  },
  {
    id: 'm-gwen',
    first_name: 'Gwenaëlle',
    last_name: 'Morvan',
    thumbnail: '/files/profile/thumbnail-m-gwen.png',
  },
  {
    id: 'm-gweltaz',
    first_name: 'Gweltaz',
    last_name: 'Le Goff',
    thumbnail: '/files/profile/thumbnail-m-gw.png',
  },
  { id: 'm-lou', first_name: 'Lou', last_name: 'Caché', thumbnail: '/files/profile/thumbnail-m-lou.png' },
];

function renderChecklist() {
  const router = createMemoryRouter([{ path: '/checklist/:id', element: <ChecklistScreen /> }], {
    initialEntries: [`/checklist/${EVENT_UUID}`],
  });
  return render(<RouterProvider router={router} />);
}

async function openDialog() {
  renderChecklist();
  await waitFor(() => expect(screen.getAllByTestId('checklist-row')).toHaveLength(1));
  fireEvent.click(screen.getByRole('button', { name: 'Ajouter une personne présente' }));
  return screen.findByRole('dialog', { name: 'Ajouter une personne présente' });
}

const keep = (readAt: number) =>
  appDb().clubMembers.put({ key: 'current', userId: ADMIN.id, readAt, members: MEMBERS });

beforeAll(async () => {
  stubModalDialogs();
  await loadLaterTexts('fr');
});
beforeEach(async () => {
  setToken('tok');
  setCachedUser(ADMIN);
  restoreSession();
  // No signal: every request fails, the member search included.
  stubFetch(() => Promise.reject(new TypeError('Failed to fetch')));
  const start = new Date(Date.now() + DAY);
  await appDb().events.put(
    cachedEvent({
      start_date: start.toISOString(),
      end_date: new Date(start.getTime() + 2 * 3_600_000).toISOString(),
    }),
  );
  await appDb().outbox.clear();
});
afterEach(async () => {
  await appDb().events.clear();
  await appDb().outbox.clear();
  await appDb().clubMembers.clear();
});

describe('a walk-in found offline', () => {
  it('searches the kept list, accents and registered members aside, and adds the member by id', async () => {
    await keep(Date.now());
    const dialog = await openDialog();
    fireEvent.change(within(dialog).getByLabelText('Rechercher par nom'), { target: { value: 'gwe' } });
    await within(dialog).findByRole('button', { name: 'Ajouter Gweltaz Le Goff à la liste de présence' });
    fireEvent.change(within(dialog).getByLabelText('Rechercher par nom'), { target: { value: 'gwenaelle' } });
    const found = await within(dialog).findByRole('button', {
      name: 'Ajouter Gwenaëlle Morvan à la liste de présence',
    });
    expect(
      within(dialog).getByText(/Sans réseau : recherche dans la liste des membres gardée sur cet appareil/),
    ).toBeTruthy();
    await waitFor(() => expect(within(dialog).queryByRole('button', { name: /Gweltaz/ })).toBeNull());

    // By last name first too, and never someone registered.
    fireEvent.change(within(dialog).getByLabelText('Rechercher par nom'), { target: { value: 'kerlo' } });
    await within(dialog).findByText(/Aucun membre trouvé/);

    fireEvent.change(within(dialog).getByLabelText('Rechercher par nom'), { target: { value: 'morvan gw' } });
    fireEvent.click(
      await within(dialog).findByRole('button', { name: 'Ajouter Gwenaëlle Morvan à la liste de présence' }),
    );
    expect(found).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(async () =>
      expect((await appDb().outbox.toArray()).map((r) => [r.kind, r.body])).toEqual([
        [
          'walk-in',
          expect.objectContaining({ event_uuid: EVENT_UUID, user_id: 'm-gwen', name: 'Gwenaëlle Morvan' }),
        ],
      ]),
    );
    const row = await waitFor(() => {
      const match = screen.getAllByTestId('checklist-row').find((r) => r.textContent?.includes('Gwenaëlle'));
      expect(match).toBeTruthy();
      return match as HTMLElement;
    });
    expect(row.getAttribute('data-kind')).toBe('walk_in');
  });

  it('finds nobody in a list kept 7 days ago, which is gone, and offers the free name', async () => {
    await keep(Date.now() - 7 * DAY - 1000);
    const dialog = await openDialog();
    fireEvent.change(within(dialog).getByLabelText('Rechercher par nom'), { target: { value: 'gwen' } });
    await within(dialog).findByText(
      'La recherche a besoin du réseau : ajoutez la personne par son nom ci-dessous.',
    );
    expect(within(dialog).queryByRole('button', { name: /Gwenaëlle/ })).toBeNull();
    expect(await appDb().clubMembers.count()).toBe(0);
  });
});
