import { ROLE_IDS, type RoleName, type User } from '@common/contract/user';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { useConnectivityStore } from '../../../../src/data/core/connectivity';
import { setCachedUser, setToken } from '../../../../src/data/core/session-storage';
import { restoreSession } from '../../../../src/state/session';
import { useToastStore } from '../../../../src/state/toast-store';
import { renderApp } from '../../app/render-app';
import { json, stubFetch, USER } from '../../fake-api';
import { stubModalDialogs } from '../../modal-dialogs';

beforeAll(stubModalDialogs);

const ADMIN: User = { ...USER, role_name: 'Admin', role_id: ROLE_IDS.Admin };
const PAUL: User = {
  ...USER,
  id: '5a8f0c1e-2b3d-4e5f-8a9b-0c1d2e3f4a5b',
  username: 'paul',
  email: 'paul@example.org',
  first_name: 'Paul',
  last_name: 'Durand',
  role_name: 'Contributor',
  role_id: 2,
  is_locked: true,
};
const ZOE: User = {
  ...PAUL,
  id: '6b9f0c1e-2b3d-4e5f-8a9b-0c1d2e3f4a5c',
  username: 'zoe',
  email: 'zoe@example.org',
  first_name: null,
  is_locked: false,
  is_revoked: true,
  role_name: 'User',
  role_id: 1,
};

type Handler = (url: string, init: RequestInit) => Response | undefined;

function signInAs(role: RoleName) {
  const me = { ...USER, role_name: role, role_id: ROLE_IDS[role] };
  setToken('tok');
  setCachedUser(me);
  restoreSession();
  return me;
}

function serve(me: User, extra: Handler = () => undefined) {
  return stubFetch((url, init) => {
    const answer = extra(url, init);
    if (answer) return answer;
    if (url === '/api/user/me') return json(200, me);
    if (url === '/api/user') return json(200, [ADMIN, PAUL, ZOE]);
    return json(200, { key: 'slogan', value: 'x' });
  });
}

beforeEach(() => {
  useToastStore.setState({ toasts: [] });
  useConnectivityStore.setState({ isOnline: true });
});

const CONTENT_MENU = ["Modèles d'évènement", 'Matériel', 'Matériel non rendu'];
const ADMIN_MENU = ['Application', 'Utilisateurs', 'Emails', 'Bilan de saison', ...CONTENT_MENU];

describe('the settings menu', () => {
  it.each([
    // A Contributor reads the season report of the events they organise (docs/rules.md#season-report).
    ['Contributor', ['Bilan de saison', ...CONTENT_MENU]],
    ['Admin', ADMIN_MENU],
    ['SuperAdmin', ADMIN_MENU],
  ] as const)('for a %s: %s', async (role, names) => {
    serve(signInAs(role));
    renderApp('/settings');
    const nav = await screen.findByRole('navigation', { name: 'Entrées des paramètres' });
    const links = within(nav).getAllByRole('link');
    expect(
      links.map((link) => document.getElementById(link.getAttribute('aria-labelledby') ?? '')?.textContent),
    ).toEqual(names);
    for (const link of links) expect(link.getAttribute('aria-describedby')).toBeTruthy();
  });

  it('sends a User home with the refusal', async () => {
    serve(signInAs('User'));
    const { router } = renderApp('/settings');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });
});

