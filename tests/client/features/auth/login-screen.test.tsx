import { fireEvent, screen, waitFor } from '@testing-library/react';
import i18n from 'i18next';
import { beforeEach, describe, expect, it } from 'vitest';
import { getToken } from '../../../../src/data/core/session-storage';
import { restoreSession, useSession } from '../../../../src/state/session';
import { renderApp } from '../../app/render-app';
import { json, offline, stubFetch, USER } from '../../fake-api';

beforeEach(restoreSession);

// The login screen is a lazy route: on a slow machine the URL is /login before its form is drawn.
async function fillAndSubmit(username: string, password: string) {
  fireEvent.change(await screen.findByLabelText("Nom d'utilisateur ou e-mail"), {
    target: { value: username },
  });
  fireEvent.change(screen.getByLabelText('Mot de passe'), { target: { value: password } });
  fireEvent.click(screen.getByRole('button', { name: 'Se connecter' }));
}

describe('login screen', () => {
  it('signs in: stores the token, sets the user, goes home', async () => {
    const fetchMock = stubFetch((url) =>
      url === '/api/user/login'
        ? json(200, { token: 'new-token', user: USER })
        : url === '/api/user/me'
          ? json(200, USER)
          : json(200, { key: 'slogan', value: 'x' }),
    );
    const { router } = renderApp('/login');
    await fillAndSubmit(' marie ', 'Secret123');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(getToken()).toBe('new-token');
    expect(useSession.getState().user?.username).toBe('marie');
    const [, init] = fetchMock.mock.calls.find(([url]) => url === '/api/user/login') ?? [];
    expect(JSON.parse(String(init?.body))).toEqual({ username_or_email: 'marie', password: 'Secret123' });
  });

  it("follows the account's language on a device that never chose one", async () => {
    const english = { ...USER, language: 'en' as const };
    stubFetch((url) =>
      url === '/api/user/login'
        ? json(200, { token: 'new-token', user: english })
        : url === '/api/user/me'
          ? json(200, english)
          : json(200, { key: 'slogan', value: 'x' }),
    );
    try {
      const { router } = renderApp('/login');
      await fillAndSubmit('marie', 'Secret123');
      await waitFor(() => expect(router.state.location.pathname).toBe('/'));
      await waitFor(() => expect(i18n.language).toBe('en'));
      expect(localStorage.getItem('lang')).toBe('en');
    } finally {
      await i18n.changeLanguage('fr');
    }
  });

  it('keeps the language this device chose, whatever the account says', async () => {
    localStorage.setItem('lang', 'fr');
    stubFetch((url) =>
      url === '/api/user/login'
        ? json(200, { token: 'new-token', user: { ...USER, language: 'en' } })
        : json(200, { ...USER, language: 'en' }),
    );
    const { router } = renderApp('/login');
    await fillAndSubmit('marie', 'Secret123');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(i18n.language).toBe('fr');
  });

  it('leads back to the page a signed-out member asked for (a link in an email), never elsewhere', async () => {
    stubFetch((url) =>
      url === '/api/user/login'
        ? json(200, { token: 'new-token', user: USER })
        : url === '/api/user/me'
          ? json(200, USER)
          : json(503, {}),
    );
    const { router } = renderApp('/my-profile?tab=preferences');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    await fillAndSubmit('marie', 'Secret123');
    await waitFor(() => expect(router.state.location.pathname).toBe('/my-profile'));
    expect(router.state.location.search).toBe('?tab=preferences');
  });

  it.each(['//evil.example/x', 'https://evil.example/', '/logout'])(
    'goes home instead of a return target %s',
    async (from) => {
      stubFetch((url) =>
        url === '/api/user/login' ? json(200, { token: 'new-token', user: USER }) : json(200, USER),
      );
      const { router } = renderApp('/login');
      await router.navigate('/login', { state: { from } });
      await fillAndSubmit('marie', 'Secret123');
      await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    },
  );

  it("shows the server's refusal, translated, and stays", async () => {
    stubFetch(() =>
      json(401, { code: 'invalid_credentials', message: 'Wrong username or password.', field: null }),
    );
    const { router } = renderApp('/login');
    await fillAndSubmit('marie', 'bad');
    expect((await screen.findByRole('alert')).textContent).toBe('Identifiant ou mot de passe incorrect.');
    expect(router.state.location.pathname).toBe('/login');
    expect(getToken()).toBeNull();
  });

  it('says so when the server cannot be reached', async () => {
    stubFetch(offline);
    renderApp('/login');
    await fillAndSubmit('marie', 'Secret123');
    expect((await screen.findByRole('alert')).textContent).toContain('Impossible de joindre le serveur');
  });

  // The sign-in screen is its own chunk: it shows once loaded.
  it('shows and hides the password', async () => {
    renderApp('/login');
    const password = (await screen.findByLabelText('Mot de passe')) as HTMLInputElement;
    expect(password.type).toBe('password');
    fireEvent.click(screen.getByRole('button', { name: 'Afficher le mot de passe' }));
    expect(password.type).toBe('text');
    fireEvent.click(screen.getByRole('button', { name: 'Masquer le mot de passe' }));
    expect(password.type).toBe('password');
  });

  it('links to /askreset and /news', async () => {
    renderApp('/login');
    expect((await screen.findByRole('link', { name: 'Mot de passe oublié ?' })).getAttribute('href')).toBe(
      '/askreset',
    );
    expect(screen.getByRole('link', { name: 'Actualités' }).getAttribute('href')).toBe('/news');
  });
});
