import type { DeclineEntry } from '@common/contract/participation';
import type { User } from '@common/contract/user';
import { render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { useConnectivityStore } from '../../../../src/data/core/connectivity';
import { appDb } from '../../../../src/data/core/db';
import { setCachedUser, setToken } from '../../../../src/data/core/session-storage';
import { ChecklistScreen } from '../../../../src/features/checklist/checklist-screen';
import { AttendeesSection } from '../../../../src/features/events/attendees/attendees-section';
import { loadLaterTexts } from '../../../../src/i18n/later-texts';
import { restoreSession } from '../../../../src/state/session';
import { cachedEvent, EVENT_UUID } from '../../data/event-fixture';
import { json, stubFetch, USER } from '../../fake-api';
import { stubModalDialogs } from '../../modal-dialogs';

// « Ne viennent pas » by name where the organiser sees an event's answers: the checklist and the sheet.
const ORGANISER: User = { ...USER, role_name: 'Contributor', role_id: 2 };
const PAUL = 'b0b7f3c4-8a51-4a4b-9a2e-3f1f7c9d2e12';
const NOELLE = 'c0b7f3c4-8a51-4a4b-9a2e-3f1f7c9d2e13';
const DECLINES: DeclineEntry[] = [
  {
    uuid_event: EVENT_UUID,
    uuid_user: PAUL,
    username: 'pbosser',
    first_name: 'Paul',
    last_name: 'Bosser',
    declined_at: '2026-11-25T10:00:00.000Z',
  },
  // A member who gave no name is still listed, by the only word the club has.
  {
    uuid_event: EVENT_UUID,
    uuid_user: NOELLE,
    username: 'noelle29',
    first_name: null,
    last_name: null,
    declined_at: '2026-11-25T11:00:00.000Z',
  },
];
const event = () => cachedEvent({ creator: { id: ORGANISER.id, first_name: 'Marie', last_name: null } });

let declineReads: number;
beforeAll(async () => {
  stubModalDialogs();
  await loadLaterTexts('fr');
});
beforeEach(async () => {
  setToken('tok');
  setCachedUser(ORGANISER);
  restoreSession();
  declineReads = 0;
  useConnectivityStore.setState({ isOnline: true });
  stubFetch((url) => {
    if (url.endsWith(`/api/event/${EVENT_UUID}/declines`)) {
      declineReads++;
      return json(200, DECLINES);
    }
    return json(503, {});
  });
  await appDb().events.put(event());
});
afterEach(async () => {
  await appDb().events.clear();
  await appDb().eventDeclines.clear();
});

describe('« Ne viennent pas » by name', () => {
  it('lists them on the checklist, read from the server and kept for the venue', async () => {
    const router = createMemoryRouter([{ path: '/checklist/:id', element: <ChecklistScreen /> }], {
      initialEntries: [`/checklist/${EVENT_UUID}`],
    });
    render(<RouterProvider router={router} />);
    const section = await screen.findByRole('region', { name: 'Ne viennent pas (2)' });
    expect(
      within(section)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Paul Bosser', 'noelle29']);
    expect(declineReads).toBeGreaterThan(0);
    // Kept on the device, so the list is there at the venue with no signal.
    await waitFor(async () =>
      expect((await appDb().eventDeclines.get(EVENT_UUID))?.entries).toEqual(DECLINES),
    );
  });

  it('lists them by name in the sheet too', async () => {
    await appDb().eventDeclines.put({ uuid_event: EVENT_UUID, entries: DECLINES });
    useConnectivityStore.setState({ isOnline: false });
    render(<AttendeesSection event={event()} user={ORGANISER} />);
    expect(await screen.findByRole('heading', { name: 'Ne viennent pas (2)' })).toBeTruthy();
    expect(within(screen.getByTestId('declined-list')).getByText('Paul Bosser')).toBeTruthy();
    expect(within(screen.getByTestId('declined-list')).queryByText('pbosser')).toBeNull();
  });
});