describe('the users list', () => {
  it('shows active and revoked accounts in a keyboard tablist, with the role and lock in words', async () => {
    serve(signInAs('Admin'));
    renderApp('/settings/users');
    const active = await screen.findByRole('tab', { name: /Actifs/ });
    expect(active.getAttribute('aria-selected')).toBe('true');
    const paul = await screen.findByRole('link', { name: /paul \(Paul Durand\)/ });
    expect(paul.textContent).toContain('Organisation');
    expect(within(paul).getByRole('img', { name: 'Compte bloqué' })).toBeTruthy();
    expect(paul.getAttribute('href')).toBe(`/settings/user/${PAUL.id}`);
    expect(screen.queryByRole('link', { name: /zoe/ })).toBeNull();

    fireEvent.keyDown(active, { key: 'ArrowRight' });
    const revoked = screen.getByRole('tab', { name: /Révoqués/ });
    expect(revoked.getAttribute('aria-selected')).toBe('true');
    expect(document.activeElement).toBe(revoked);
    const zoe = screen.getByRole('link', { name: /zoe/ });
    expect(zoe.textContent).not.toContain('(');
    expect(zoe.textContent).toContain('Membre');
  });

  it('lists a child under its guardian, marked and named with who added it; « Moins de 18 ans seulement » keeps the minors', async () => {
    const lou = {
      ...USER,
      id: '7c9f0c1e-2b3d-4e5f-8a9b-0c1d2e3f4a5d',
      username: 'lou.durand',
      email: null,
      first_name: 'Lou',
      last_name: 'Durand',
      birth_date: '2017-05-01',
      guardian_links: [{ id: PAUL.id, is_restricted: false }],
      added_by: PAUL.id,
    };
    serve(signInAs('Admin'), (url) => (url === '/api/user' ? json(200, [PAUL, ADMIN, lou, ZOE]) : undefined));
    renderApp('/settings/users');
    const child = await screen.findByRole('link', { name: /lou\.durand/ });
    const links = screen
      .getAllByRole('link')
      .filter((link) => link.getAttribute('href')?.startsWith('/settings/user/'));
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      `/settings/user/${PAUL.id}`,
      `/settings/user/${lou.id}`,
      `/settings/user/${ADMIN.id}`,
    ]);
    expect(child.textContent).toContain('Moins de 18 ans');
    expect(child.textContent).toContain('Responsables : Paul Durand');
    expect(child.textContent).toContain('Ajout : Paul Durand');

    const filter = screen.getByRole('button', { name: 'Moins de 18 ans seulement' });
    fireEvent.click(filter);
    expect(filter.getAttribute('aria-pressed')).toBe('true');
    const minors = screen
      .getAllByRole('link')
      .filter((link) => link.getAttribute('href')?.startsWith('/settings/user/'));
    expect(minors.map((link) => link.getAttribute('href'))).toEqual([`/settings/user/${lou.id}`]);
  });

  it('says a failed load in words, with a retry', async () => {
    serve(signInAs('Admin'), (url) =>
      url === '/api/user' ? json(500, { code: 'server_error', message: 'x' }) : undefined,
    );
    renderApp('/settings/users');
    const alerts = await screen.findAllByRole('alert');
    expect(alerts[0]?.textContent).toContain('Erreur du serveur');
    expect(within(alerts[0] as HTMLElement).getByRole('button', { name: 'Réessayer' })).toBeTruthy();
  });
});

