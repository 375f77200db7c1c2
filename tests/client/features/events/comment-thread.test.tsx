import type { Comment } from '@common/contract/comments';
import type { EventDto } from '@common/contract/event';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import i18n from 'i18next';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { useConnectivityStore } from '../../../../src/data/core/connectivity';
import { appDb } from '../../../../src/data/core/db';
import { withDrainLock } from '../../../../src/data/core/drain-lock';
import { CommentThread } from '../../../../src/features/events/comments/comment-thread';
import { json, offline, stubFetch, USER } from '../../fake-api';
import { stubModalDialogs } from '../../modal-dialogs';
import { childOf, commentBy, GWEN, LOU, mine, threadEvent } from './comments-fixtures';
import { SESSION_UUID } from './series-fixtures';

// Talking around an event (docs/rules.md#talking-around-an-event): the thread at the bottom of the sheet.
beforeAll(stubModalDialogs);

const THREAD_PATH = `/api/event/${SESSION_UUID}/comments`;

/** The server's thread for the event; records every request. */
function serve(thread: Comment[]) {
  return stubFetch((url, init) => {
    if (url === THREAD_PATH && (init.method ?? 'GET') === 'GET') return json(200, thread);
    return json(404, { code: 'not_found', message: 'Introuvable', field: null });
  });
}

async function show(event: EventDto, user = USER) {
  await appDb().events.put(event);
  return render(<CommentThread event={event} user={user} />);
}

const list = () => screen.findByRole('list');

beforeEach(async () => {
  const db = appDb();
  await Promise.all([db.events.clear(), db.comments.clear(), db.outbox.clear(), db.family.clear()]);
  useConnectivityStore.setState({ isOnline: true });
});
afterEach(async () => {
  // A thread read stores its answer after the next paint, under the drain's lock: let it land in this test.
  await withDrainLock(async () => undefined);
  useConnectivityStore.setState({ isOnline: true });
  await act(() => i18n.changeLanguage('fr'));
});

