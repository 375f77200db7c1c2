import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { getToken, setCachedUser, setToken } from '../../../../src/data/core/session-storage';
import { restoreSession, useSession } from '../../../../src/state/session';
import { isWelcomeDue, markWelcomeSeen } from '../../../../src/state/welcome';
import { renderApp } from '../../app/render-app';
import { json, stubFetch, USER } from '../../fake-api';

beforeEach(() => {
  markWelcomeSeen();
  restoreSession();
});

const STRONG = 'Kayak2026!';

async function choosePassword(path: string) {
  const app = renderApp(path);
  fireEvent.change(await screen.findByLabelText('Nouveau mot de passe'), { target: { value: STRONG } });
  fireEvent.change(screen.getByLabelText('Confirmation du mot de passe'), { target: { value: STRONG } });
  fireEvent.click(screen.getByRole('button', { name: 'Enregistrer le mot de passe' }));
  return app;
}

/** The server's answers: the password set opens a session, as a sign-in does. */
function serverSigningIn(path: string, user = USER) {
  return stubFetch((url) =>
    url === path
      ? json(200, { ok: true, token: 'link-session', user })
      : url === '/api/user/me'
        ? json(200, user)
        : json(200, { key: 'slogan', value: 'x' }),
  );
}

// No password typed twice: the invitation's and the reset's answers sign the member in on this device.
describe('a password chosen through a link signs the member in', () => {
  it('invitation: stores the session, marks the welcome due and lands on the week, not the login form', async () => {
    serverSigningIn('/api/user/confirm/tok123');
    const { router } = await choosePassword('/confirm/tok123');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(getToken()).toBe('link-session');
    expect(useSession.getState()).toMatchObject({ status: 'signed-in', user: { username: 'marie' } });
    expect(isWelcomeDue()).toBe(true);
    expect(screen.queryByText(/redirigé vers le formulaire de connexion/)).toBeNull();
  });

  it('reset: signs in and lands on the week, with no welcome', async () => {
    serverSigningIn('/api/user/reset');
    const { router } = await choosePassword('/reset?token=q-tok');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(getToken()).toBe('link-session');
    expect(isWelcomeDue()).toBe(false);
  });

  it('on a device where someone else is signed in, the link’s member takes their place', async () => {
    const other = {
      ...USER,
      id: '9f1c2d3e-4b5a-4c6d-8e7f-0a1b2c3d4e5f',
      username: 'paul',
      first_name: 'Paul',
    };
    setToken('paul-session');
    setCachedUser(other);
    restoreSession();
    serverSigningIn('/api/user/confirm/tok9');
    const { router } = await choosePassword('/confirm/tok9');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(getToken()).toBe('link-session');
    expect(useSession.getState().user?.username).toBe('marie');
  });
});
