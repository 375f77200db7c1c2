import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { useConnectivityStore } from '../../../../src/data/core/connectivity';
import { appDb } from '../../../../src/data/core/db';
import { LogoutScreen } from '../../../../src/features/auth/logout-screen';
import { signOut } from '../../../../src/state/sign-out';
import { USER } from '../../fake-api';
import { stubModalDialogs } from '../../modal-dialogs';

vi.mock('../../../../src/state/sign-out', () => ({ signOut: vi.fn(async () => undefined) }));

beforeAll(stubModalDialogs);
beforeEach(async () => {
  vi.mocked(signOut).mockClear();
  await appDb().outbox.clear();
});
afterEach(() => useConnectivityStore.setState({ isOnline: true }));

const renderLogout = () => {
  const router = createMemoryRouter(
    [
      { path: '/', element: <p>week</p> },
      { path: '/login', element: <p>login</p> },
      { path: '/logout', element: <LogoutScreen /> },
    ],
    { initialEntries: ['/', '/logout'], initialIndex: 1 },
  );
  render(<RouterProvider router={router} />);
  return router;
};

const queueOne = () =>
  appDb().outbox.add({
    kind: 'check',
    body: { event_uuid: 'e', is_invited: false, user_id: USER.id, is_checked: true },
    userId: USER.id,
    eventUuid: 'e',
    idempotencyKey: 'k',
    createdAt: 1,
    attempts: 0,
    status: 'pending',
    lastError: null,
    nextAttemptAt: 0,
  });

// Logging out at the venue must not lose unsent ticks by one tap on the bottom bar.
describe('logging out', () => {
  it('signs out at once when everything was sent and the network is there', async () => {
    const router = renderLogout();
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(signOut).toHaveBeenCalledTimes(1);
  });

  it('asks first with unsent changes; staying goes back and signs nobody out', async () => {
    await queueOne();
    const router = renderLogout();
    const dialog = await screen.findByRole('alertdialog', { name: 'Se déconnecter ?' });
    expect(dialog.textContent).toContain('1 changement pas encore envoyé. Se déconnecter quand même ?');
    fireEvent.click(screen.getByRole('button', { name: 'Ne pas se déconnecter' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(signOut).not.toHaveBeenCalled();
  });

  it('asks first offline, and signs out when confirmed', async () => {
    useConnectivityStore.setState({ isOnline: false });
    const router = renderLogout();
    // The text can be in the DOM a tick before the dialog is open (showModal runs in an effect), and a
    // closed dialog's buttons are hidden from the accessibility tree: wait for the open dialog itself.
    const dialog = await screen.findByRole('alertdialog', { name: 'Se déconnecter ?' });
    expect(dialog.textContent).toContain('Hors ligne : vous ne pourrez pas vous reconnecter');
    fireEvent.click(screen.getByRole('button', { name: 'Se déconnecter' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(signOut).toHaveBeenCalledTimes(1);
  });
});
