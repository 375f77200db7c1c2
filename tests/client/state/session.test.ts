import { waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { apiRequest } from '../../../src/data/core/api-client';
import { getCachedUser, getToken, setCachedUser, setToken } from '../../../src/data/core/session-storage';
import { confirmSession, replaceCurrentUser, restoreSession, useSession } from '../../../src/state/session';
import { signIn } from '../../../src/state/sign-in';
import { signOut } from '../../../src/state/sign-out';
import { useToastStore } from '../../../src/state/toast-store';
import { json, offline, stubFetch, USER } from '../fake-api';

const refused = () => json(401, { code: 'invalid_credentials', message: 'x', field: null });

beforeEach(() => {
  restoreSession();
  useToastStore.setState({ toasts: [] });
});

describe('the session module', () => {
  it('signs in: keeps the token and the user for offline reloads', async () => {
    stubFetch(() => json(200, { token: 'new-token', user: USER }));
    await signIn('marie', 'Secret123');
    expect(getToken()).toBe('new-token');
    expect(getCachedUser()).toEqual(USER);
    expect(useSession.getState()).toMatchObject({ user: USER, status: 'signed-in' });
  });

  it("a refused sign-in is the sign-in's error only: no session-expired message, even after a first session", async () => {
    stubFetch(() => json(200, { token: 'first', user: USER }));
    await signIn('marie', 'Secret123');
    await signOut();
    const fetchMock = stubFetch(refused);
    await expect(signIn('marie', 'wrong')).rejects.toMatchObject({
      status: 401,
      code: 'invalid_credentials',
    });
    const [, init] = fetchMock.mock.calls[0] ?? [];
    expect(new Headers(init?.headers).has('Authorization')).toBe(false);
    expect(useToastStore.getState().toasts).toEqual([]);
  });

  it('a 401 to a request that carried the token ends the session and says so once', async () => {
    setToken('tok');
    setCachedUser(USER);
    restoreSession();
    stubFetch(() => json(401, { code: 'unauthorised', message: 'x', field: null }));
    await expect(apiRequest('GET', '/api/x')).rejects.toMatchObject({ status: 401 });
    await expect(apiRequest('GET', '/api/y')).rejects.toMatchObject({ status: 401 });
    expect(getToken()).toBeNull();
    expect(getCachedUser()).toBeNull();
    expect(useSession.getState().status).toBe('signed-out');
    expect(useToastStore.getState().toasts.map((t) => t.messageKey)).toEqual(['sync.session_expired']);
  });

  it('signing out ends the session here at once and on the server with the old token, whatever it answers', async () => {
    setToken('tok');
    setCachedUser(USER);
    restoreSession();
    const fetchMock = stubFetch(() => json(401, { code: 'unauthorised', message: 'x', field: null }));
    await signOut();
    // Other requests of the ending session (a week refresh) may come first: find the sign-out's.
    const [url, init] = fetchMock.mock.calls.find(([called]) => called === '/api/user/logout') ?? [];
    expect([url, new Headers(init?.headers).get('Authorization')]).toEqual([
      '/api/user/logout',
      'Bearer tok',
    ]);
    expect(useSession.getState()).toMatchObject({ user: null, status: 'signed-out' });
    expect(useToastStore.getState().toasts).toEqual([]);
  });

  it('confirming offline keeps the token and the cached user', async () => {
    setToken('tok');
    setCachedUser(USER);
    restoreSession();
    stubFetch(offline);
    await confirmSession();
    expect(getToken()).toBe('tok');
    expect(useSession.getState()).toMatchObject({ user: USER, status: 'signed-in' });
  });

  it('follows another tab signing out', async () => {
    setToken('tok');
    setCachedUser(USER);
    restoreSession();
    const { watchOtherTabs } = await import('../../../src/state/session');
    const stop = watchOtherTabs();
    localStorage.clear();
    window.dispatchEvent(new StorageEvent('storage', { key: 'token' }));
    await waitFor(() => expect(useSession.getState().status).toBe('signed-out'));
    stop();
  });

  it("an answer of /api/user/me that left before a save of one's own profile does not undo the save", async () => {
    setToken('tok');
    setCachedUser(USER);
    restoreSession();
    let answerMe: (response: Response) => void = () => undefined;
    stubFetch((url) =>
      url === '/api/user/me' ? new Promise<Response>((resolve) => (answerMe = resolve)) : json(200, []),
    );
    const confirming = confirmSession();
    await waitFor(() => expect(fetch).toHaveBeenCalledWith('/api/user/me', expect.anything()));
    replaceCurrentUser({ ...USER, city: 'Brest' });
    answerMe(json(200, USER));
    await confirming;
    expect(useSession.getState().user?.city).toBe('Brest');
    expect(getCachedUser()?.city).toBe('Brest');
  });
  it('a reload whose cached user the server confirms changes no state: no screen renders again', async () => {
    setToken('tok');
    setCachedUser(USER);
    restoreSession();
    const shown = useSession.getState();
    let changes = 0;
    const stop = useSession.subscribe(() => {
      changes++;
    });
    stubFetch(() => json(200, { ...USER }));
    await confirmSession();
    stubFetch(offline);
    await confirmSession();
    stop();
    expect(changes).toBe(0);
    expect(useSession.getState()).toBe(shown);
  });

  it('a reload whose user changed on the server shows the new one', async () => {
    setToken('tok');
    setCachedUser(USER);
    restoreSession();
    stubFetch(() => json(200, { ...USER, first_name: 'Maëlle' }));
    await confirmSession();
    expect(useSession.getState().user?.first_name).toBe('Maëlle');
    expect(getCachedUser()?.first_name).toBe('Maëlle');
  });
});