describe('the thread reads', () => {
  it('opens on its newest 20 messages, the earlier ones a tap away', async () => {
    const start = Date.now() - 30 * 60_000;
    serve(
      Array.from({ length: 25 }, (_, i) =>
        commentBy({ text: `Message ${i + 1}`, created_at: new Date(start + i * 60_000).toISOString() }),
      ),
    );
    await show(threadEvent());
    await waitFor(async () => expect(within(await list()).getAllByRole('listitem')).toHaveLength(20));
    const items = within(await list()).getAllByRole('listitem');
    expect(items[0]?.textContent).toContain('Message 6');
    expect(items[19]?.textContent).toContain('Message 25');
    fireEvent.click(screen.getByRole('button', { name: 'Voir les 5 messages précédents' }));
    expect(within(await list()).getAllByRole('listitem')).toHaveLength(25);
    expect(screen.queryByRole('button', { name: /messages précédents/ })).toBeNull();
  });

  it('names authors, a guardian writing for a child, hidden and deleted authors, and marks an edit', async () => {
    serve([
      commentBy({ text: 'Bonjour' }),
      commentBy({ text: 'Lou sera là', acting_for: { id: LOU, first_name: 'Lou', last_name: 'Le Goff' } }),
      commentBy({
        text: 'Caché',
        is_hidden: true,
        author: { id: 'h', first_name: null, last_name: null, thumbnail: null },
      }),
      commentBy({ text: 'Parti', is_deleted: true }),
      commentBy({ text: 'Corrigé', edited_at: new Date().toISOString() }),
    ]);
    await show(threadEvent());
    const items = within(await list()).getAllByRole('listitem');
    expect(items.map((item) => item.querySelector('p')?.firstChild?.textContent)).toEqual([
      'Gwen Le Goff',
      'Gwen Le Goff, pour Lou Le Goff',
      'Un membre',
      'Membre supprimé',
      'Gwen Le Goff',
    ]);
    expect(items[4]?.textContent).toContain('(modifié');
    expect(items[0]?.textContent).not.toContain('modifié');
    // The time in words, the exact time in the markup.
    const time = items[0]?.querySelector('time');
    expect(time?.getAttribute('dateTime')).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect(time?.getAttribute('title')).toBeTruthy();
    expect(time?.textContent).toMatch(/^il y a/);
  });

  it('says it in English too', async () => {
    await act(() => i18n.changeLanguage('en'));
    serve([
      commentBy({ acting_for: { id: LOU, first_name: 'Lou', last_name: 'Le Goff' } }),
      commentBy({ is_hidden: true }),
      commentBy({ is_deleted: true }),
    ]);
    await show(threadEvent());
    const items = within(await list()).getAllByRole('listitem');
    expect(items.map((item) => item.querySelector('p')?.firstChild?.textContent)).toEqual([
      'Gwen Le Goff, for Lou Le Goff',
      'A member',
      'Deleted member',
    ]);
    expect(items[0]?.querySelector('time')?.textContent).toMatch(/ago$/);
  });

  it('shows text as text: https links only, a <script> as typed, line breaks kept', async () => {
    const text =
      'Voir https://club.fr/sortie?j=1.\nhttp://club.fr et javascript:alert(1) <script>alert(1)</script> <b>gras</b>';
    serve([commentBy({ text })]);
    const { container } = await show(threadEvent());
    const item = within(await list()).getByRole('listitem');
    const link = within(item).getByRole('link');
    expect(link.getAttribute('href')).toBe('https://club.fr/sortie?j=1');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer nofollow');
    expect(within(item).getAllByRole('link')).toHaveLength(1);
    expect(container.querySelector('script, b')).toBeNull();
    const paragraph = link.closest('p');
    expect(paragraph?.textContent).toBe(text);
  });

  it('says when there is nothing yet, and when it cannot read offline', async () => {
    serve([]);
    const { unmount } = await show(threadEvent());
    expect(await screen.findByText('Pas encore de message')).toBeTruthy();
    unmount();
    useConnectivityStore.setState({ isOnline: false });
    stubFetch(offline);
    await show(threadEvent());
    expect(
      await screen.findByText("Hors ligne : les messages s'afficheront au retour du réseau."),
    ).toBeTruthy();
  });

  it('reads a cached thread offline', async () => {
    await appDb().comments.put(commentBy({ text: 'Lu hier' }));
    useConnectivityStore.setState({ isOnline: false });
    const fetchMock = stubFetch(offline);
    await show(threadEvent());
    expect(await screen.findByText('Lu hier')).toBeTruthy();
    expect(screen.getByText('Hors ligne : voici les messages lus la dernière fois.')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

describe('writing', () => {
  it('offline, a new message shows at once « à envoyer », queued for the author', async () => {
    useConnectivityStore.setState({ isOnline: false });
    stubFetch(offline);
    await show(threadEvent());
    expect(screen.getByText('Hors ligne : le message partira au retour du réseau.')).toBeTruthy();
    const box = screen.getByRole('textbox', { name: 'Écrire un message' });
    fireEvent.change(box, { target: { value: '  Je prends la remorque.\nÀ demain  ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Envoyer' }));
    const item = within(await list()).getByRole('listitem');
    expect(within(item).getByText('à envoyer')).toBeTruthy();
    expect(item.textContent).toContain('Je prends la remorque.\nÀ demain');
    await waitFor(() => expect((box as HTMLTextAreaElement).value).toBe(''));
    const [row] = await appDb().outbox.toArray();
    expect(row).toMatchObject({
      kind: 'comment',
      userId: USER.id,
      body: { uuid_event: SESSION_UUID, text: 'Je prends la remorque.\nÀ demain' },
    });
  });

  it('lets a guardian write for a minor child, never for a grown-up one', async () => {
    useConnectivityStore.setState({ isOnline: false });
    stubFetch(offline);
    await appDb().family.put({
      key: 'current',
      userId: USER.id,
      family: {
        children: [childOf(LOU, 'Lou', '2016-05-01'), childOf(GWEN, 'Tom', '2000-01-01')],
        guardians: [],
      },
    });
    await show(threadEvent());
    const as = await screen.findByRole('combobox', { name: 'Écrire en tant que' });
    expect(
      within(as)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['moi', 'pour Lou Le Bihan']);
    fireEvent.change(as, { target: { value: LOU } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Écrire un message' }), {
      target: { value: 'Lou vient' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Envoyer' }));
    const item = within(await list()).getByRole('listitem');
    expect(item.textContent).toContain('Marie, pour Lou Le Bihan');
    const [row] = await appDb().outbox.toArray();
    expect(row).toMatchObject({ userId: USER.id, body: { acting_for: LOU } });
    expect(row?.member).toBeUndefined();
  });

  it('shows a refused message with the reason, until the user lets it go', async () => {
    serve([]);
    await appDb().outbox.add({
      kind: 'comment',
      body: { uuid_event: SESSION_UUID, text: 'Trop tard ?' },
      userId: USER.id,
      eventUuid: SESSION_UUID,
      idempotencyKey: 'k',
      createdAt: Date.now(),
      attempts: 1,
      status: 'failed',
      lastError: JSON.stringify({ code: 'thread_closed', message: 'closed' }),
      nextAttemptAt: 0,
    });
    await show(threadEvent());
    const item = within(await list()).getByRole('listitem');
    expect(item.textContent).toContain('Trop tard ?');
    expect(item.textContent).toContain('Refusé : Discussion close');
    expect(within(item).queryByText('à envoyer')).toBeNull();
    fireEvent.click(within(item).getByRole('button', { name: 'Abandonner ce message' }));
    await waitFor(() => expect(screen.queryByText('Trop tard ?')).toBeNull());
    expect(await appDb().outbox.count()).toBe(0);
  });

  it('closes seven days after the event: no form, a line saying so, and the author may still delete', async () => {
    serve([mine({ text: 'Merci !' })]);
    await show(threadEvent(-8));
    expect(await screen.findByText('Merci !')).toBeTruthy();
    expect(screen.getByText('La discussion est close')).toBeTruthy();
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(screen.queryByRole('button', { name: /^Modifier/ })).toBeNull();
    expect(screen.getByRole('button', { name: 'Supprimer le message de Marie' })).toBeTruthy();
  });
});

describe('edit and delete, as the rules allow', () => {
  const buttons = (item: HTMLElement) =>
    within(item)
      .queryAllByRole('button')
      .map((b) => b.textContent);

  it('a member edits and deletes their own message, nobody else’s', async () => {
    serve([mine({ text: 'Le mien' }), commentBy({ text: 'Le sien' })]);
    await show(threadEvent());
    const [own, other] = within(await list()).getAllByRole('listitem') as [HTMLElement, HTMLElement];
    expect(buttons(own)).toEqual(['Modifier le message de Marie', 'Supprimer le message de Marie']);
    expect(buttons(other)).toEqual([]);
  });

  it("the event's organiser and an Admin delete anyone's, and edit only their own", async () => {
    serve([commentBy({ text: 'Le sien' })]);
    const organiser = { ...USER, role_name: 'Contributor' as const };
    const { unmount } = await show(threadEvent(1, organiser.id), organiser);
    const item = within(await list()).getByRole('listitem');
    expect(buttons(item)).toEqual(['Supprimer le message de Gwen Le Goff']);
    unmount();
    await show(threadEvent(), { ...USER, role_name: 'Admin' });
    expect(buttons(within(await list()).getByRole('listitem'))).toEqual([
      'Supprimer le message de Gwen Le Goff',
    ]);
  });

  it('offline, says they need the network', async () => {
    await appDb().comments.put(mine({ text: 'Le mien' }));
    useConnectivityStore.setState({ isOnline: false });
    stubFetch(offline);
    await show(threadEvent());
    const item = within(await list()).getByRole('listitem');
    for (const button of within(item).getAllByRole('button')) expect(button).toHaveProperty('disabled', true);
    expect(within(item).getByText('Il faut du réseau pour modifier ou supprimer un message.')).toBeTruthy();
  });

  it('edits online and keeps the new text', async () => {
    const comment = mine({ text: 'Rendez-vous à 9 h' });
    const fetchMock = stubFetch((url, init) => {
      if (url === THREAD_PATH) return json(200, [comment]);
      if (url === `/api/event/comment/${comment.id}` && init.method === 'PUT') {
        const { text } = JSON.parse(String(init.body)) as { text: string };
        return json(200, { ...comment, text, edited_at: new Date().toISOString() });
      }
      return json(404, { code: 'not_found', message: '', field: null });
    });
    await show(threadEvent());
    fireEvent.click(await screen.findByRole('button', { name: 'Modifier le message de Marie' }));
    const dialog = screen.getByRole('dialog', { name: 'Modifier le message' });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Écrire un message' }), {
      target: { value: 'Rendez-vous à 9 h 30' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText('Rendez-vous à 9 h 30')).toBeTruthy();
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'PUT')).toBe(true);
    // Kept on the device too, after the thread's own read has landed (never overwritten by it).
    await waitFor(async () =>
      expect((await appDb().comments.get(comment.id))?.text).toBe('Rendez-vous à 9 h 30'),
    );
    expect(within(await list()).getByRole('listitem').textContent).toContain('Rendez-vous à 9 h 30');
  });

  it('deletes once confirmed, and the event counts one less', async () => {
    const comment = mine({ text: 'À supprimer' });
    stubFetch((url, init) => {
      if (url === THREAD_PATH) return json(200, [comment]);
      if (url === `/api/event/comment/${comment.id}` && init.method === 'DELETE')
        return json(200, { ok: true });
      return json(404, { code: 'not_found', message: '', field: null });
    });
    await show(threadEvent());
    await waitFor(async () => expect((await appDb().events.get(SESSION_UUID))?.comments_count).toBe(1));
    fireEvent.click(await screen.findByRole('button', { name: 'Supprimer le message de Marie' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Supprimer le message' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Supprimer' }));
    await waitFor(() => expect(screen.queryByText('À supprimer')).toBeNull());
    expect(await appDb().comments.count()).toBe(0);
    expect((await appDb().events.get(SESSION_UUID))?.comments_count).toBe(0);
  });
});
