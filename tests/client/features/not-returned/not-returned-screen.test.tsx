import type { NotReturnedEntry } from '@common/contract/kit';
import { ROLE_IDS, type RoleName } from '@common/contract/user';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { useConnectivityStore } from '../../../../src/data/core/connectivity';
import { appDb } from '../../../../src/data/core/db';
import { setCachedUser, setToken } from '../../../../src/data/core/session-storage';
import { NotReturnedScreen } from '../../../../src/features/not-returned/not-returned-screen';
import { loadLaterTexts } from '../../../../src/i18n/later-texts';
import { restoreSession } from '../../../../src/state/session';
import { renderApp } from '../../app/render-app';
import { json, offline, stubFetch, USER } from '../../fake-api';

const RIVER = '11111111-1111-4111-8111-111111111111';
const SEA = '22222222-2222-4222-8222-222222222222';
const entry = (overrides: Partial<NotReturnedEntry>): NotReturnedEntry => ({
  event_uuid: RIVER,
  event_name: 'Descente de l’Aulne',
  start_date: '2026-10-04T08:00:00.000Z',
  end_date: '2026-10-04T12:00:00.000Z',
  is_invited: false,
  user_id: '44444444-4444-4444-8444-444444444444',
  first_name: 'Léna',
  last_name: 'Bosser',
  host_name: null,
  uuid_stuff: 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa',
  stuff_name: 'Kayak mono K1',
  stuff_kind: 'Bateaux',
  handed_out_at: '2026-10-04T07:50:00.000Z',
  ...overrides,
});
// The older event first: the screen shows the newest first.
const LIST: NotReturnedEntry[] = [
  entry({}),
  entry({ uuid_stuff: 'bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb', stuff_name: 'Gilet', stuff_kind: null }),
  entry({
    is_invited: true,
    user_id: 7,
    first_name: 'Yann',
    last_name: 'Le Goff',
    host_name: 'Léna Bosser',
    uuid_stuff: 'bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb',
    stuff_name: 'Gilet',
    stuff_kind: null,
  }),
  entry({
    event_uuid: SEA,
    event_name: 'Sortie en mer',
    start_date: '2026-11-08T09:00:00.000Z',
    end_date: '2026-11-08T12:00:00.000Z',
    user_id: '55555555-5555-4555-8555-555555555555',
    first_name: 'Gaël',
    last_name: 'Tanguy',
    uuid_stuff: 'cccccccc-cccc-4ccc-8ccc-cccccccccccc',
    stuff_name: 'Pagaie',
    stuff_kind: 'Pagaies',
  }),
];

const renderScreen = () =>
  render(
    <MemoryRouter>
      <NotReturnedScreen />
    </MemoryRouter>,
  );

beforeAll(() => loadLaterTexts('fr'));
beforeEach(async () => {
  setToken('tok');
  useConnectivityStore.setState({ isOnline: true });
  await appDb().clubSettings.put({ key: 'timezone', value: 'Europe/Paris' });
});
afterEach(() => appDb().clubSettings.clear());

describe('« Matériel non rendu »', () => {
  it('lists per event, newest first, each person with the items still out, a guest with their host', async () => {
    const asked: string[] = [];
    stubFetch((url) => {
      asked.push(url);
      return json(200, LIST);
    });
    renderScreen();
    const list = await screen.findByRole('list', { name: 'Matériel non rendu, par évènement' });
    expect(asked).toEqual(['/api/stuff/not-returned']);
    const events = within(list).getAllByRole('heading', { level: 2 });
    expect(events.map((h) => h.textContent)).toEqual(['Sortie en mer', 'Descente de l’Aulne']);
    // The event's date, in the club's time.
    await waitFor(() => expect(list.textContent).toContain('dim. 04/10/26 · 4h00 · 10:00–14:00'));

    const river = screen.getByRole('list', { name: 'Matériel non rendu après Descente de l’Aulne' });
    const people = [...river.children] as HTMLElement[];
    expect(people).toHaveLength(2);
    expect(people[0]?.textContent).toContain('Léna Bosser');
    expect(
      within(people[0] as HTMLElement)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Kayak mono K1 (Bateaux)', 'Gilet']);
    expect(people[1]?.textContent).toContain('Yann Le Goff');
    expect(people[1]?.textContent).toContain('Personne invitée par Léna Bosser');
    expect(
      within(people[1] as HTMLElement)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Gilet']);
  });

  it('says when everything is back', async () => {
    stubFetch(() => json(200, []));
    renderScreen();
    expect((await screen.findByText('Tout le matériel est rentré.')).getAttribute('role')).toBe('status');
    expect(screen.queryByRole('list', { name: 'Matériel non rendu, par évènement' })).toBeNull();
  });

  it('downloads the CSV from its own path', async () => {
    URL.createObjectURL = () => 'blob:not-returned';
    URL.revokeObjectURL = () => undefined;
    const fetchMock = stubFetch((url) =>
      url === '/api/stuff/not-returned.csv'
        ? new Response('Évènement;Date\n', {
            status: 200,
            headers: { 'Content-Type': 'text/csv', 'Content-Disposition': 'attachment; filename="x.csv"' },
          })
        : json(200, LIST),
    );
    renderScreen();
    await screen.findByRole('list', { name: 'Matériel non rendu, par évènement' });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Télécharger (CSV)' })));
    expect(fetchMock.mock.calls.map(([url]) => String(url))).toContain('/api/stuff/not-returned.csv');
  });

  it('shows a refusal as a message, and offline says the list needs the network', async () => {
    stubFetch(() => json(500, { code: 'internal_error', message: 'x', field: null }));
    const { unmount } = renderScreen();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toMatch(/^La liste n'a pas pu être chargée\./);
    // Read again on demand.
    stubFetch(() => json(200, []));
    fireEvent.click(within(alert).getByRole('button', { name: 'Réessayer' }));
    expect(await screen.findByText('Tout le matériel est rentré.')).toBeTruthy();
    unmount();

    useConnectivityStore.setState({ isOnline: false });
    const fetchMock = stubFetch(offline);
    renderScreen();
    expect(screen.getByText(/Cette liste a besoin du réseau/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Télécharger (CSV)' })).toHaveProperty('disabled', true);
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

describe('the route', () => {
  function openAs(role: RoleName) {
    const me = { ...USER, role_name: role, role_id: ROLE_IDS[role] };
    setCachedUser(me);
    restoreSession();
    stubFetch((url) => {
      if (url === '/api/user/me') return json(200, me);
      if (url === '/api/stuff/not-returned') return json(200, LIST);
      return json(200, { key: 'slogan', value: 'x' });
    });
    return renderApp('/settings/not-returned');
  }

  it('opens for an organiser (Contributor), from its own lazy chunk', async () => {
    openAs('Contributor');
    expect(await screen.findByRole('heading', { name: 'Matériel non rendu', level: 1 })).toBeTruthy();
    expect(await screen.findByRole('list', { name: 'Matériel non rendu, par évènement' })).toBeTruthy();
  });

  it('sends a member home', async () => {
    const { router } = openAs('User');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });
});
