import type { User } from '@common/contract/user';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { appDb } from '../../../../src/data/core/db';
import { setCachedUser, setToken } from '../../../../src/data/core/session-storage';
import { ChecklistScreen } from '../../../../src/features/checklist/checklist-screen';
import { loadLaterTexts } from '../../../../src/i18n/later-texts';
import { restoreSession } from '../../../../src/state/session';
import { useToastStore } from '../../../../src/state/toast-store';
import { cachedEvent, EVENT_UUID } from '../../data/event-fixture';
import { json, stubFetch, USER } from '../../fake-api';
import { rendered } from './counting-translation';

// Which rows rendered (counting-translation.ts).
vi.mock('react-i18next', async (importOriginal) =>
  (await import('./counting-translation')).countingTranslation(importOriginal),
);

const ROWS = 300;
const ADMIN: User = { ...USER, role_name: 'SuperAdmin' };
const nameOf = (i: number) => `m${String(i).padStart(3, '0')}`;

function bigEvent() {
  const event = cachedEvent();
  return cachedEvent({
    subcribers_count: ROWS,
    max_subscribers: ROWS,
    // In reverse, so the screen has to sort them.
    subscribers_with_stuff: Array.from({ length: ROWS }, (_, i) => ({
      ...event.subscribers_with_stuff[0],
      id: `member-${ROWS - 1 - i}`,
      uuid: `s-${ROWS - 1 - i}`,
      uuid_event: EVENT_UUID,
      username: nameOf(ROWS - 1 - i),
      stuff_name: 'default_name',
      uuid_stuff: null,
      is_checked: false,
    })),
  });
}

function renderChecklist() {
  const router = createMemoryRouter([{ path: '/checklist/:id', element: <ChecklistScreen /> }], {
    initialEntries: [`/checklist/${EVENT_UUID}`],
  });
  return render(<RouterProvider router={router} />);
}

const SLOW = { timeout: 10_000 };
const tickButton = (i: number) => screen.getByRole('button', { name: `Présence de ${nameOf(i)}` });

beforeAll(() => loadLaterTexts('fr'));
beforeEach(async () => {
  setToken('tok');
  setCachedUser(ADMIN);
  restoreSession();
  stubFetch(() => json(503, {}));
  await appDb().outbox.clear();
  await appDb().events.put(bigEvent());
  rendered.length = 0;
  useToastStore.setState({ toasts: [] });
});
afterEach(async () => {
  await appDb().events.clear();
  await appDb().outbox.clear();
});

// 300 rows in jsdom take seconds on a busy machine.
describe('the checklist, 300 rows', { timeout: 30_000 }, () => {
  it('shows a tick once it is queued, and re-renders the ticked row alone', async () => {
    renderChecklist();
    await waitFor(() => expect(screen.getAllByTestId('checklist-row')).toHaveLength(ROWS), SLOW);
    expect(screen.getAllByTestId('checklist-row')[0]?.textContent).toContain(nameOf(0));
    rendered.length = 0;

    act(() => fireEvent.click(tickButton(150)));
    // Shown as soon as it is stored: the outbox row holds it. The cached event is not rewritten for a
    // tick (a 300-person event on every tick held back its repaint); the screen lays the pending tick over.
    await waitFor(() => expect(tickButton(150).getAttribute('aria-pressed')).toBe('true'), SLOW);
    expect(await appDb().outbox.count()).toBe(1);
    const event = await appDb().events.get(EVENT_UUID);
    expect(event?.subscribers_with_stuff.find((s) => s.id === 'member-150')?.is_checked).toBe(false);
    await screen.findByTestId('pending-marker', {}, SLOW);
    expect(tickButton(150).getAttribute('aria-pressed')).toBe('true');
    // The count under the list counts the tick still waiting in the outbox.
    expect(screen.getByText(`1 / ${ROWS} présent`)).toBeTruthy();
    expect(tickButton(151).getAttribute('aria-pressed')).toBe('false');

    // Through the tick, the write and the pending mark, no other row rendered again.
    expect(rendered.length).toBeGreaterThan(0);
    expect(new Set(rendered)).toEqual(new Set([nameOf(150)]));
  });

  it('shows a tick still waiting in the outbox after the screen is opened again (a reload at the venue)', async () => {
    const first = renderChecklist();
    await waitFor(() => expect(screen.getAllByTestId('checklist-row')).toHaveLength(ROWS), SLOW);
    act(() => fireEvent.click(tickButton(42)));
    await waitFor(() => expect(tickButton(42).getAttribute('aria-pressed')).toBe('true'), SLOW);
    await screen.findByTestId('pending-marker', {}, SLOW);
    first.unmount();

    renderChecklist();
    await waitFor(() => expect(screen.getAllByTestId('checklist-row')).toHaveLength(ROWS), SLOW);
    // Shown with its tick from the first paint of the rows, never a moment without it.
    expect(tickButton(42).getAttribute('aria-pressed')).toBe('true');
    expect(tickButton(43).getAttribute('aria-pressed')).toBe('false');
    expect(screen.getAllByTestId('pending-marker')).toHaveLength(1);
  });

  it('leaves the row unticked and tells the user when the device cannot keep the tick', async () => {
    renderChecklist();
    await waitFor(() => expect(screen.getAllByTestId('checklist-row')).toHaveLength(ROWS), SLOW);
    // A tick's row is added by the store itself (core/tick-write.ts): the browser's refusal, as it names it.
    vi.spyOn(IDBObjectStore.prototype, 'add').mockImplementationOnce(() => {
      throw new DOMException('quota', 'QuotaExceededError');
    });

    act(() => fireEvent.click(tickButton(7)));
    await waitFor(() => expect(useToastStore.getState().toasts.length).toBeGreaterThan(0), SLOW);
    expect(tickButton(7).getAttribute('aria-pressed')).toBe('false');
    const toast = useToastStore.getState().toasts.at(-1);
    expect(toast?.text).toContain("L'espace de stockage de l'appareil est plein");
    expect(await appDb().outbox.count()).toBe(0);
    expect((await appDb().events.get(EVENT_UUID))?.subscribers_with_stuff.some((s) => s.is_checked)).toBe(
      false,
    );
  });
});
