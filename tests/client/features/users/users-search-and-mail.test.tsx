import type { AdminUser, RoleName, User } from '@common/contract/user';
import { ROLE_IDS } from '@common/contract/user';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { useConnectivityStore } from '../../../../src/data/core/connectivity';
import { setCachedUser, setToken } from '../../../../src/data/core/session-storage';
import { matchesSearch, sortUsers } from '../../../../src/features/users/user-filter';
import { restoreSession } from '../../../../src/state/session';
import { useToastStore } from '../../../../src/state/toast-store';
import { renderApp } from '../../app/render-app';
import { json, stubFetch, USER } from '../../fake-api';
import { stubModalDialogs } from '../../modal-dialogs';

// The Admins' list searched and sorted on the device, roles in words; an invitee's pending invitation and its
// resending; a bounce on the member's page with what to do (docs/rules.md#accounts-and-sessions, #mails).

beforeAll(stubModalDialogs);

const member = (id: string, username: string, first: string | null, last: string | null, role: RoleName) =>
  ({
    ...USER,
    id,
    username,
    email: `${username}@example.org`,
    first_name: first,
    last_name: last,
    role_name: role,
    role_id: ROLE_IDS[role],
    is_confirmed: true,
    invitation_sent_at: null,
  }) satisfies AdminUser;

const ME = member(USER.id, 'marie', 'Marie', 'Admin', 'Admin');
const LENA = member('5a8f0c1e-2b3d-4e5f-8a9b-0c1d2e3f4a51', 'lena.b', 'Léna', 'Bosser', 'User');
const EMILE = member('5a8f0c1e-2b3d-4e5f-8a9b-0c1d2e3f4a52', 'emile', 'Émile', 'Zola', 'Contributor');
const AGATHE = member('5a8f0c1e-2b3d-4e5f-8a9b-0c1d2e3f4a53', 'agathe', 'Agathe', 'Martin', 'User');
const NOE: AdminUser = {
  ...member('5a8f0c1e-2b3d-4e5f-8a9b-0c1d2e3f4a54', 'noe', 'Noé', 'Durand', 'User'),
  is_confirmed: false,
  invitation_sent_at: '2026-11-12T09:30:00.000Z',
};

function signInAsAdmin(): User {
  setToken('tok');
  setCachedUser(ME);
  restoreSession();
  return ME;
}

type Handler = (url: string, init: RequestInit) => Response | undefined;
function serve(extra: Handler = () => undefined) {
  return stubFetch((url, init) => {
    const answer = extra(url, init);
    if (answer) return answer;
    if (url === '/api/user/me') return json(200, ME);
    if (url === '/api/user') return json(200, [ME, LENA, EMILE, AGATHE, NOE]);
    return json(200, { key: 'slogan', value: 'x' });
  });
}

beforeEach(() => {
  useToastStore.setState({ toasts: [] });
  useConnectivityStore.setState({ isOnline: true });
});

/** Each listed member's name as the row shows it (« lena.b (Léna Bosser) »), in order. */
const listedNames = () =>
  screen
    .getAllByRole('link')
    .filter((link) => link.getAttribute('href')?.startsWith('/settings/user/'))
    .map((link) => link.textContent?.replace(/\).*$/, ')'));

describe('searching and sorting the members', () => {
  it('finds a member by any name, username or email, without accents or case', () => {
    expect(matchesSearch(LENA, 'lena')).toBe(true);
    expect(matchesSearch(LENA, 'BOSSER')).toBe(true);
    expect(matchesSearch(LENA, 'léna bos')).toBe(true);
    expect(matchesSearch(LENA, 'lena.b@example')).toBe(true);
    expect(matchesSearch(LENA, 'lena zola')).toBe(false);
    expect(matchesSearch(EMILE, 'emile')).toBe(true);
    expect(matchesSearch(EMILE, '  ')).toBe(true);
  });

  it('sorts by last name, first name or role, ties by name', () => {
    const users = [ME, LENA, EMILE, AGATHE, NOE];
    expect(sortUsers(users, 'last_name').map((u) => u.last_name)).toEqual([
      'Admin',
      'Bosser',
      'Durand',
      'Martin',
      'Zola',
    ]);
    expect(sortUsers(users, 'first_name').map((u) => u.first_name)).toEqual([
      'Agathe',
      'Émile',
      'Léna',
      'Marie',
      'Noé',
    ]);
    expect(sortUsers(users, 'role').map((u) => u.username)).toEqual([
      'marie',
      'emile',
      'lena.b',
      'noe',
      'agathe',
    ]);
  });

  it('searches and sorts the screen, with roles in words', async () => {
    signInAsAdmin();
    serve();
    renderApp('/settings/users');
    await screen.findByRole('link', { name: /lena\.b/ });
    expect(listedNames()).toEqual([
      'marie (Marie Admin)',
      'lena.b (Léna Bosser)',
      'noe (Noé Durand)',
      'agathe (Agathe Martin)',
      'emile (Émile Zola)',
    ]);
    expect(screen.getByRole('link', { name: /emile/ }).textContent).toContain('Organisation');
    expect(screen.getByRole('link', { name: /marie/ }).textContent).toContain('Administration');
    expect(screen.getByRole('link', { name: /agathe/ }).textContent).toContain('Membre');

    fireEvent.change(screen.getByRole('combobox', { name: 'Trier par' }), {
      target: { value: 'first_name' },
    });
    expect(listedNames()[0]).toBe('agathe (Agathe Martin)');

    const search = screen.getByRole('searchbox', { name: 'Rechercher un membre' });
    fireEvent.change(search, { target: { value: 'LENA' } });
    expect(listedNames()).toEqual(['lena.b (Léna Bosser)']);
    expect(screen.getByRole('tab', { name: /Actifs/ }).textContent).toContain('1');
    fireEvent.change(search, { target: { value: 'personne' } });
    expect(
      within(screen.getByRole('tabpanel')).getByText('Aucun membre ne correspond à « personne ».'),
    ).toBeTruthy();
  });
});

