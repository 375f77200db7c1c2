import type { EventDto } from '@common/contract/event';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { setCachedUser, setToken } from '../../../../src/data/core/session-storage';
import { stopSync } from '../../../../src/data/core/sync';
import { fetchMyGuests } from '../../../../src/data/guests';
import { RegistrationDialog } from '../../../../src/features/events/registration-dialog';
import { restoreSession } from '../../../../src/state/session';
import { useToastStore } from '../../../../src/state/toast-store';
import { renderApp } from '../../app/render-app';
import { json, stubFetch, USER } from '../../fake-api';
import { stubModalDialogs } from '../../modal-dialogs';

vi.mock('../../../../src/data/guests', () => ({
  fetchMyGuests: vi.fn(async () => []),
  saveGuest: vi.fn(async () => undefined),
  deleteGuest: vi.fn(async () => undefined),
}));

beforeAll(stubModalDialogs);
beforeEach(() => useToastStore.setState({ toasts: [] }));

const UUID = 'e0b7f3c4-8a51-4a4b-9a2e-3f1f7c9d2e10';
const WORD = 'Rivière en crue : la sortie est reportée à samedi prochain.';

function cancelled(start: Date, extra: Partial<EventDto> = {}): EventDto {
  return {
    uuid_event: UUID,
    uuid_model_event: 'm0b7f3c4-8a51-4a4b-9a2e-3f1f7c9d2e10',
    model_name: 'Sortie rivière',
    model_description: '',
    creator: { id: 'c0b7f3c4-8a51-4a4b-9a2e-3f1f7c9d2e10', first_name: 'Jean', last_name: 'Martin' },
    start_date: start.toISOString(),
    end_date: new Date(start.getTime() + 7_200_000).toISOString(),
    street: null,
    city: null,
    zip_code: null,
    location: '',
    max_subscribers: 10,
    subcribers_count: 1,
    subscriber_is_infinite: false,
    is_cancelled: true,
    cancel_message: WORD,
    stuffs_available: [],
    subscribers_with_stuff: [
      {
        id: USER.id,
        uuid: 's1',
        uuid_event: UUID,
        username: 'marie',
        stuff_name: '',
        uuid_stuff: null,
        is_checked: false,
      },
    ],
    waiting_list: [],
    invite_list: [],
    uuid_series: '9a1c1b8e-1c1e-4f7a-9a55-2b5d0c1e9f01',
    ...extra,
  };
}

const tomorrow = () => new Date(Date.now() + 86_400_000);
const guest = (id: number, first: string, last: string, email: string | null) => ({
  id,
  uuid_event: UUID,
  uuid_user: USER.id,
  first_name: first,
  last_name: last,
  age: null,
  email,
  phone: null,
  uuid_stuff: null,
  is_checked: false,
});

