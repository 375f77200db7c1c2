import { NOTIFICATION_DEFAULTS, NOTIFICATION_TYPES } from '@common/contract/notifications';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { useConnectivityStore } from '../../../../src/data/core/connectivity';
import { appDb } from '../../../../src/data/core/db';
import { getCachedUser, setCachedUser, setToken } from '../../../../src/data/core/session-storage';
import { TOUR_FLAG_KEY } from '../../../../src/features/profile/tour-flag';
import { restoreSession, useSession } from '../../../../src/state/session';
import { useToastStore } from '../../../../src/state/toast-store';
import { renderApp } from '../../app/render-app';
import { json, stubFetch, USER } from '../../fake-api';
import { stubModalDialogs } from '../../modal-dialogs';

const SETTINGS = NOTIFICATION_TYPES.map((name) => ({
  name,
  description: `${name}_description`,
  active: NOTIFICATION_DEFAULTS[name],
}));

type Handler = (url: string, init: RequestInit) => Response | undefined;

/** The signed-in member's server: me, preferences, club settings; `extra` answers first. */
function serve(extra: Handler = () => undefined) {
  return stubFetch((url, init) => {
    const answer = extra(url, init);
    if (answer) return answer;
    if (url === '/api/user/me') return json(200, USER);
    if (url.startsWith('/api/user/preference/')) return json(200, SETTINGS);
    return json(200, { key: 'slogan', value: 'x' });
  });
}

const bodyOf = (fetchMock: ReturnType<typeof serve>, method: string, prefix: string) => {
  const call = fetchMock.mock.calls.find(
    ([url, init]) => String(url).startsWith(prefix) && init?.method === method,
  );
  return call ? JSON.parse(String(call[1]?.body)) : undefined;
};

beforeEach(() => {
  setToken('tok');
  setCachedUser(USER);
  restoreSession();
  useToastStore.setState({ toasts: [] });
  useConnectivityStore.setState({ isOnline: true });
});

describe('the preferences guided tour (first-visit flag)', () => {
  it.each([
    { stored: null, next: 'true', runs: true },
    { stored: 'true', next: 'false', runs: true },
    { stored: 'false', next: 'false', runs: false },
  ])('flag $stored → $next, tour runs: $runs', async ({ stored, next, runs }) => {
    if (stored !== null) localStorage.setItem(TOUR_FLAG_KEY, stored);
    serve();
    renderApp('/my-profile');
    const tab = await screen.findByRole('tab', { name: 'Préférences' });
    expect(screen.queryAllByRole('region', { name: 'Préférences' })).toHaveLength(runs ? 1 : 0);
    expect(tab.className.includes('highlighted')).toBe(runs);
    await waitFor(() => expect(localStorage.getItem(TOUR_FLAG_KEY)).toBe(next));
    await new Promise((resolve) => setTimeout(resolve, 50)); // one visit moves the flag once
    expect(localStorage.getItem(TOUR_FLAG_KEY)).toBe(next);
  });

  it('closes with its labelled close button', async () => {
    serve();
    renderApp('/my-profile');
    fireEvent.click(await screen.findByRole('button', { name: 'Fermer la visite guidée' }));
    expect(screen.queryByRole('region', { name: 'Préférences' })).toBeNull();
  });
});

