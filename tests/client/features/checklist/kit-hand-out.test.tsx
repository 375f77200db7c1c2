import type { User } from '@common/contract/user';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { appDb } from '../../../../src/data/core/db';
import { setCachedUser, setToken } from '../../../../src/data/core/session-storage';
import { ChecklistScreen } from '../../../../src/features/checklist/checklist-screen';
import { loadLaterTexts } from '../../../../src/i18n/later-texts';
import { restoreSession } from '../../../../src/state/session';
import { cachedEvent, EVENT_UUID, MEMBER_ID } from '../../data/event-fixture';
import { stubFetch, USER } from '../../fake-api';
import { stubModalDialogs } from '../../modal-dialogs';
import { rendered } from './counting-translation';

// Which rows rendered (counting-translation.ts).
vi.mock('react-i18next', async (importOriginal) =>
  (await import('./counting-translation')).countingTranslation(importOriginal),
);

// At the venue with no signal: kit is handed out and taken back through the outbox, like ticks.
const ORGANISER: User = { ...USER, role_name: 'Admin' };
const offered = (uuid: string, name: string) => ({
  uuid,
  name,
  description: '',
  stock: 10,
  is_infinite: false,
  available: 5,
});
const KAYAK = offered('aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa', 'Kayak mono K1');
const VEST = offered('bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb', 'Gilet');
const PADDLE = offered('cccccccc-cccc-4ccc-8ccc-cccccccccccc', 'Pagaie');
const GUEST_ID = 7;
const NOW = new Date('2026-12-01T09:30:00.000Z');
const base = cachedEvent();
const member = base.subscribers_with_stuff[0] as (typeof base.subscribers_with_stuff)[number];
const OTHERS = 40;

function venueEvent() {
  return cachedEvent({
    subcribers_count: OTHERS + 1,
    stuffs_available: [KAYAK, VEST, PADDLE],
    subscribers_with_stuff: [
      {
        ...member,
        first_name: 'Léna',
        last_name: 'Bosser',
        uuid_stuff: KAYAK.uuid,
        stuff_name: KAYAK.name,
        stuffs: [KAYAK.uuid, VEST.uuid],
        stuffs_state: [
          { uuid: KAYAK.uuid, handed_out: true, returned: false },
          { uuid: VEST.uuid, handed_out: false, returned: false },
        ],
      },
      // Many more on their own equipment: a tap on Léna's kit must not render them again.
      ...Array.from({ length: OTHERS }, (_, i) => ({
        ...member,
        id: `member-${i}`,
        uuid: `s-${i}`,
        username: `m${String(i).padStart(2, '0')}`,
        stuffs: [],
      })),
    ],
    invite_list: [
      {
        id: GUEST_ID,
        uuid_event: EVENT_UUID,
        uuid_user: MEMBER_ID,
        uuid_stuff: VEST.uuid,
        stuffs: [VEST.uuid],
        first_name: 'Yann',
        last_name: 'Le Goff',
        is_checked: false,
      },
    ],
  });
}

function renderChecklist() {
  const router = createMemoryRouter([{ path: '/checklist/:id', element: <ChecklistScreen /> }], {
    initialEntries: [`/checklist/${EVENT_UUID}`],
  });
  return render(<RouterProvider router={router} />);
}

const control = (name: string) => screen.getByRole('button', { name });
const isPressed = (name: string) => control(name).getAttribute('aria-pressed') === 'true';
const handOuts = async () =>
  (await appDb().outbox.orderBy('id').toArray()).map((row) => [row.kind, row.body]);
const totals = () =>
  within(screen.getByRole('list', { name: 'Matériel par personne' }))
    .getAllByRole('listitem')
    .map((li) => li.textContent);
const SLOW = { timeout: 10_000 };

async function shown() {
  renderChecklist();
  await waitFor(() => expect(screen.getAllByTestId('checklist-row')).toHaveLength(OTHERS + 2), SLOW);
}

beforeAll(async () => {
  stubModalDialogs();
  await loadLaterTexts('fr');
});
beforeEach(async () => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
  setToken('tok');
  setCachedUser(ORGANISER);
  restoreSession();
  stubFetch(() => Promise.reject(new TypeError('Failed to fetch')));
  await appDb().outbox.clear();
  await appDb().events.put(venueEvent());
  rendered.length = 0;
});
afterEach(async () => {
  vi.useRealTimers();
  await appDb().events.clear();
  await appDb().outbox.clear();
});

