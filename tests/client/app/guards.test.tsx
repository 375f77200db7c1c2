import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { getToken, setCachedUser, setToken } from '../../../src/data/core/session-storage';
import { restoreSession, useSession } from '../../../src/state/session';
import { useToastStore } from '../../../src/state/toast-store';
import { json, offline, stubFetch, USER } from '../fake-api';
import { renderApp } from './render-app';

const settingsOrMe = (me: () => Response) => (url: string) =>
  url.startsWith('/api/user/me') ? me() : json(200, { key: 'slogan', value: 'Allez !' });

beforeEach(() => {
  restoreSession();
  useToastStore.setState({ toasts: [] });
});

describe('the signed-in guard', () => {
  it('sends a visitor without a token to /login', async () => {
    stubFetch(() => json(200, { key: 'slogan', value: 'x' }));
    const { router } = renderApp('/my-profile');
    // The first render of the app in this file loads its modules: more than waitFor's default second.
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'), { timeout: 5000 });
  });

  it('ok: renders the protected screen for a token the server accepts', async () => {
    setToken('tok');
    restoreSession();
    stubFetch(settingsOrMe(() => json(200, USER)));
    renderApp('/');
    expect(await screen.findByRole('heading', { name: 'Accueil' })).toBeTruthy();
    expect(useSession.getState().user?.username).toBe('marie');
  });

  it('401: drops the token and goes to /login', async () => {
    setToken('tok');
    setCachedUser(USER);
    restoreSession();
    stubFetch(settingsOrMe(() => json(401, { code: 'unauthorised', message: 'x', field: null })));
    const { router } = renderApp('/');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(getToken()).toBeNull();
  });

  it('offline with a cached user: keeps the token and renders from the cache', async () => {
    setToken('tok');
    setCachedUser(USER);
    restoreSession();
    const fetchMock = stubFetch(offline);
    const { router } = renderApp('/');
    expect(await screen.findByRole('heading', { name: 'Accueil' })).toBeTruthy();
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    expect(router.state.location.pathname).toBe('/');
    expect(getToken()).toBe('tok');
  });

  it('offline without a cached user: keeps the token and offers to retry', async () => {
    setToken('tok');
    restoreSession();
    stubFetch(offline);
    renderApp('/');
    expect(await screen.findByRole('heading', { name: 'Serveur injoignable' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Réessayer' })).toBeTruthy();
    expect(getToken()).toBe('tok');
  });

  it('a 5xx is treated like being offline, never as a sign-out', async () => {
    setToken('tok');
    restoreSession();
    stubFetch(settingsOrMe(() => json(503, { code: 'server_error', message: 'x', field: null })));
    renderApp('/');
    expect(await screen.findByRole('heading', { name: 'Serveur injoignable' })).toBeTruthy();
    expect(getToken()).toBe('tok');
  });
});

describe('the role guards', () => {
  it('sends a User away from /settings with error_not_allow_access', async () => {
    setToken('tok');
    restoreSession();
    stubFetch(settingsOrMe(() => json(200, USER)));
    const { router } = renderApp('/settings');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(await screen.findByText("Vous n'avez pas accès à cette page.")).toBeTruthy();
  });

  it('sends a Contributor away from admin pages, but lets them into /settings', async () => {
    setToken('tok');
    restoreSession();
    stubFetch(settingsOrMe(() => json(200, { ...USER, role_name: 'Contributor', role_id: 2 })));
    const { router } = renderApp('/settings/users');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    await router.navigate('/settings');
    expect(await screen.findByRole('heading', { name: 'Paramètres' })).toBeTruthy();
  });

  it('lets an Admin into admin pages and shows settings and event in the navigation', async () => {
    setToken('tok');
    restoreSession();
    stubFetch(settingsOrMe(() => json(200, { ...USER, role_name: 'Admin', role_id: 3 })));
    renderApp('/settings/users');
    expect(await screen.findByRole('heading', { name: 'Utilisateurs' })).toBeTruthy();
    const nav = screen.getByRole('navigation', { name: 'Navigation principale' });
    expect(nav.textContent).toContain('Paramètres');
    expect(nav.textContent).toContain('Évènement');
  });

  it('shows a User only home, news and logout, « Déconnexion » last', async () => {
    setToken('tok');
    restoreSession();
    stubFetch(settingsOrMe(() => json(200, USER)));
    renderApp('/');
    const nav = await screen.findByRole('navigation', { name: 'Navigation principale' });
    await screen.findByRole('heading', { name: 'Accueil' });
    expect(nav.textContent).toBe('AccueilActualitésDéconnexion');
  });

  it('redirects any unknown path to /', async () => {
    setToken('tok');
    restoreSession();
    stubFetch(settingsOrMe(() => json(200, USER)));
    const { router } = renderApp('/no/such/page');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });
});
