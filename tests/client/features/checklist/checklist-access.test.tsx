import type { User } from '@common/contract/user';
import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { appDb } from '../../../../src/data/core/db';
import { setCachedUser, setToken } from '../../../../src/data/core/session-storage';
import { ChecklistScreen } from '../../../../src/features/checklist/checklist-screen';
import { loadLaterTexts } from '../../../../src/i18n/later-texts';
import { restoreSession } from '../../../../src/state/session';
import { cachedEvent, EVENT_UUID } from '../../data/event-fixture';
import { json, stubFetch, USER } from '../../fake-api';

// The list is for those who take attendance (docs/rules.md#roles); anyone else gets a page saying so.
const COACH: User = { ...USER, id: 'coach', username: 'soazig', role_name: 'Contributor' };

function renderChecklist(user: User) {
  setCachedUser(user);
  restoreSession();
  const router = createMemoryRouter(
    [
      { path: '/', element: <p>week</p> },
      { path: '/checklist/:id', element: <ChecklistScreen /> },
    ],
    { initialEntries: [`/checklist/${EVENT_UUID}`] },
  );
  return render(<RouterProvider router={router} />);
}

beforeEach(async () => {
  await loadLaterTexts('fr');
  setToken('tok');
  stubFetch(() => json(503, {}));
  await appDb().events.put(cachedEvent({ co_organisers: ['coach'] }));
});
afterEach(() => appDb().events.clear());

describe('who sees a checklist', () => {
  it('a co-organiser the creator named sees the list and may tick', async () => {
    renderChecklist(COACH);
    expect(await screen.findByRole('button', { name: /^Présence d(e |')/ })).toBeTruthy();
    expect(screen.queryByText(/Seuls les organisateurs/)).toBeNull();
  });

  it('a member gets a clear page, no names, and the way back to the week', async () => {
    renderChecklist(USER);
    expect(
      await screen.findByText(
        'Seuls les organisateurs de cet évènement et les administrateurs du club voient sa liste de présence.',
      ),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Présence d(e |')/ })).toBeNull();
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.getByRole('link', { name: 'Retour à la semaine' }).getAttribute('href')).toBe('/');
  });

  it('a co-organiser since demoted to User gets the same page', async () => {
    renderChecklist({ ...COACH, role_name: 'User' });
    expect(await screen.findByText(/Seuls les organisateurs de cet évènement/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Présence d(e |')/ })).toBeNull();
  });

  it('another Contributor, not named, gets the same page; an Admin sees the list', async () => {
    const view = renderChecklist({ ...COACH, id: 'other' });
    expect(await screen.findByText(/Seuls les organisateurs de cet évènement/)).toBeTruthy();
    view.unmount();
    renderChecklist({ ...USER, role_name: 'Admin' });
    expect(await screen.findByRole('button', { name: /^Présence d(e |')/ })).toBeTruthy();
  });
});