describe('handing kit out at the venue', { timeout: 30_000 }, () => {
  it('shows each booked item of members and guests with « Remis » and « Rendu », set from the state', async () => {
    await shown();
    const lena = screen.getByRole('list', { name: 'Matériel de Léna Bosser' });
    expect(
      within(lena)
        .getAllByTestId('kit-name')
        .map((n) => n.textContent),
    ).toEqual(['Kayak mono K1', 'Gilet']);
    expect(isPressed('Kayak mono K1 remis à Léna Bosser')).toBe(true);
    expect(isPressed('Kayak mono K1 rendu par Léna Bosser')).toBe(false);
    expect(isPressed('Gilet remis à Léna Bosser')).toBe(false);
    // A guest without any state yet: neither.
    expect(isPressed('Gilet remis à Yann Le Goff')).toBe(false);
    expect(isPressed('Gilet rendu par Yann Le Goff')).toBe(false);
    // The mark, not only the look, says which is set.
    expect(control('Kayak mono K1 remis à Léna Bosser').textContent).toBe('✔ Remis');
    // Per item booked; « Pagaie », offered but booked by nobody, has no line.
    expect(totals()).toEqual([
      'Gilet : 2 réservés, 0 remis, 0 rendu',
      'Kayak mono K1 : 1 réservé, 1 remis, 0 rendu',
    ]);
  });

  it('queues a hand-out that sets the item, with the device’s time, and shows it at once, ticking no one', async () => {
    await shown();
    rendered.length = 0;
    act(() => fireEvent.click(control('Gilet remis à Léna Bosser')));
    await waitFor(() => expect(isPressed('Gilet remis à Léna Bosser')).toBe(true), SLOW);
    expect(await handOuts()).toEqual([
      [
        'stuff-hand-out',
        {
          event_uuid: EVENT_UUID,
          is_invited: false,
          user_id: MEMBER_ID,
          uuid_stuff: VEST.uuid,
          handed_out: true,
          checked_at: NOW.toISOString(),
        },
      ],
    ]);
    expect(totals()).toContain('Gilet : 2 réservés, 1 remis, 0 rendu');
    // The row's own tick is not touched, and no other row rendered again.
    expect(control('Présence de Léna Bosser').getAttribute('aria-pressed')).toBe('false');
    expect(new Set(rendered)).toEqual(new Set(['Léna Bosser']));
  });

  it('« Rendu » sets both, for a guest too', async () => {
    await shown();
    act(() => fireEvent.click(control('Gilet rendu par Yann Le Goff')));
    await waitFor(() => expect(isPressed('Gilet rendu par Yann Le Goff')).toBe(true), SLOW);
    expect(isPressed('Gilet remis à Yann Le Goff')).toBe(true);
    expect(await handOuts()).toEqual([
      [
        'stuff-hand-out',
        {
          event_uuid: EVENT_UUID,
          is_invited: true,
          user_id: GUEST_ID,
          uuid_stuff: VEST.uuid,
          handed_out: true,
          returned: true,
          checked_at: NOW.toISOString(),
        },
      ],
    ]);
    expect(totals()).toContain('Gilet : 2 réservés, 1 remis, 1 rendu');
  });

  it('two quick taps undo, as values set in tap order, never a toggle replayed', async () => {
    await shown();
    act(() => {
      fireEvent.click(control('Kayak mono K1 rendu par Léna Bosser'));
      fireEvent.click(control('Kayak mono K1 rendu par Léna Bosser'));
    });
    await waitFor(async () => expect(await handOuts()).toHaveLength(2), SLOW);
    const bodies = (await handOuts()).map(([, body]) => body as Record<string, unknown>);
    expect(bodies.map(({ handed_out, returned }) => ({ handed_out, returned }))).toEqual([
      { handed_out: true, returned: true },
      { handed_out: undefined, returned: false },
    ]);
    await waitFor(() => expect(isPressed('Kayak mono K1 rendu par Léna Bosser')).toBe(false), SLOW);
    expect(isPressed('Kayak mono K1 remis à Léna Bosser')).toBe(true);
  });

  it('keeps what was handed out when the screen is opened again (a reload at the venue)', async () => {
    const first = renderChecklist();
    await waitFor(() => expect(screen.getAllByTestId('checklist-row')).toHaveLength(OTHERS + 2), SLOW);
    act(() => fireEvent.click(control('Gilet remis à Yann Le Goff')));
    await waitFor(() => expect(isPressed('Gilet remis à Yann Le Goff')).toBe(true), SLOW);
    first.unmount();
    await shown();
    expect(isPressed('Gilet remis à Yann Le Goff')).toBe(true);
  });
});
