import { NOTIFICATION_DEFAULTS, NOTIFICATION_TYPES } from '@common/contract/notifications';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { useConnectivityStore } from '../../../../src/data/core/connectivity';
import { clearSession } from '../../../../src/data/core/session-storage';
import { renderApp } from '../../app/render-app';
import { json, stubFetch, USER } from '../../fake-api';
import { stubModalDialogs } from '../../modal-dialogs';
import { signInOnFreshDevice } from './signed-in-profile';

const SETTINGS = NOTIFICATION_TYPES.map((name) => ({
  name,
  description: name,
  active: NOTIFICATION_DEFAULTS[name],
}));
const STORE_KEY = `calendarFeed:${USER.id}`;
const URL_1 = 'https://club.example.org/api/calendar/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA.ics';
const URL_2 = 'https://club.example.org/api/calendar/BBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBB.ics';
const CREATED_1 = '2026-11-20T09:30:00.000Z';
const CREATED_2 = '2026-11-23T10:00:00.000Z';
const link = (url: string, created_at: string) => ({
  url,
  webcal_url: url.replace('https://', 'webcal://'),
  created_at,
});

type Feed = { active: boolean; created_at: string | null };

/** A server holding one feed status; POST makes URL_2 (created CREATED_2), DELETE revokes. */
function serve(initial: Feed) {
  let feed = initial;
  return stubFetch((url, init) => {
    if (url === '/api/user/calendar-feed') {
      if (init.method === 'POST') {
        feed = { active: true, created_at: CREATED_2 };
        return json(200, link(URL_2, CREATED_2));
      }
      if (init.method === 'DELETE') {
        feed = { active: false, created_at: null };
        return new Response(null, { status: 204 });
      }
      return json(200, feed);
    }
    if (url === '/api/user/me') return json(200, USER);
    if (url.startsWith('/api/user/preference/')) return json(200, SETTINGS);
    return json(200, { key: 'timezone', value: 'Europe/Paris' });
  });
}

async function openSection() {
  renderApp('/my-profile');
  fireEvent.click(await screen.findByRole('tab', { name: 'Préférences' }));
  return screen.findByRole('region', { name: 'Mon agenda' });
}

beforeAll(stubModalDialogs);
beforeEach(signInOnFreshDevice);

describe('my calendar, without a feed', () => {
  it('creates the link, shows it with a webcal subscription, and keeps it on this device', async () => {
    const fetchMock = serve({ active: false, created_at: null });
    const section = await openSection();
    expect(await within(section).findByText("Aucun lien d'agenda n'est actif.")).toBeTruthy();
    fireEvent.click(within(section).getByRole('button', { name: "Créer mon lien d'agenda" }));
    const field = (await within(section).findByLabelText('Lien de mon agenda')) as HTMLInputElement;
    expect(field.value).toBe(URL_2);
    expect(field.readOnly).toBe(true);
    const subscribe = within(section).getByRole('link', { name: "S'abonner dans mon agenda" });
    expect(subscribe.getAttribute('href')).toBe(URL_2.replace('https://', 'webcal://'));
    expect(within(section).getByText(/Un lien est actif depuis le 23 novembre 2026/)).toBeTruthy();
    expect(JSON.parse(localStorage.getItem(STORE_KEY) ?? 'null')).toEqual(link(URL_2, CREATED_2));
    expect(
      fetchMock.mock.calls.some(
        ([url, init]) => url === '/api/user/calendar-feed' && init?.method === 'POST',
      ),
    ).toBe(true);
  });

  it('copies the link and says so; without a clipboard it selects the link and says how to copy it', async () => {
    localStorage.setItem(STORE_KEY, JSON.stringify(link(URL_1, CREATED_1)));
    serve({ active: true, created_at: CREATED_1 });
    const writeText = vi.fn(() => Promise.resolve());
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    const section = await openSection();
    fireEvent.click(await within(section).findByRole('button', { name: 'Copier' }));
    expect(await within(section).findByText('Lien copié.')).toBeTruthy();
    expect(writeText).toHaveBeenCalledWith(URL_1);

    writeText.mockImplementation(() => Promise.reject(new Error('denied')));
    fireEvent.click(within(section).getByRole('button', { name: 'Copier' }));
    expect(await within(section).findByText(/Copie automatique impossible/)).toBeTruthy();
    expect(document.activeElement).toBe(within(section).getByLabelText('Lien de mon agenda'));
    vi.unstubAllGlobals();
  });
});

