import type { NewsPost } from '@common/contract/news';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { useConnectivityStore } from '../../../../src/data/core/connectivity';
import { appDb } from '../../../../src/data/core/db';
import { setCachedUser, setToken } from '../../../../src/data/core/session-storage';
import { restoreSession } from '../../../../src/state/session';
import { useToastStore } from '../../../../src/state/toast-store';
import { renderApp } from '../../app/render-app';
import { json, offline, stubFetch, USER } from '../../fake-api';
import { stubModalDialogs } from '../../modal-dialogs';

const AUTHOR_ID = '5a1e2b3c-4d5e-4f60-8a7b-9c0d1e2f3a4b';
const OLDER: NewsPost = {
  uuid: '11111111-2222-4333-8444-555555555555',
  title: 'Assemblée générale',
  text: 'Vendredi à 19 h.\nVenez nombreux.',
  picture_url: null,
  author_id: AUTHOR_ID,
  author_name: 'Léa Martin',
  created_at: '2026-11-20T18:00:00.000Z',
  updated_at: '2026-11-20T18:00:00.000Z',
};
const NEWER: NewsPost = {
  ...OLDER,
  uuid: '66666666-7777-4888-8999-aaaaaaaaaaaa',
  title: '<b>Sortie</b> mer',
  text: '<script>alert(1)</script>',
  picture_url: '/files/news/66666666-7777-4888-8999-aaaaaaaaaaaa.png?v=1',
  author_id: null,
  author_name: '',
  created_at: '2026-11-24T09:30:00.000Z',
  updated_at: '2026-11-25T09:30:00.000Z',
};
const CONTRIBUTOR = { ...USER, id: AUTHOR_ID, role_name: 'Contributor' as const };

type Call = { url: string; method: string; body: BodyInit | null | undefined };

/** The server's side: the news list, the start settings, and the writes, recorded. */
function serve(posts: NewsPost[] | 'offline', answers: { post?: NewsPost } = {}) {
  const calls: Call[] = [];
  stubFetch((url, init) => {
    calls.push({ url, method: init.method ?? 'GET', body: init.body });
    if (url === '/api/news' && (init.method ?? 'GET') === 'GET')
      return posts === 'offline' ? offline() : json(200, posts);
    if (url === '/api/news' && init.method === 'POST') return json(200, answers.post);
    if (url.startsWith('/api/news/') && init.method === 'DELETE') return json(200, { ok: true });
    if (url.startsWith('/api/internal/settings/start'))
      return json(200, {
        timezone: 'Europe/Paris',
        slogan: 'Allez !',
        logo: '',
        club_name: 'Club',
        accent_colour: '#0f766e',
      });
    return json(200, { key: 'slogan', value: 'Allez !' });
  });
  return calls;
}

function signIn(user = USER) {
  setToken('tok');
  setCachedUser(user);
  restoreSession();
}

beforeAll(stubModalDialogs);
beforeEach(async () => {
  restoreSession();
  await appDb().news.clear();
  await appDb().clubSettings.put({ key: 'timezone', value: 'Europe/Paris' });
  useToastStore.setState({ toasts: [] });
  useConnectivityStore.setState({ isOnline: true });
});

const articles = () => screen.getAllByRole('article');

