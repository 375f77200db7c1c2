import { NOTIFICATION_DEFAULTS, NOTIFICATION_TYPES } from '@common/contract/notifications';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useConnectivityStore } from '../../../../src/data/core/connectivity';
import { confirmSession } from '../../../../src/state/session';
import { signOut } from '../../../../src/state/sign-out';
import { useToastStore } from '../../../../src/state/toast-store';
import { renderApp } from '../../app/render-app';
import { json, stubFetch, USER } from '../../fake-api';
import { signInOnFreshDevice } from './signed-in-profile';

const SETTINGS = NOTIFICATION_TYPES.map((name) => ({
  name,
  description: name,
  active: NOTIFICATION_DEFAULTS[name],
}));
// A P-256 public key's length (65 bytes) in base64url; its bytes do not matter to the page.
const PUBLIC_KEY = `B${'A'.repeat(86)}`;
const ENDPOINT = 'https://push.example.org/send/abc';
const SUBSCRIPTION_JSON = { endpoint: ENDPOINT, expirationTime: null, keys: { p256dh: 'p', auth: 'a' } };

type Permission = NotificationPermission;

/**
 * The browser's side: Notification (permission), PushManager, and a service worker registration whose
 * push manager holds at most one subscription. `answer` is what the permission prompt answers.
 */
function stubBrowser(options: {
  permission: Permission;
  isSubscribed?: boolean;
  answer?: Permission;
  subscribeFails?: boolean;
}) {
  const notification = {
    permission: options.permission,
    requestPermission: vi.fn(async () => {
      notification.permission = options.answer ?? 'granted';
      return notification.permission;
    }),
  };
  const subscription = {
    endpoint: ENDPOINT,
    options: { applicationServerKey: null as ArrayBuffer | null },
    toJSON: () => SUBSCRIPTION_JSON,
    unsubscribe: vi.fn(async () => {
      current = null;
      return true;
    }),
  };
  let current: typeof subscription | null = options.isSubscribed ? subscription : null;
  const pushManager = {
    getSubscription: vi.fn(async () => current),
    subscribe: vi.fn(async ({ applicationServerKey }: { applicationServerKey: Uint8Array }) => {
      if (options.subscribeFails)
        throw new DOMException('Registration failed - push service error', 'AbortError');
      subscription.options.applicationServerKey = applicationServerKey.slice().buffer;
      current = subscription;
      return subscription;
    }),
  };
  const registration = { pushManager };
  vi.stubGlobal('Notification', notification);
  vi.stubGlobal('PushManager', class {});
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: { getRegistration: async () => registration, ready: Promise.resolve(registration) },
  });
  return { notification, pushManager, subscription };
}

/** The server: preferences, the public key, and the subscription routes (recorded). */
function serve() {
  return stubFetch((url) => {
    if (url === '/api/push/public-key') return json(200, { public_key: PUBLIC_KEY });
    if (url === '/api/push/subscription') return new Response(null, { status: 204 });
    if (url === '/api/user/me') return json(200, USER);
    if (url.startsWith('/api/user/preference/')) return json(200, SETTINGS);
    if (url === '/api/user/logout') return new Response(null, { status: 204 });
    return json(200, { key: 'timezone', value: 'Europe/Paris' });
  });
}

const calls = (fetchMock: ReturnType<typeof serve>, path: string) =>
  fetchMock.mock.calls
    .filter(([url]) => String(url) === path)
    .map(([, init]) => ({
      method: init?.method,
      body: init?.body ? JSON.parse(String(init.body)) : undefined,
    }));

async function openSection() {
  renderApp('/my-profile');
  fireEvent.click(await screen.findByRole('tab', { name: 'Préférences' }));
  return screen.findByRole('region', { name: 'Notifications sur cet appareil' });
}
const theSwitch = (section: HTMLElement) =>
  within(section).getByRole('switch', { name: 'Notifications sur cet appareil' });

beforeEach(signInOnFreshDevice);
afterEach(() => {
  Reflect.deleteProperty(navigator, 'serviceWorker');
});