describe('my calendar, with a feed', () => {
  it('shows since when a feed made elsewhere is active, without a URL, and regenerates it after a confirmation', async () => {
    serve({ active: true, created_at: CREATED_1 });
    const section = await openSection();
    expect(await within(section).findByText(/Un lien est actif depuis le 20 novembre 2026/)).toBeTruthy();
    expect(within(section).getByText(/n'est affiché que sur l'appareil qui l'a créé/)).toBeTruthy();
    expect(within(section).queryByLabelText('Lien de mon agenda')).toBeNull();

    fireEvent.click(within(section).getByRole('button', { name: 'Générer un nouveau lien' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Générer un nouveau lien ?' });
    expect(within(dialog).getByText(/L'ancien lien cessera de fonctionner/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Générer un nouveau lien' }));
    const field = (await within(section).findByLabelText('Lien de mon agenda')) as HTMLInputElement;
    expect(field.value).toBe(URL_2);
  });

  it('shows the URL kept on this device only while it is still the active feed', async () => {
    localStorage.setItem(STORE_KEY, JSON.stringify(link(URL_1, CREATED_1)));
    serve({ active: true, created_at: CREATED_2 }); // regenerated on another device since
    const section = await openSection();
    expect(await within(section).findByText(/Un lien est actif depuis le 23 novembre 2026/)).toBeTruthy();
    expect(within(section).queryByLabelText('Lien de mon agenda')).toBeNull();
    expect(localStorage.getItem(STORE_KEY)).toBeNull();
  });

  it('revokes after a confirmation naming the link', async () => {
    localStorage.setItem(STORE_KEY, JSON.stringify(link(URL_1, CREATED_1)));
    serve({ active: true, created_at: CREATED_1 });
    const section = await openSection();
    fireEvent.click(await within(section).findByRole('button', { name: 'Révoquer' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Révoquer le lien ?' });
    expect(within(dialog).getByText(/Révoquer le lien de mon agenda \?/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Révoquer' }));
    expect(await within(section).findByText("Aucun lien d'agenda n'est actif.")).toBeTruthy();
    expect(localStorage.getItem(STORE_KEY)).toBeNull();
  });

  it('is forgotten on this device at sign-out', () => {
    localStorage.setItem(STORE_KEY, JSON.stringify(link(URL_1, CREATED_1)));
    clearSession();
    expect(localStorage.getItem(STORE_KEY)).toBeNull();
  });
});

describe('my calendar, offline', () => {
  it('disables every action and says why, keeping the link shown', async () => {
    localStorage.setItem(STORE_KEY, JSON.stringify(link(URL_1, CREATED_1)));
    serve({ active: true, created_at: CREATED_1 });
    const section = await openSection();
    await within(section).findByLabelText('Lien de mon agenda');
    act(() => useConnectivityStore.setState({ isOnline: false }));
    const reason = within(section).getByText("Hors ligne : le lien d'agenda se gère en ligne.");
    for (const name of ['Générer un nouveau lien', 'Révoquer']) {
      const button = within(section).getByRole('button', { name }) as HTMLButtonElement;
      expect(button.disabled).toBe(true);
      expect(button.getAttribute('aria-describedby')).toBe(reason.id);
    }
  });

  it('says when the status cannot be read, and retries', async () => {
    let isDown = true;
    const fetchMock = serve({ active: false, created_at: null });
    const answer = fetchMock.getMockImplementation();
    fetchMock.mockImplementation((input, init) => {
      if (String(input) === '/api/user/calendar-feed' && isDown)
        return Promise.reject(new TypeError('Failed to fetch'));
      return answer ? answer(input, init) : Promise.reject(new Error('no handler'));
    });
    const section = await openSection();
    expect(await within(section).findByRole('alert')).toBeTruthy();
    isDown = false;
    act(() => useConnectivityStore.setState({ isOnline: true }));
    fireEvent.click(within(section).getByRole('button', { name: 'Réessayer' }));
    await waitFor(() => expect(within(section).getByText("Aucun lien d'agenda n'est actif.")).toBeTruthy());
  });
});