describe('the news page', () => {
  it('shows a visitor the posts, newest first, with a sign-in button instead of the menu', async () => {
    serve([NEWER, OLDER]);
    renderApp('/news');
    expect(await screen.findByRole('heading', { name: 'Assemblée générale' })).toBeTruthy();
    expect(articles().map((a) => within(a).getByRole('heading').textContent)).toEqual([
      '<b>Sortie</b> mer',
      'Assemblée générale',
    ]);
    expect(screen.getByRole('link', { name: 'Se connecter' }).getAttribute('href')).toBe('/login');
    expect(screen.queryByRole('navigation', { name: 'Navigation principale' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Publier une actualité' })).toBeNull();
  });

  it('shows HTML and script in a post as text, keeps line breaks, and names a deleted author', async () => {
    serve([NEWER, OLDER]);
    renderApp('/news');
    const newer = (await screen.findByRole('article', { name: '<b>Sortie</b> mer' })) as HTMLElement;
    expect(within(newer).getByText('<script>alert(1)</script>')).toBeTruthy();
    expect(newer.querySelector('script, b')).toBeNull();
    expect(within(newer).getByRole('img', { name: 'Photo : <b>Sortie</b> mer' })).toBeTruthy();
    expect(await within(newer).findByText(/Ancien membre · mar\. 24\/11\/26 à 10:30/)).toBeTruthy();
    expect(within(newer).getByText(/modifiée/)).toBeTruthy();
    const older = screen.getByRole('article', { name: 'Assemblée générale' });
    expect(
      within(older).getByText('Vendredi à 19 h. Venez nombreux.', {
        normalizer: (s) => s.replace(/\s+/g, ' '),
      }),
    ).toBeTruthy();
    expect(within(older).queryByText(/modifiée/)).toBeNull();
  });

  it('keeps the empty state, with a way back', async () => {
    serve([]);
    signIn();
    renderApp('/news');
    expect(await screen.findByText('Aucune actualité trouvée.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Retour' })).toBeTruthy();
    expect(screen.getByRole('navigation', { name: 'Navigation principale' })).toBeTruthy();
  });

  it('reads the posts kept on the device when offline, and says so', async () => {
    serve([NEWER, OLDER]);
    renderApp('/news');
    await screen.findByRole('heading', { name: 'Assemblée générale' });
    await act(async () => {}); // the cache is written
    document.body.innerHTML = '';
    serve('offline');
    renderApp('/news');
    expect(await screen.findByText(/Hors ligne : voici les actualités lues/)).toBeTruthy();
    expect(articles()).toHaveLength(2);
  });

  it('offline with nothing kept: the empty state and why', async () => {
    serve('offline');
    renderApp('/news');
    expect(await screen.findByText('Aucune actualité trouvée.')).toBeTruthy();
    expect(screen.getByText(/les actualités s'afficheront au retour du réseau/)).toBeTruthy();
  });

  it('offers a member no writing; the author edits and deletes their own post only', async () => {
    serve([NEWER, OLDER]);
    signIn();
    const first = renderApp('/news');
    await screen.findByRole('heading', { name: 'Assemblée générale' });
    expect(screen.queryByRole('button', { name: 'Publier une actualité' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Modifier/ })).toBeNull();
    first.unmount();

    signIn(CONTRIBUTOR);
    renderApp('/news');
    await screen.findByRole('heading', { name: 'Assemblée générale' });
    expect(screen.getByRole('button', { name: 'Publier une actualité' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Modifier « Assemblée générale »' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Modifier « <b>Sortie</b> mer »' })).toBeNull();
  });

  it('lets an admin delete any post, after asking', async () => {
    const calls = serve([NEWER, OLDER]);
    signIn({ ...USER, role_name: 'Admin' });
    renderApp('/news');
    fireEvent.click(await screen.findByRole('button', { name: 'Supprimer « <b>Sortie</b> mer »' }));
    const dialog = screen.getByRole('alertdialog');
    expect(within(dialog).getByText("Supprimer l'actualité « <b>Sortie</b> mer » ?")).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Supprimer' }));
    await waitFor(() => expect(articles()).toHaveLength(1));
    expect(calls.some((c) => c.method === 'DELETE' && c.url === `/api/news/${NEWER.uuid}`)).toBe(true);
    // The list shows the post gone as soon as the cache drops it; the toast follows once the delete's
    // promise settles, which can be a tick later (CI saw it not yet there).
    await waitFor(() =>
      expect(useToastStore.getState().toasts.map((t) => t.messageKey)).toContain('news.deleted'),
    );
  });
});

describe('posting news', () => {
  async function openDialog(
    calls = serve([OLDER], { post: { ...NEWER, author_id: AUTHOR_ID, author_name: 'Marie' } }),
  ) {
    signIn(CONTRIBUTOR);
    renderApp('/news');
    fireEvent.click(await screen.findByRole('button', { name: 'Publier une actualité' }));
    return { dialog: screen.getByRole('dialog', { name: 'Nouvelle actualité' }), calls };
  }
  const pick = (dialog: HTMLElement, file: File) =>
    fireEvent.change(within(dialog).getByLabelText('Photo (facultative)'), { target: { files: [file] } });

  it('asks for the title and the text before sending anything', async () => {
    const { dialog, calls } = await openDialog();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Publier' }));
    expect(within(dialog).getAllByText('Champ obligatoire')).toHaveLength(2);
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
  });

  it('refuses a picture over 5 MB or not an image, with a clear error, and sends nothing', async () => {
    const { dialog, calls } = await openDialog();
    pick(dialog, new File([new Uint8Array(5 * 1024 * 1024 + 1)], 'big.jpg', { type: 'image/jpeg' }));
    expect(within(dialog).getByRole('alert').textContent).toBe(
      'Cette photo dépasse 5 Mo : choisissez-en une plus légère.',
    );
    pick(dialog, new File(['<svg/>'], 'logo.svg', { type: 'image/svg+xml' }));
    expect(within(dialog).getByRole('alert').textContent).toBe(
      "Ce fichier n'est pas une photo JPEG, PNG ou WebP.",
    );
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
  });

  it('sends the title, text and picture as a form, then shows the new post first', async () => {
    const { dialog, calls } = await openDialog();
    fireEvent.change(within(dialog).getByLabelText('Titre'), { target: { value: '  Sortie mer  ' } });
    fireEvent.change(within(dialog).getByLabelText('Texte'), { target: { value: 'Samedi 9 h' } });
    expect(within(dialog).getByText(/^4\s990 caractères restants$/)).toBeTruthy();
    pick(dialog, new File([new Uint8Array(10)], 'photo.png', { type: 'image/png' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Publier' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const sent = calls.find((c) => c.method === 'POST')?.body as FormData;
    expect(sent.get('title')).toBe('Sortie mer');
    expect(sent.get('text')).toBe('Samedi 9 h');
    expect((sent.get('file') as File).name).toBe('photo.png');
    await waitFor(() => expect(articles()[0]?.getAttribute('aria-labelledby')).toBeTruthy());
    expect(within(articles()[0] as HTMLElement).getByRole('heading').textContent).toBe('<b>Sortie</b> mer');
    expect(useToastStore.getState().toasts.map((t) => t.messageKey)).toContain('news.posted');
  });

  it('is offered offline but says why it cannot post', async () => {
    const { dialog } = await openDialog();
    act(() => useConnectivityStore.setState({ isOnline: false }));
    expect(within(dialog).getByText('Hors ligne : publier et modifier demandent le réseau.')).toBeTruthy();
    expect((within(dialog).getByRole('button', { name: 'Publier' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
  });
});