describe('an invitee who never confirmed', () => {
  it('reads when the invitation went, on the list and on the page', async () => {
    signInAsAdmin();
    serve((url) => (url === `/api/user/profile/${NOE.id}` ? json(200, NOE) : undefined));
    renderApp('/settings/users');
    const row = await screen.findByRole('link', { name: /noe/ });
    expect(row.textContent).toContain('Invitation envoyée le 12 novembre');
    expect(screen.getByRole('link', { name: /lena\.b/ }).textContent).not.toContain('Invitation');
  });

  it("« Renvoyer l'invitation » posts once and shows the new date", async () => {
    signInAsAdmin();
    const fetchMock = serve((url, init) => {
      if (url === `/api/user/profile/${NOE.id}`) return json(200, NOE);
      if (url === `/api/user/${NOE.id}/invitation` && init.method === 'POST')
        return json(200, { ...NOE, invitation_sent_at: '2026-11-28T10:00:00.000Z', invitation_mail: 'sent' });
      return undefined;
    });
    renderApp(`/settings/user/${NOE.id}`);
    expect(await screen.findByText(/Invitation envoyée le 12 novembre/)).toBeTruthy();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: "Renvoyer l'invitation" })));
    const posts = fetchMock.mock.calls.filter(([url]) => url === `/api/user/${NOE.id}/invitation`);
    expect(posts).toHaveLength(1);
    expect(await screen.findByText(/Invitation envoyée le 28 novembre/)).toBeTruthy();
    expect(useToastStore.getState().toasts.map((toast) => toast.text)).toContain(
      'Invitation renvoyée à noe@example.org',
    );
  });

  it('offers no resend on a confirmed member', async () => {
    signInAsAdmin();
    serve((url) => (url === `/api/user/profile/${LENA.id}` ? json(200, LENA) : undefined));
    renderApp(`/settings/user/${LENA.id}`);
    await screen.findByText('Bosser');
    expect(screen.queryByRole('button', { name: "Renvoyer l'invitation" })).toBeNull();
  });
});

describe('an address that bounces, on the member page', () => {
  const BOUNCING: AdminUser = {
    ...LENA,
    email_bouncing: true,
    email_bouncing_since: '2026-11-03T08:00:00.000Z',
  };

  it('says since when and what to do, and sends the corrected address for confirmation', async () => {
    // In the bounce's own year: a date of another year is written with its year.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-20T10:00:00Z'));
    onTestFinished(() => {
      vi.useRealTimers();
    });
    signInAsAdmin();
    const fetchMock = serve((url, init) => {
      if (url === `/api/user/profile/${LENA.id}`) return json(200, BOUNCING);
      if (url === `/api/user/email/${LENA.id}` && init.method === 'PUT')
        return json(200, { ...BOUNCING, pending_email: 'lena.bosser@example.org' });
      return undefined;
    });
    renderApp(`/settings/user/${LENA.id}`);
    expect(
      await screen.findByText(
        /Les mails à cette adresse reviennent en erreur depuis le 3 novembre : vérifiez l'adresse avec la personne, puis corrigez-la\./,
      ),
    ).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: "Corriger l'adresse" }));
    const dialog = screen.getByRole('dialog', { name: 'Nouvelle adresse email' });
    fireEvent.change(within(dialog).getByLabelText('Nouvelle adresse'), {
      target: { value: 'lena.bosser@example.org' },
    });
    await act(async () =>
      fireEvent.click(within(dialog).getByRole('button', { name: 'Envoyer le lien de confirmation' })),
    );
    const put = fetchMock.mock.calls.find(([url]) => url === `/api/user/email/${LENA.id}`);
    // An Admin types no password for someone else's address.
    expect(JSON.parse(String(put?.[1]?.body))).toEqual({ email: 'lena.bosser@example.org' });
    expect(
      await screen.findByText(/Nouvelle adresse en attente de confirmation : lena\.bosser@example\.org/),
    ).toBeTruthy();
  });

  it('says it without a date when the server does not know since when', async () => {
    signInAsAdmin();
    serve((url) =>
      url === `/api/user/profile/${LENA.id}`
        ? json(200, { ...BOUNCING, email_bouncing_since: null })
        : undefined,
    );
    renderApp(`/settings/user/${LENA.id}`);
    expect(
      await screen.findByText(/^Les mails à cette adresse reviennent en erreur : vérifiez/),
    ).toBeTruthy();
  });
});
