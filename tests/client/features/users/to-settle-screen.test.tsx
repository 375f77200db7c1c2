import type { DossierToSettle } from '@common/contract/dossiers-to-settle';
import { ROLE_IDS, type RoleName } from '@common/contract/user';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { useConnectivityStore } from '../../../../src/data/core/connectivity';
import { appDb } from '../../../../src/data/core/db';
import { setCachedUser, setToken } from '../../../../src/data/core/session-storage';
import { ToSettleScreen } from '../../../../src/features/users/to-settle-screen';
import { loadLaterTexts } from '../../../../src/i18n/later-texts';
import { restoreSession } from '../../../../src/state/session';
import { renderApp } from '../../app/render-app';
import { json, offline, stubFetch, USER } from '../../fake-api';

const PATH = '/api/user/dossiers-to-settle';
const LIST: DossierToSettle[] = [
  {
    id: '44444444-4444-4444-8444-444444444444',
    first_name: 'Léna',
    last_name: 'Bosser',
    status: 'missing',
    reasons: ['licence_missing', 'health_missing'],
    licence: null,
    ends_on: null,
  },
  {
    id: '55555555-5555-4555-8555-555555555555',
    first_name: 'Gaël',
    last_name: 'Tanguy',
    status: 'soon',
    reasons: [],
    licence: { season: '2026-2027', number: '0042' },
    ends_on: '2026-12-19',
  },
];

const renderScreen = () =>
  render(
    <MemoryRouter>
      <ToSettleScreen />
    </MemoryRouter>,
  );

beforeAll(() => loadLaterTexts('fr'));
beforeEach(async () => {
  setToken('tok');
  useConnectivityStore.setState({ isOnline: true });
  await appDb().clubSettings.put({ key: 'timezone', value: 'Europe/Paris' });
});
afterEach(() => appDb().clubSettings.clear());

describe('« À régulariser »', () => {
  it('lists each member with the state and reasons in words, the licence, and a link to their page', async () => {
    const asked: string[] = [];
    stubFetch((url) => {
      asked.push(url);
      return json(200, LIST);
    });
    renderScreen();
    const list = await screen.findByRole('list', { name: 'Dossiers à régulariser' });
    expect(asked).toEqual([PATH]);
    const [lena, gael] = [...list.children] as HTMLElement[];
    const lenaLink = within(lena as HTMLElement).getByRole('link', { name: 'Voir la fiche de Léna Bosser' });
    expect(lenaLink.getAttribute('href')).toBe(`/settings/user/${LIST[0]?.id}`);
    expect(lena?.textContent).toContain('Dossier incomplet');
    expect(
      within(lena as HTMLElement)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Aucune licence enregistrée pour cette saison', 'Il manque les papiers de santé']);
    expect(lena?.textContent).toContain('Aucune licence enregistrée');
    expect(gael?.textContent).toContain('Dossier complet, un papier arrive à échéance');
    expect(gael?.textContent).toContain("Complet jusqu'au sam. 19/12/26");
    expect(gael?.textContent).toContain('Licence 2026-2027 n° 0042');
  });

  it('says when every file is up to date', async () => {
    stubFetch(() => json(200, []));
    renderScreen();
    expect((await screen.findByText('Tous les dossiers sont à jour')).getAttribute('role')).toBe('status');
    expect(screen.queryByRole('list', { name: 'Dossiers à régulariser' })).toBeNull();
  });

  it('exports the CSV from its own path', async () => {
    URL.createObjectURL = () => 'blob:to-settle';
    URL.revokeObjectURL = () => undefined;
    const fetchMock = stubFetch((url) =>
      url === `${PATH}.csv`
        ? new Response('Nom;Prénom\n', {
            status: 200,
            headers: { 'Content-Type': 'text/csv', 'Content-Disposition': 'attachment; filename="x.csv"' },
          })
        : json(200, LIST),
    );
    renderScreen();
    await screen.findByRole('list', { name: 'Dossiers à régulariser' });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Exporter en CSV' })));
    expect(fetchMock.mock.calls.map(([url]) => String(url))).toContain(`${PATH}.csv`);
  });

  it('shows a refusal with a retry, and offline says the list needs the network', async () => {
    stubFetch(() => json(500, { code: 'internal_error', message: 'x', field: null }));
    const { unmount } = renderScreen();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toMatch(/^La liste n'a pas pu être lue : /);
    stubFetch(() => json(200, []));
    fireEvent.click(within(alert).getByRole('button', { name: 'Réessayer' }));
    expect(await screen.findByText('Tous les dossiers sont à jour')).toBeTruthy();
    unmount();

    useConnectivityStore.setState({ isOnline: false });
    const fetchMock = stubFetch(offline);
    renderScreen();
    expect(screen.getByText(/Cette liste se lit en ligne/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Exporter en CSV' })).toHaveProperty('disabled', true);
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

describe('the route', () => {
  function openAs(role: RoleName, path: string) {
    const me = { ...USER, role_name: role, role_id: ROLE_IDS[role] };
    setCachedUser(me);
    restoreSession();
    stubFetch((url) => {
      if (url === '/api/user/me') return json(200, me);
      if (url === PATH) return json(200, LIST);
      if (url === '/api/user') return json(200, []);
      return json(200, { key: 'slogan', value: 'x' });
    });
    return renderApp(path);
  }

  it('opens for an Admin from the users screen, in its own lazy chunk', async () => {
    openAs('Admin', '/settings/users');
    fireEvent.click(await screen.findByRole('link', { name: 'À régulariser' }));
    expect(await screen.findByRole('heading', { name: 'À régulariser', level: 1 })).toBeTruthy();
    expect(await screen.findByRole('list', { name: 'Dossiers à régulariser' })).toBeTruthy();
  });

  it('sends a member home', async () => {
    const { router } = openAs('User', '/settings/to-settle');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });
});
