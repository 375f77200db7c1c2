import type { User } from '@common/contract/user';
import { render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { appDb } from '../../../../src/data/core/db';
import { setCachedUser, setToken } from '../../../../src/data/core/session-storage';
import { keepVenueFacts } from '../../../../src/data/core/venue-facts';
import { ChecklistScreen } from '../../../../src/features/checklist/checklist-screen';
import { loadLaterTexts } from '../../../../src/i18n/later-texts';
import { restoreSession } from '../../../../src/state/session';
import { cachedEvent, EVENT_UUID } from '../../data/event-fixture';
import { stubFetch, USER } from '../../fake-api';

// At the venue with no signal (docs/rules.md#families): a minor is marked, each guardian a tap to call, and the
// transport and emergency-care consents said in words, from what the event's own read kept on this device.
const ADMIN: User = { ...USER, role_name: 'Admin' };
const base = cachedEvent();
const entry = base.subscribers_with_stuff[0] as (typeof base.subscribers_with_stuff)[number];
const LOU = {
  ...entry,
  id: 'child-lou',
  uuid: 's-lou',
  username: 'lou.lebihan',
  first_name: 'Lou',
  last_name: 'Le Bihan',
};
const ANNA = {
  ...entry,
  id: 'adult-anna',
  uuid: 's-anna',
  username: 'anna',
  first_name: 'Anna',
  last_name: 'Kerlo',
};

/** The event as an organiser's read of it gives it: Lou a minor with two guardians, Anna an adult. */
const organiserRead = () =>
  cachedEvent({
    subcribers_count: 2,
    subscribers_with_stuff: [
      {
        ...LOU,
        is_minor: true,
        guardians: [
          { id: 'g-gwen', first_name: 'Gwen', last_name: 'Le Bihan', phone: '06 12 34 56 78' },
          { id: 'g-yann', first_name: 'Yann', last_name: 'Le Bihan', phone: null },
        ],
        consents: { transport: true, emergency_care: null },
      },
      ANNA,
    ],
  });

function renderChecklist() {
  const router = createMemoryRouter([{ path: '/checklist/:id', element: <ChecklistScreen /> }], {
    initialEntries: [`/checklist/${EVENT_UUID}`],
  });
  return render(<RouterProvider router={router} />);
}

beforeAll(() => loadLaterTexts('fr'));
beforeEach(async () => {
  setToken('tok');
  setCachedUser(ADMIN);
  restoreSession();
  stubFetch(() => Promise.reject(new TypeError('Failed to fetch')));
});
afterEach(async () => {
  await appDb().events.clear();
  await appDb().venueFacts.clear();
});

describe('the checklist at the venue, for a minor', () => {
  it('marks the minor, offers a call to each guardian with a phone, and says the consents, the rows already on screen', async () => {
    // The list is on screen from the week's copy of the event (which never carries the facts) when the
    // event's own read arrives and keeps them: the rows show them without a reload.
    await appDb().events.put(cachedEvent({ subcribers_count: 2, subscribers_with_stuff: [LOU, ANNA] }));
    renderChecklist();
    await waitFor(() => expect(screen.getAllByTestId('checklist-row')).toHaveLength(2));
    await keepVenueFacts(appDb(), organiserRead());
    await screen.findByText('Moins de 18 ans');
    const rows = screen.getAllByTestId('checklist-row');
    const louRow = rows.find((row) => row.textContent?.includes('Lou')) as HTMLElement;
    const annaRow = rows.find((row) => row.textContent?.includes('Anna')) as HTMLElement;
    expect(within(louRow).getByText('Moins de 18 ans')).toBeTruthy();
    const call = within(louRow).getByRole('link', {
      name: 'Appeler Gwen Le Bihan, responsable de Lou Le Bihan, au 06 12 34 56 78',
    });
    expect(call.getAttribute('href')).toBe('tel:0612345678');
    expect(within(louRow).getByText('Yann Le Bihan (pas de téléphone)')).toBeTruthy();
    expect(
      within(louRow).getByText("Trajet avec un bénévole : oui · Soins d'urgence : pas de réponse"),
    ).toBeTruthy();
    expect(within(annaRow).queryByText('Moins de 18 ans')).toBeNull();
  });

  it('a read with no minor marked (no minor, or a reader who does not take attendance) forgets the facts', async () => {
    await keepVenueFacts(appDb(), organiserRead());
    expect(await appDb().venueFacts.count()).toBe(1);
    await keepVenueFacts(appDb(), cachedEvent({ subscribers_with_stuff: [LOU, ANNA] }));
    expect(await appDb().venueFacts.count()).toBe(0);
  });
});