describe('the profile form', () => {
  it('checks the phone as it is typed and blocks the save', async () => {
    const fetchMock = serve();
    renderApp('/my-profile');
    const phone = await screen.findByLabelText('Téléphone');
    fireEvent.change(phone, { target: { value: '06 12a' } });
    expect(screen.getByRole('alert').textContent).toBe('Uniquement des chiffres, des espaces et le signe +.');
    expect(phone.getAttribute('aria-invalid')).toBe('true');
    expect((screen.getByRole('button', { name: 'Enregistrer' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(phone, { target: { value: '+33 6 12' } });
    expect(screen.queryByRole('alert')).toBeNull();
    expect(bodyOf(fetchMock, 'PUT', '/api/user/profile/update/')).toBeUndefined();
  });

  it('refuses a shoe size that is not a half size between 15 and 60, without calling the server', async () => {
    const fetchMock = serve();
    renderApp('/my-profile');
    fireEvent.change(await screen.findByLabelText('Pointure'), { target: { value: '42.3' } });
    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Pointure entre 15 et 60');
    expect(bodyOf(fetchMock, 'PUT', '/api/user/profile/update/')).toBeUndefined();
  });

  it('sends exactly the fields the server writes, and the answer becomes the current user', async () => {
    const saved = {
      ...USER,
      first_name: 'Jeanne',
      city: 'Brest',
      phone: '+33 6 12 34 56 78',
      shoe_size: 42.5,
    };
    const fetchMock = serve((url, init) =>
      url === `/api/user/profile/update/${USER.id}` && init.method === 'PUT' ? json(200, saved) : undefined,
    );
    renderApp('/my-profile');
    fireEvent.change(await screen.findByLabelText('Prénom'), { target: { value: ' Jeanne ' } });
    fireEvent.change(screen.getByLabelText('Ville'), { target: { value: 'Brest' } });
    fireEvent.change(screen.getByLabelText('Téléphone'), { target: { value: '+33 6 12 34 56 78' } });
    fireEvent.change(screen.getByLabelText('Pointure'), { target: { value: '42.5' } });
    fireEvent.click(screen.getByRole('checkbox', { name: /Apparaître comme « Un membre »/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() => expect(useSession.getState().user?.first_name).toBe('Jeanne'));
    expect(bodyOf(fetchMock, 'PUT', '/api/user/profile/update/')).toEqual({
      last_name: null,
      first_name: 'Jeanne',
      street: null,
      city: 'Brest',
      zip_code: null,
      phone: '+33 6 12 34 56 78',
      shoe_size: 42.5,
      has_shoes: false,
      language: 'fr',
      hidden_from_members: true,
    });
    expect(getCachedUser()?.city).toBe('Brest');
    await waitFor(async () => expect((await appDb().session.get('current'))?.user.city).toBe('Brest'));
    expect(useToastStore.getState().toasts.map((t) => t.messageKey)).toContain('user_update_success');
  });
});

describe('the preferences tab', () => {
  it('saves a switch at once and shows what the server kept', async () => {
    const fetchMock = serve((url, init) =>
      url === `/api/user/preference/${USER.id}` && init.method === 'PUT'
        ? json(
            200,
            SETTINGS.map((s) => (s.name === 'event_cancellation' ? { ...s, active: false } : s)),
          )
        : undefined,
    );
    renderApp('/my-profile');
    fireEvent.click(await screen.findByRole('tab', { name: 'Préférences' }));
    const panel = screen.getByRole('tabpanel', { name: 'Préférences' });
    const toggle = await within(panel).findByRole('switch', { name: "Annulation d'évènement" });
    expect(toggle.getAttribute('aria-checked')).toBe('true');
    expect(toggle.textContent).toBe('Activé');
    fireEvent.click(toggle);
    await waitFor(() => expect(toggle.getAttribute('aria-checked')).toBe('false'));
    expect(toggle.textContent).toBe('Désactivé');
    expect(bodyOf(fetchMock, 'PUT', '/api/user/preference/')).toEqual({
      user_id: USER.id,
      setting: { name: 'event_cancellation', active: false },
    });
    expect(useToastStore.getState().toasts.map((t) => t.messageKey)).toContain('settings_updated');
  });

  it('moves between tabs with the arrow keys', async () => {
    serve();
    renderApp('/my-profile');
    const profileTab = await screen.findByRole('tab', { name: 'Profil' });
    fireEvent.keyDown(profileTab, { key: 'ArrowRight' });
    const preferencesTab = screen.getByRole('tab', { name: 'Préférences' });
    expect(preferencesTab.getAttribute('aria-selected')).toBe('true');
    expect(document.activeElement).toBe(preferencesTab);
    fireEvent.keyDown(preferencesTab, { key: 'ArrowLeft' });
    expect(profileTab.getAttribute('aria-selected')).toBe('true');
  });
});

describe('offline', () => {
  it('keeps the save button off and says why', async () => {
    serve();
    renderApp('/my-profile');
    const save = await screen.findByRole('button', { name: 'Enregistrer' });
    await waitFor(() => expect(useSession.getState().status).toBe('signed-in'));
    act(() => useConnectivityStore.setState({ isOnline: false }));
    expect((save as HTMLButtonElement).disabled).toBe(true);
    const reason = document.getElementById(save.getAttribute('aria-describedby') ?? '');
    expect(reason?.textContent).toBe('Hors ligne : modifier le profil nécessite une connexion.');
  });
});

describe('the link to the preferences (weekly email)', () => {
  it('/my-profile?tab=preferences opens on the preferences tab, with no tour', async () => {
    serve();
    renderApp('/my-profile?tab=preferences');
    const tab = await screen.findByRole('tab', { name: 'Préférences' });
    expect(tab.getAttribute('aria-selected')).toBe('true');
    const panel = screen.getByRole('tabpanel', { name: 'Préférences' });
    expect(await within(panel).findByRole('switch', { name: 'Programme de la semaine' })).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Préférences' })).toBeNull();
  });
});

// The member's data to take, and an address the mail server refuses, said in words.
describe('my data and a bouncing address', () => {
  it('asks the server for the member’s own export when « Télécharger mes données (JSON) » is pressed', async () => {
    URL.createObjectURL = () => 'blob:export';
    URL.revokeObjectURL = () => undefined;
    const fetchMock = serve((url) =>
      url === `/api/user/export/${USER.id}` ? json(200, { format: 'equipee-member-export/1' }) : undefined,
    );
    renderApp('/my-profile');
    const section = await screen.findByRole('region', { name: 'Mes données' });
    await act(async () =>
      fireEvent.click(within(section).getByRole('button', { name: 'Télécharger mes données (JSON)' })),
    );
    expect(fetchMock.mock.calls.some(([url]) => url === `/api/user/export/${USER.id}`)).toBe(true);
    expect(within(section).queryByRole('alert')).toBeNull();
  });

  // The readable page (docs/rules.md#file-names): saved under the server's name, else the same name made here.
  it.each([
    [
      'the server’s name',
      'attachment; filename="donnees-marie-2026-01-02.html"',
      'donnees-marie-2026-01-02.html',
    ],
    ['the name made here', null, /^donnees-marie-\d{4}-\d{2}-\d{2}\.html$/],
  ])('saves the readable page under %s', async (_, disposition, expected) => {
    URL.createObjectURL = () => 'blob:page';
    URL.revokeObjectURL = () => undefined;
    const saved: string[] = [];
    const click = HTMLAnchorElement.prototype.click;
    HTMLAnchorElement.prototype.click = function (this: HTMLAnchorElement) {
      saved.push(this.download);
    };
    try {
      const fetchMock = serve((url) =>
        url === `/api/user/export/${USER.id}/page.html`
          ? new Response('<!doctype html><title>Mes données</title>', {
              status: 200,
              headers: {
                'Content-Type': 'text/html; charset=utf-8',
                ...(disposition ? { 'Content-Disposition': disposition } : {}),
              },
            })
          : undefined,
      );
      renderApp('/my-profile');
      const section = await screen.findByRole('region', { name: 'Mes données' });
      await act(async () =>
        fireEvent.click(
          within(section).getByRole('button', { name: 'Télécharger mes données (page lisible)' }),
        ),
      );
      expect(fetchMock.mock.calls.some(([url]) => url === `/api/user/export/${USER.id}/page.html`)).toBe(
        true,
      );
      expect(saved).toHaveLength(1);
      expect(saved[0]).toMatch(expected);
      expect(within(section).queryByRole('alert')).toBeNull();
    } finally {
      HTMLAnchorElement.prototype.click = click;
    }
  });

  it('shows a banner when the address bounces, and none otherwise', async () => {
    setCachedUser({ ...USER, email_bouncing: true });
    restoreSession();
    serve((url) => (url === '/api/user/me' ? json(200, { ...USER, email_bouncing: true }) : undefined));
    renderApp('/my-profile');
    const banner = await screen.findByText(/est refusée par son serveur de messagerie/);
    expect(banner.closest('[role="alert"]')).not.toBeNull();
  });

  it('asks for a new address with the password; the section says it waits for its confirmation', async () => {
    stubModalDialogs();
    const bouncing = { ...USER, email_bouncing: true };
    setCachedUser(bouncing);
    restoreSession();
    const pending = { ...bouncing, pending_email: 'new@example.org' };
    const fetchMock = serve((url, init) => {
      if (url === '/api/user/me') return json(200, bouncing);
      if (url === `/api/user/email/${USER.id}` && init.method === 'PUT') return json(200, pending);
      return undefined;
    });
    renderApp('/my-profile');
    const section = await screen.findByRole('region', { name: 'Adresse email' });
    expect(within(section).queryByText(/en attente de confirmation/)).toBeNull();
    fireEvent.click(within(section).getByRole('button', { name: "Changer d'adresse" }));
    const dialog = await screen.findByRole('dialog', { name: "Changer d'adresse email" });
    expect(within(dialog).getByText(/ne remplacera l'actuelle qu'une fois ce lien ouvert/)).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('Nouvelle adresse'), {
      target: { value: 'new@example.org' },
    });
    fireEvent.change(within(dialog).getByLabelText('Votre mot de passe'), { target: { value: 'secret' } });
    await act(async () =>
      fireEvent.click(within(dialog).getByRole('button', { name: 'Envoyer le lien de confirmation' })),
    );
    expect(bodyOf(fetchMock, 'PUT', `/api/user/email/${USER.id}`)).toEqual({
      email: 'new@example.org',
      password: 'secret',
    });
    expect(await within(section).findByText('Nouvelle adresse en attente de confirmation :')).toBeTruthy();
    expect(within(section).getByText(/new@example\.org\. Ouvrez le lien/)).toBeTruthy();
    // The address in use is still the one the club writes to, and still bouncing until the link is used.
    expect(within(section).getByText(USER.email ?? '')).toBeTruthy();
    expect(screen.getByText(/est refusée par son serveur de messagerie/)).toBeTruthy();
    expect(useSession.getState().user).toMatchObject({ email: USER.email, pending_email: 'new@example.org' });
  });
});

// Leaving the club, confirmed with the password; what this device held goes with it.
describe('deleting my account', () => {
  stubModalDialogs();
  const queueOne = () =>
    appDb().outbox.add({
      kind: 'check',
      body: { event_uuid: 'e', is_invited: false, user_id: USER.id, is_checked: true },
      userId: USER.id,
      eventUuid: 'e',
      idempotencyKey: 'k',
      createdAt: 1,
      attempts: 0,
      status: 'pending',
      lastError: null,
      nextAttemptAt: Date.now() + 3_600_000,
    });

  const openDialog = async () => {
    renderApp('/my-profile');
    const section = await screen.findByRole('region', { name: 'Supprimer mon compte' });
    fireEvent.click(within(section).getByRole('button', { name: 'Supprimer mon compte' }));
    return screen.findByRole('alertdialog', { name: /Supprimer mon compte.?\?/ });
  };

  it('keeps the dialog open with the reason when the password is wrong, and signs nobody out', async () => {
    serve((url, init) =>
      url === `/api/user/${USER.id}` && init.method === 'DELETE'
        ? json(403, { code: 'password_incorrect', message: 'x', field: 'password' })
        : undefined,
    );
    const dialog = await openDialog();
    fireEvent.change(within(dialog).getByLabelText('Votre mot de passe'), { target: { value: 'nope' } });
    await act(async () =>
      fireEvent.click(within(dialog).getByRole('button', { name: /Supprimer définitivement/ })),
    );
    expect((await within(dialog).findByRole('alert')).textContent).toBe('Mot de passe incorrect.');
    expect(useSession.getState().status).not.toBe('signed-out');
  });

  it('says how many offline changes will be lost, then deletes, forgets them and signs out', async () => {
    await queueOne();
    const fetchMock = serve((url, init) => {
      if (url === `/api/user/${USER.id}` && init.method === 'DELETE') return json(200, { ok: true });
      return undefined;
    });
    const dialog = await openDialog();
    expect(
      (await within(dialog).findByText(/1 changement fait hors ligne n'a pas encore été envoyé/)).textContent,
    ).toContain('il sera perdu');
    fireEvent.change(within(dialog).getByLabelText('Votre mot de passe'), { target: { value: 'secret' } });
    await act(async () =>
      fireEvent.click(within(dialog).getByRole('button', { name: /Supprimer définitivement/ })),
    );
    await waitFor(() => expect(useSession.getState().status).toBe('signed-out'));
    expect(bodyOf(fetchMock, 'DELETE', `/api/user/${USER.id}`)).toEqual({ password: 'secret' });
    expect(await appDb().outbox.count()).toBe(0);
    expect(getCachedUser()).toBeNull();
    await waitFor(() =>
      expect(useToastStore.getState().toasts.map((toast) => toast.messageKey)).toContain(
        'deleteAccount.done',
      ),
    );
  });
});