describe('the invite dialog', () => {
  async function openInvite(extra: Handler) {
    const fetchMock = serve(signInAs('Admin'), extra);
    renderApp('/settings/users');
    fireEvent.click(await screen.findByRole('button', { name: 'Ajouter un utilisateur' }));
    return { fetchMock, dialog: screen.getByRole('dialog', { name: 'Inviter un utilisateur' }) };
  }

  it('requires a username and an email, sending nothing until both are right', async () => {
    const { fetchMock, dialog } = await openInvite(() => undefined);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Inviter' }));
    expect(within(dialog).getAllByText('Champ obligatoire')).toHaveLength(2);
    expect(
      within(dialog)
        .getByLabelText(/Nom d'utilisateur/)
        .getAttribute('aria-invalid'),
    ).toBe('true');
    fireEvent.change(within(dialog).getByLabelText(/Email/), { target: { value: 'nope' } });
    expect(within(dialog).getByText("L'adresse email n'est pas valide")).toBeTruthy();
    expect(fetchMock.mock.calls.some(([url]) => url === '/api/user/register')).toBe(false);
  });

  it('shows the confirmation link the server returns, and copies it', async () => {
    const writeText = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const link = 'http://club.example/confirm/abc';
    const { fetchMock, dialog } = await openInvite((url) =>
      url === '/api/user/register'
        ? json(200, { ...ZOE, username: 'lea', is_revoked: false, confirm_url: link })
        : undefined,
    );
    fireEvent.change(within(dialog).getByLabelText(/Nom d'utilisateur/), { target: { value: 'Lea' } });
    fireEvent.change(within(dialog).getByLabelText(/Email/), { target: { value: 'Lea@Example.org' } });
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Inviter' })));
    const call = fetchMock.mock.calls.find(([url]) => url === '/api/user/register');
    expect(JSON.parse(String(call?.[1]?.body))).toEqual({ username: 'Lea', email: 'Lea@Example.org' });
    const field = await within(dialog).findByLabelText('Lien de confirmation');
    expect((field as HTMLInputElement).value).toBe(link);
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Copier le lien' })));
    expect(writeText).toHaveBeenCalledWith(link);
    expect(within(dialog).getByText('Lien copié').getAttribute('role')).toBe('status');
  });

  // The dialog says what became of the mail, as the server answers it.
  for (const [mail, said] of [
    ['logged', "Aucun serveur d'email n'est configuré : l'invitation est seulement écrite dans le journal"],
    ['off', "Les emails d'invitation sont désactivés (Paramètres → Emails) : aucun email n'est envoyé."],
  ] as const) {
    it(`with the mail ${mail}, says so above the link`, async () => {
      const { dialog } = await openInvite((url) =>
        url === '/api/user/register'
          ? json(200, {
              ...ZOE,
              username: 'lea',
              confirm_url: 'http://club.example/confirm/abc',
              invitation_mail: mail,
            })
          : undefined,
      );
      fireEvent.change(within(dialog).getByLabelText(/Nom d'utilisateur/), { target: { value: 'Lea' } });
      fireEvent.change(within(dialog).getByLabelText(/Email/), { target: { value: 'lea@example.org' } });
      await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Inviter' })));
      expect(await within(dialog).findByText(new RegExp(`^${said.replace(/[.()→]/g, '.')}`))).toBeTruthy();
    });
  }

  it('with the mail sent, closes and says to whom', async () => {
    const { dialog } = await openInvite((url) =>
      url === '/api/user/register'
        ? json(200, { ...ZOE, username: 'lea', email: 'lea@example.org', invitation_mail: 'sent' })
        : undefined,
    );
    fireEvent.change(within(dialog).getByLabelText(/Nom d'utilisateur/), { target: { value: 'Lea' } });
    fireEvent.change(within(dialog).getByLabelText(/Email/), { target: { value: 'lea@example.org' } });
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Inviter' })));
    expect(await screen.findByText('Une invitation a été envoyée à lea@example.org.')).toBeTruthy();
    expect(screen.queryByLabelText('Lien de confirmation')).toBeNull();
  });

  it('says a refusal in words and keeps what was typed', async () => {
    const { dialog } = await openInvite((url) =>
      url === '/api/user/register' ? json(409, { code: 'username_taken', message: 'x' }) : undefined,
    );
    fireEvent.change(within(dialog).getByLabelText(/Nom d'utilisateur/), { target: { value: 'paul' } });
    fireEvent.change(within(dialog).getByLabelText(/Email/), { target: { value: 'p2@example.org' } });
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Inviter' })));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'Ce nom d’utilisateur est déjà pris.'.replace('’', "'"),
    );
    expect((within(dialog).getByLabelText(/Nom d'utilisateur/) as HTMLInputElement).value).toBe('paul');
  });
});

describe('the user detail', () => {
  it('shows the member and, for an Admin, no selector on a SuperAdmin', async () => {
    const root: User = { ...PAUL, username: 'root', role_name: 'SuperAdmin', role_id: 4 };
    serve(signInAs('Admin'), (url) => (url === `/api/user/profile/${PAUL.id}` ? json(200, root) : undefined));
    renderApp(`/settings/user/${PAUL.id}`);
    expect(await screen.findByText('root')).toBeTruthy();
    expect(screen.getByText('Durand')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Débloquer' })).toBeTruthy();
    expect(screen.queryByRole('combobox', { name: 'Rôle' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Révoquer' })).toBeNull();
    // An Admin never deletes a SuperAdmin (docs/rules.md#roles), so the screen does not offer it.
    expect(screen.queryByRole('button', { name: 'Supprimer le compte' })).toBeNull();
  });

  it('lets an admin delete a member after a confirmation, then goes back to the list', async () => {
    const fetchMock = serve(signInAs('Admin'), (url, init) => {
      if (url === `/api/user/profile/${PAUL.id}`) return json(200, PAUL);
      if (url === `/api/user/${PAUL.id}` && init.method === 'DELETE') return json(200, { ok: true });
      return undefined;
    });
    renderApp(`/settings/user/${PAUL.id}`);
    fireEvent.click(await screen.findByRole('button', { name: 'Supprimer le compte' }));
    const dialog = await screen.findByRole('alertdialog', { name: /Supprimer le compte.?\?/ });
    expect(within(dialog).getByText(/Supprimer le compte de Paul Durand pour de bon/)).toBeTruthy();
    await act(async () =>
      fireEvent.click(within(dialog).getByRole('button', { name: /Supprimer le compte/ })),
    );
    await screen.findByRole('tab', { name: /Actifs/ });
    const deletes = fetchMock.mock.calls.filter(([, init]) => init?.method === 'DELETE');
    expect(deletes.map(([url]) => url)).toEqual([`/api/user/${PAUL.id}`]);
    expect(useToastStore.getState().toasts.map((toast) => toast.messageKey)).toContain('users.deleted_toast');
  });
});

// The spreadsheet import (a preview first), and an address that bounces said in words.
describe('the member import', () => {
  const PREVIEW = {
    dry_run: true,
    created: 0,
    rows: [
      {
        line: 2,
        email: 'helene@example.org',
        username: 'helene',
        first_name: 'Hélène',
        last_name: 'Le Bihan',
        status: 'new',
      },
      {
        line: 3,
        email: '',
        username: '',
        first_name: 'Sans',
        last_name: 'Email',
        status: 'error',
        code: 'email_missing',
      },
      {
        line: 4,
        email: 'paul@example.org',
        username: 'paul',
        first_name: null,
        last_name: null,
        status: 'exists',
      },
    ],
  };

  async function openImport(extra: Handler) {
    const fetchMock = serve(signInAs('Admin'), extra);
    renderApp('/settings/users');
    fireEvent.click(await screen.findByRole('button', { name: 'Importer des membres' }));
    const dialog = screen.getByRole('dialog', { name: 'Importer des membres' });
    const file = new File(['email\nhelene@example.org\n'], 'membres.csv', { type: 'text/csv' });
    await act(async () =>
      fireEvent.change(within(dialog).getByLabelText('Fichier CSV'), { target: { files: [file] } }),
    );
    return { fetchMock, dialog, file };
  }

  it('previews a child without an address as such, with the guardians it will be linked to', async () => {
    const child = {
      line: 5,
      email: '',
      username: 'eloi.peron',
      first_name: 'Éloi',
      last_name: 'PÉRON',
      status: 'new',
      is_child: true,
      guardian_emails: ['famille.peron@example.org', 'papa.peron@example.org'],
    };
    const { dialog } = await openImport((url) =>
      url === '/api/user/import?dry_run=true' ? json(200, { ...PREVIEW, rows: [child] }) : undefined,
    );
    const list = await within(dialog).findByRole('list', { name: /Aperçu de l'import/ });
    const [row] = within(list).getAllByRole('listitem');
    expect(row?.textContent).toContain('Enfant sans compte personnel');
    expect(row?.textContent).toContain('Responsables : famille.peron@example.org, papa.peron@example.org');
  });

  it('previews the file (nothing written), then imports the new rows on confirmation', async () => {
    const { fetchMock, dialog, file } = await openImport((url) =>
      url === '/api/user/import?dry_run=true'
        ? json(200, PREVIEW)
        : url === '/api/user/import?dry_run=false'
          ? json(200, { ...PREVIEW, dry_run: false, created: 1 })
          : undefined,
    );
    expect(await within(dialog).findByText('1 à inviter, 1 déjà membres, 1 en erreur')).toBeTruthy();
    const rows = within(within(dialog).getByRole('list', { name: /Aperçu de l'import/ })).getAllByRole(
      'listitem',
    );
    expect(rows.map((row) => row.textContent)).toEqual([
      expect.stringContaining('Nouveau compte : invitation à envoyer'),
      expect.stringContaining('Erreur : email manquant'),
      expect.stringContaining('Déjà membre : rien ne change'),
    ]);
    const preview = fetchMock.mock.calls.find(([url]) => url === '/api/user/import?dry_run=true');
    expect(preview?.[1]?.body).toBe(file);
    expect(new Headers(preview?.[1]?.headers).get('Content-Type')).toBe('text/csv');
    expect(fetchMock.mock.calls.some(([url]) => url === '/api/user/import?dry_run=false')).toBe(false);

    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Importer 1 membre' })));
    expect(fetchMock.mock.calls.some(([url]) => url === '/api/user/import?dry_run=false')).toBe(true);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Importer des membres' })).toBeNull());
    expect(useToastStore.getState().toasts.map((toast) => toast.messageKey)).toContain('memberImport.done');
  });

  it('says why a file is refused, and offers nothing to import', async () => {
    const { dialog } = await openImport((url) =>
      url.startsWith('/api/user/import')
        ? json(400, { code: 'import_no_email_column', message: 'x' })
        : undefined,
    );
    expect((await within(dialog).findByRole('alert')).textContent).toContain('pas de colonne « email »');
    expect(
      (within(dialog).getByRole('button', { name: 'Importer 0 membre' }) as HTMLButtonElement).disabled,
    ).toBe(true);
  });

  it('marks an address that bounces in words, not colour alone', async () => {
    serve(signInAs('Admin'), (url) =>
      url === '/api/user' ? json(200, [ADMIN, { ...PAUL, email_bouncing: true }]) : undefined,
    );
    renderApp('/settings/users');
    const paul = await screen.findByRole('link', { name: /paul \(Paul Durand\)/ });
    expect(paul.textContent).toContain('Adresse en échec');
  });
});