describe("a cancelled event's sheet", () => {
  it("says why in the organiser's words and offers nothing but « Retirer de mon agenda »", () => {
    render(<RegistrationDialog event={cancelled(tomorrow())} user={USER} onClose={() => undefined} />);
    const dialog = screen.getByRole('dialog', { name: 'Sortie rivière' });
    expect(within(dialog).getByText('Cet évènement a été annulé')).toBeTruthy();
    const word = within(dialog).getByTestId('cancel-message');
    expect(within(word).getByRole('heading', { name: 'Le mot de Jean Martin' })).toBeTruthy();
    expect(word.textContent).toContain(WORD);
    // The subscribed member of a session of a series: no answer, no leaving, no series, no guest to add.
    const buttons = within(dialog)
      .getAllByRole('button')
      .map((b) => b.textContent);
    expect(buttons).toContain('Retirer de mon agenda');
    for (const name of [
      'Je ne viens plus',
      'Je ne viens pas',
      'Se désinscrire',
      'Quitter la série',
      "S'inscrire à toute la série",
      'Ajouter un invité',
    ])
      expect(buttons).not.toContain(name);
  });

  it('without a word from the organiser, says it is cancelled and no more', () => {
    render(
      <RegistrationDialog
        event={cancelled(tomorrow(), { cancel_message: null })}
        user={USER}
        onClose={() => undefined}
      />,
    );
    expect(screen.getByText('Cet évènement a été annulé')).toBeTruthy();
    expect(screen.queryByTestId('cancel-message')).toBeNull();
  });

  it('names to their host the guests the cancellation could not reach, and only them', async () => {
    vi.mocked(fetchMyGuests).mockResolvedValueOnce([
      guest(1, 'Paul', 'Martin', null),
      guest(2, 'Anne', 'Le Goff', 'anne@example.org'),
    ]);
    const event = cancelled(tomorrow(), {
      subcribers_count: 3,
      invite_list: [1, 2].map((id) => ({
        id,
        uuid_event: UUID,
        uuid_user: USER.id,
        uuid_stuff: null,
        first_name: id === 1 ? 'Paul' : 'Anne',
        last_name: id === 1 ? 'Martin' : 'Le Goff',
        is_checked: false,
      })),
    });
    render(<RegistrationDialog event={event} user={USER} onClose={() => undefined} />);
    const untold = await screen.findByTestId('untold-guests');
    expect(within(untold).getByRole('heading', { name: 'Vos invités à prévenir' })).toBeTruthy();
    expect(
      within(untold)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      "Paul Martin n'a pas d'adresse e-mail : l'application n'a pas pu prévenir cette personne, à vous de le faire.",
    ]);
    expect(fetchMyGuests).toHaveBeenCalledWith(UUID, USER.id);
  });
});

describe('« Retirer de mon agenda »', () => {
  beforeEach(() => {
    setToken('tok');
    setCachedUser(USER);
    restoreSession();
    localStorage.removeItem(`hiddenEvents:${USER.id}`);
  });
  afterEach(async () => {
    vi.useRealTimers();
    await stopSync();
  });

  it("takes the event out of the member's week on this device, with « Annuler » for a moment", async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2033-03-08T11:00:00Z'));
    const event = cancelled(new Date('2033-03-09T17:00:00Z'));
    const kept = { ...event, uuid_event: 'f0b7f3c4-8a51-4a4b-9a2e-3f1f7c9d2e11', model_name: 'Piscine' };
    const fetchMock = stubFetch((url) => {
      if (url === '/api/user/me') return json(200, USER);
      if (url.startsWith('/api/event/from/')) return json(200, [event, kept]);
      if (url === `/api/event/${UUID}`) return json(200, event);
      if (url === '/api/internal/settings/start')
        return json(200, { timezone: 'Europe/Paris', slogan: 'x', logo: '' });
      return json(200, []);
    });
    renderApp('/');
    await waitFor(() => expect(screen.getAllByTestId('event-row')).toHaveLength(2), { timeout: 5000 });
    const row = screen.getByText('Sortie rivière').closest('[data-testid="event-row"]') as HTMLElement;
    // A cancelled event offers no quick move on its card either.
    expect(within(row).queryByRole('button', { name: 'Je ne viens plus' })).toBeNull();
    fireEvent.click(within(row).getByRole('button', { name: /^Détails/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Sortie rivière' }, { timeout: 5000 });
    fireEvent.click(await within(dialog).findByRole('button', { name: 'Retirer de mon agenda' }));
    await waitFor(() => expect(screen.getAllByTestId('event-row')).toHaveLength(1));
    expect(screen.getByText('Piscine')).toBeTruthy();
    // The toasts' band is fetched with its first toast (ui/toast-band.tsx).
    expect(await screen.findByText('Évènement retiré de votre semaine sur cet appareil')).toBeTruthy();
    // Nothing was sent: the server's event is untouched.
    expect(fetchMock.mock.calls.filter(([, init]) => (init?.method ?? 'GET') !== 'GET')).toEqual([]);
    act(() => fireEvent.click(screen.getByRole('button', { name: 'Annuler' })));
    await waitFor(() => expect(screen.getAllByTestId('event-row')).toHaveLength(2));
  }, 15_000);
});
