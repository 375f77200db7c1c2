import { ROLE_IDS, type User } from '@common/contract/user';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { useConnectivityStore } from '../../../../src/data/core/connectivity';
import { setCachedUser, setToken } from '../../../../src/data/core/session-storage';
import { restoreSession } from '../../../../src/state/session';
import { useToastStore } from '../../../../src/state/toast-store';
import { renderApp } from '../../app/render-app';
import { json, stubFetch, USER } from '../../fake-api';
import { stubModalDialogs } from '../../modal-dialogs';

// A federation's licence export in the member import's preview (docs/rules.md#members-in-and-out): each row
// says who it found and how, the licence it records or why not, and the health columns that were ignored.

beforeAll(stubModalDialogs);
beforeEach(() => {
  useToastStore.setState({ toasts: [] });
  useConnectivityStore.setState({ isOnline: true });
});

const ADMIN: User = { ...USER, role_name: 'Admin', role_id: ROLE_IDS.Admin };
const licence = (number: string, unchanged = false) => ({
  season: '2025-2026',
  number,
  federation: 'FFCK',
  type: 'Canoë Plus',
  start: '2026-01-01',
  end: '2026-12-31',
  unchanged,
});
const row = (line: number, extra: object) => ({
  line,
  email: '',
  username: '',
  first_name: 'Prénom',
  last_name: `NOM ${line}`,
  ...extra,
});

const PREVIEW = {
  dry_run: true,
  created: 0,
  licence_file: true,
  licences_recorded: 0,
  ignored_columns: ['Certificat médical', 'Date CACI'],
  rows: [
    row(2, {
      username: 'paul',
      status: 'exists',
      match: 'number',
      member: { username: 'paul', first_name: 'Paul', last_name: 'Durand' },
      licence: licence('0456789'),
    }),
    row(3, {
      username: 'helene',
      status: 'exists',
      match: 'name_birth_date',
      member: { username: 'helene', first_name: 'Hélène', last_name: 'Le Bihan' },
      licence: licence('0511223', true),
    }),
    row(4, { status: 'error', code: 'member_ambiguous', match: 'name_birth_date' }),
    row(5, { status: 'error', code: 'member_not_found', licence: licence('0733445') }),
    row(6, {
      email: 'lea@example.org',
      username: 'lea',
      status: 'new',
      match: 'new',
      licence: licence('0844556'),
    }),
    row(7, { username: 'chloe', status: 'error', code: 'licence_type_unknown' }),
  ],
};

async function openImport() {
  setToken('tok');
  setCachedUser(ADMIN);
  restoreSession();
  const fetchMock = stubFetch((url) => {
    if (url === '/api/user/import?dry_run=true&federation=FFCK') return json(200, PREVIEW);
    if (url === '/api/user/import?dry_run=false&federation=FFCK')
      return json(200, {
        ...PREVIEW,
        dry_run: false,
        created: 1,
        invitation_mail: 'sent',
        licences_recorded: 2,
      });
    if (url === '/api/user/me') return json(200, ADMIN);
    if (url === '/api/user') return json(200, [ADMIN]);
    return json(200, { key: 'slogan', value: 'x' });
  });
  renderApp('/settings/users');
  fireEvent.click(await screen.findByRole('button', { name: 'Importer des membres' }));
  const dialog = screen.getByRole('dialog', { name: 'Importer des membres' });
  fireEvent.change(within(dialog).getByLabelText('Fédération des licences'), { target: { value: 'FFCK' } });
  const file = new File(['N° licence;Nom\n0456789;DURAND\n'], 'licences.csv', { type: 'text/csv' });
  await act(async () =>
    fireEvent.change(within(dialog).getByLabelText('Fichier CSV'), { target: { files: [file] } }),
  );
  return { fetchMock, dialog };
}

describe('a licence export in the member import', () => {
  it('previews who each row found and how, the licence, why not, and the ignored health columns', async () => {
    const { dialog } = await openImport();
    expect(
      await within(dialog).findByText(
        '2 licences à enregistrer, 1 déjà à jour, 1 comptes à inviter, 3 en erreur',
      ),
    ).toBeTruthy();
    expect(
      within(dialog).getByText(
        'Colonnes ignorées, car les données de santé ne sont jamais importées : « Certificat médical », « Date CACI »',
      ),
    ).toBeTruthy();
    const list = within(dialog).getByRole('list', { name: /Aperçu de l'import/ });
    const rows = within(list)
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(rows[0]).toContain('Trouvé par le numéro de licence');
    expect(rows[0]).toContain('Membre : Paul Durand (paul)');
    expect(rows[0]).toContain('Licence FFCK 2025-2026 : Canoë Plus, n° 0456789');
    expect(rows[1]).toContain('Trouvé par le prénom, le nom et la date de naissance');
    expect(rows[1]).toContain('(déjà enregistrée)');
    expect(rows[2]).toContain('Plusieurs membres possibles');
    expect(rows[3]).toContain('Non trouvé');
    expect(rows[3]).toContain('n° 0733445');
    expect(rows[4]).toContain('Nouveau compte : invitation à envoyer');
    expect(rows[4]).toContain('n° 0844556');
    expect(rows[5]).toContain('type de licence inconnu du club');
  });

  it('records the licences on confirmation, with the federation named, and says how many', async () => {
    const { fetchMock, dialog } = await openImport();
    const confirm = await within(dialog).findByRole('button', { name: 'Enregistrer 2 licences' });
    await act(async () => fireEvent.click(confirm));
    expect(
      fetchMock.mock.calls.some(([url]) => url === '/api/user/import?dry_run=false&federation=FFCK'),
    ).toBe(true);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Importer des membres' })).toBeNull());
    const toast = useToastStore.getState().toasts.find((t) => t.messageKey === 'memberImport.done');
    expect(toast).toBeDefined();
    expect(JSON.stringify(toast)).toContain('2 licences enregistrées.');
  });
});