describe('notifications on this device', () => {
  it('asks the permission only when turned on, subscribes with the server key and stores the subscription', async () => {
    const browser = stubBrowser({ permission: 'default' });
    const fetchMock = serve();
    const section = await openSection();
    await waitFor(() => expect(theSwitch(section).getAttribute('aria-busy')).toBe('false'));
    expect(theSwitch(section).getAttribute('aria-checked')).toBe('false');
    expect(browser.notification.requestPermission).not.toHaveBeenCalled();

    fireEvent.click(theSwitch(section));
    await waitFor(() => expect(theSwitch(section).getAttribute('aria-checked')).toBe('true'));
    expect(browser.notification.requestPermission).toHaveBeenCalledOnce();
    const [options] = browser.pushManager.subscribe.mock.calls[0] ?? [];
    expect(options?.applicationServerKey).toHaveLength(65);
    expect(calls(fetchMock, '/api/push/subscription')).toEqual([{ method: 'PUT', body: SUBSCRIPTION_JSON }]);
    expect(useToastStore.getState().toasts.map((t) => t.messageKey)).toContain('push.enabled');
  });

  it('turns off: the server forgets the device, then the browser unsubscribes', async () => {
    const browser = stubBrowser({ permission: 'granted', isSubscribed: true });
    const fetchMock = serve();
    const section = await openSection();
    await waitFor(() => expect(theSwitch(section).getAttribute('aria-checked')).toBe('true'));
    fireEvent.click(theSwitch(section));
    await waitFor(() => expect(theSwitch(section).getAttribute('aria-checked')).toBe('false'));
    expect(calls(fetchMock, '/api/push/subscription')).toContainEqual({
      method: 'DELETE',
      body: { endpoint: ENDPOINT },
    });
    expect(browser.subscription.unsubscribe).toHaveBeenCalledOnce();
  });

  it('says how to allow notifications again when the permission was refused', async () => {
    stubBrowser({ permission: 'default', answer: 'denied' });
    serve();
    const section = await openSection();
    await waitFor(() => expect(theSwitch(section).hasAttribute('disabled')).toBe(false));
    fireEvent.click(theSwitch(section));
    expect(await within(section).findByText(/Les notifications sont bloquées pour ce site/)).toBeTruthy();
    expect(theSwitch(section).hasAttribute('disabled')).toBe(true);
    expect(theSwitch(section).getAttribute('aria-describedby')).toMatch(/blocker/);
  });

  it('says when the browser has no push; the switch is disabled with the reason', async () => {
    serve();
    const section = await openSection();
    expect(await within(section).findByText(/Ce navigateur ne permet pas les notifications/)).toBeTruthy();
    expect(theSwitch(section).hasAttribute('disabled')).toBe(true);
    expect(theSwitch(section).getAttribute('aria-describedby')).toMatch(/blocker/);
  });

  it('says when offline; the switch is disabled with the reason', async () => {
    stubBrowser({ permission: 'granted' });
    const fetchMock = serve();
    const section = await openSection();
    await waitFor(() => expect(theSwitch(section).hasAttribute('disabled')).toBe(false));
    // The network goes: from now on every request fails, so no late answer of a read still in flight
    // marks the app online again (seen on a loaded CI machine).
    fetchMock.mockImplementation(() => Promise.reject(new TypeError('Failed to fetch')));
    act(() => useConnectivityStore.setState({ isOnline: false }));
    expect(await within(section).findByText(/Hors ligne : les notifications se règlent/)).toBeTruthy();
    await waitFor(() => expect(theSwitch(section).getAttribute('aria-busy')).toBe('false'));
    expect(theSwitch(section).hasAttribute('disabled')).toBe(true);
  });

  it('says so when the browser cannot reach its push service, and stays off', async () => {
    stubBrowser({ permission: 'granted', subscribeFails: true });
    const fetchMock = serve();
    const section = await openSection();
    await waitFor(() => expect(theSwitch(section).hasAttribute('disabled')).toBe(false));
    fireEvent.click(theSwitch(section));
    expect((await within(section).findByRole('alert')).textContent).toMatch(/n'a pas pu joindre son service/);
    expect(theSwitch(section).getAttribute('aria-checked')).toBe('false');
    expect(calls(fetchMock, '/api/push/subscription')).toEqual([]);
  });

  it('on sign-out, unsubscribes this device and tells the server with the ended session token', async () => {
    const browser = stubBrowser({ permission: 'granted', isSubscribed: true });
    const fetchMock = serve();
    await signOut();
    expect(browser.subscription.unsubscribe).toHaveBeenCalledOnce();
    const deletion = fetchMock.mock.calls.find(
      ([url, init]) => url === '/api/push/subscription' && init?.method === 'DELETE',
    );
    expect(new Headers(deletion?.[1]?.headers).get('Authorization')).toBe('Bearer tok');
  });

  it('when the server refuses the session, ends the subscription here (the server cannot be told)', async () => {
    const browser = stubBrowser({ permission: 'granted', isSubscribed: true });
    const fetchMock = stubFetch(() => json(401, { code: 'unauthorised', message: 'x', field: null }));
    await confirmSession();
    await waitFor(() => expect(browser.subscription.unsubscribe).toHaveBeenCalledOnce());
    expect(fetchMock.mock.calls.filter(([url]) => url === '/api/push/subscription')).toEqual([]);
  });
});
