import type { EventDto } from '@common/contract/event';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { useConnectivityStore } from '../../../../src/data/core/connectivity';
import { GuestDialog } from '../../../../src/features/events/guest-dialog';
import { RegistrationDialog } from '../../../../src/features/events/registration-dialog';
import { USER } from '../../fake-api';
import { stubModalDialogs } from '../../modal-dialogs';

vi.mock('../../../../src/data/guests', () => ({
  fetchMyGuests: vi.fn(async () => []),
  saveGuest: vi.fn(async () => undefined),
  deleteGuest: vi.fn(async () => undefined),
}));

beforeAll(stubModalDialogs);

const DAY = 86_400_000;
const STUFF = {
  uuid: '5d1c1b8e-1c1e-4f7a-9a55-2b5d0c1e9f01',
  name: 'Kayak',
  description: '',
  stock: 2,
  is_infinite: false,
};
const EMPTY = { ...STUFF, uuid: '5d1c1b8e-1c1e-4f7a-9a55-2b5d0c1e9f02', name: 'Pagaie', available: 0 };

type When = 'upcoming' | 'past' | 'cancelled' | 'full';
type Who = 'none' | 'subscribed' | 'waiting';

function eventOf(when: When, who: Who): EventDto {
  const start = Date.now() + (when === 'past' ? -2 * DAY : DAY);
  const max = when === 'full' ? 2 : 10;
  return {
    uuid_event: 'e0b7f3c4-8a51-4a4b-9a2e-3f1f7c9d2e10',
    uuid_model_event: 'm0b7f3c4-8a51-4a4b-9a2e-3f1f7c9d2e10',
    model_name: 'Kayak de mer',
    model_description: 'Sortie en baie',
    creator: { id: 'c0b7f3c4-8a51-4a4b-9a2e-3f1f7c9d2e10', first_name: 'Jean', last_name: 'Martin' },
    start_date: new Date(start).toISOString(),
    end_date: new Date(start + 2 * 3_600_000).toISOString(),
    street: '1 quai',
    city: 'Brest',
    zip_code: '29200',
    location: '',
    max_subscribers: max,
    subcribers_count: when === 'full' ? max : 1,
    subscriber_is_infinite: false,
    is_cancelled: when === 'cancelled',
    stuffs_available: [{ ...STUFF, available: 1 }, EMPTY],
    subscribers_with_stuff:
      who === 'subscribed'
        ? [
            {
              id: USER.id,
              uuid: 's1',
              uuid_event: 'e',
              username: 'marie',
              stuff_name: 'Kayak',
              uuid_stuff: STUFF.uuid,
              is_checked: false,
            },
          ]
        : [],
    waiting_list:
      who === 'waiting'
        ? [{ uuid_user: USER.id, username: 'marie', created_at: '', uuid_event: 'e', uuid_stuff: null }]
        : [],
    invite_list: [],
    uuid_series: null,
  };
}

const SUB = "S'inscrire";
const UNSUB = 'Se désinscrire';
const WAIT = "Liste d'attente";
const LEAVE = "Quitter la liste d'attente";
const GUEST = 'Ajouter un invité';
const NOT_COMING = 'Je ne viens pas';
const NOT_ANY_MORE = 'Je ne viens plus';
const REMOVE = 'Retirer de mon agenda';

// The buttons each state offers, as src/common/rules/events.ts decides them. Subscribed, one answer
// (« Je ne viens plus ») stands for « Se désinscrire » and « Je ne viens pas »; a cancelled event offers only
// « Retirer de mon agenda ».
const TABLE: Array<[When, Who, string[]]> = [
  ['upcoming', 'none', [SUB, NOT_COMING]],
  ['upcoming', 'subscribed', [NOT_ANY_MORE, GUEST]],
  ['upcoming', 'waiting', [LEAVE, NOT_COMING]],
  ['past', 'none', []],
  ['past', 'subscribed', []],
  ['past', 'waiting', [LEAVE]],
  ['cancelled', 'none', [REMOVE]],
  ['cancelled', 'subscribed', [REMOVE]],
  ['cancelled', 'waiting', [REMOVE]],
  ['full', 'none', [WAIT, NOT_COMING]],
  ['full', 'subscribed', [NOT_ANY_MORE]],
  ['full', 'waiting', [LEAVE, NOT_COMING]],
];

describe('the registration popup offers what the rules allow', () => {
  it.each(TABLE)('%s event, member %s: shows exactly %j', (when, who, shown) => {
    render(<RegistrationDialog event={eventOf(when, who)} user={USER} onClose={() => undefined} />);
    for (const name of [SUB, UNSUB, WAIT, LEAVE, GUEST, NOT_COMING, NOT_ANY_MORE, REMOVE]) {
      const buttons = screen.queryAllByRole('button', { name });
      expect(buttons, name).toHaveLength(shown.includes(name) ? 1 : 0);
      for (const button of buttons) expect(button).toHaveProperty('disabled', false);
    }
    expect(screen.queryByText("Cet évènement n'est plus disponible") !== null).toBe(when === 'past');
    expect(screen.queryByText('Cet évènement a été annulé') !== null).toBe(when === 'cancelled');
  });

  it('asks for the kit before subscribing, never offers an item with none left, then shows « Mon matériel »', () => {
    const { unmount } = render(
      <RegistrationDialog event={eventOf('upcoming', 'none')} user={USER} onClose={() => undefined} />,
    );
    expect(screen.getByRole('radio', { name: "J'ai mon propre matériel" })).toHaveProperty('checked', true);
    expect(screen.getByRole('radio', { name: 'Kayak — 1 disponible' })).toHaveProperty('disabled', false);
    expect(screen.getByRole('radio', { name: 'Pagaie — plus disponible' })).toHaveProperty('disabled', true);
    expect(screen.queryByTestId('my-kit')).toBeNull();
    unmount();
    render(
      <RegistrationDialog event={eventOf('upcoming', 'subscribed')} user={USER} onClose={() => undefined} />,
    );
    // Once subscribed the picker is gone: the kit shows, and changes through its own dialog (docs/rules.md#kit).
    expect(screen.queryAllByRole('radio')).toHaveLength(0);
    const mine = screen.getByTestId('my-kit');
    expect(within(mine).getByRole('heading', { name: 'Mon matériel' })).toBeTruthy();
    expect(within(mine).getByRole('listitem').textContent).toBe('Kayak');
    expect(within(mine).getByRole('button', { name: 'Modifier mon matériel' })).toBeTruthy();
    expect(screen.queryByText(/changé après/)).toBeNull();
  });

  it('closes with its close button and says so', () => {
    const onClose = vi.fn();
    render(<RegistrationDialog event={eventOf('upcoming', 'none')} user={USER} onClose={onClose} />);
    expect(screen.getByRole('dialog', { name: 'Kayak de mer' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Fermer' }));
    expect(onClose).toHaveBeenCalled();
  });
});

describe("the event's facts", () => {
  it('show « Rendez-vous » beside the address when the event names a meeting point, and nothing otherwise', () => {
    const { unmount } = render(
      <RegistrationDialog
        event={{ ...eventOf('upcoming', 'none'), meeting_point: 'Hangar des kayaks' }}
        user={USER}
        onClose={() => undefined}
      />,
    );
    const term = screen.getByText('Rendez-vous', { selector: 'dt' });
    expect(term.nextElementSibling?.tagName).toBe('DD');
    expect(term.nextElementSibling?.textContent).toBe('Hangar des kayaks');
    // Right after the address: where it is, then where to meet there.
    expect(term.previousElementSibling?.textContent).toBe('1 quai, 29200 Brest');
    unmount();
    render(
      <RegistrationDialog
        event={{ ...eventOf('upcoming', 'none'), meeting_point: null }}
        user={USER}
        onClose={() => undefined}
      />,
    );
    expect(screen.queryByText('Rendez-vous', { selector: 'dt' })).toBeNull();
    expect(screen.getByText('Adresse', { selector: 'dt' })).toBeTruthy();
  });
});

describe('offline', () => {
  afterEach(() => useConnectivityStore.setState({ isOnline: true }));

  it('still offers the queued moves and says when they will be sent; guests wait for the network', () => {
    useConnectivityStore.setState({ isOnline: false });
    render(
      <RegistrationDialog event={eventOf('upcoming', 'subscribed')} user={USER} onClose={() => undefined} />,
    );
    expect(screen.getByRole('button', { name: NOT_ANY_MORE })).toHaveProperty('disabled', false);
    expect(screen.queryByRole('button', { name: UNSUB })).toBeNull();
    expect(screen.getByText('Hors ligne : ce sera envoyé au retour du réseau.')).toBeTruthy();
    expect(screen.getByRole('button', { name: GUEST })).toHaveProperty('disabled', true);
  });
});

describe('the guest form', () => {
  it('saves only with both names, and flags a wrong email', () => {
    render(
      <GuestDialog
        event={eventOf('upcoming', 'subscribed')}
        user={USER}
        guest={null}
        onClose={() => undefined}
      />,
    );
    const save = screen.getByRole('button', { name: 'Enregistrer' });
    expect(save).toHaveProperty('disabled', true);
    fireEvent.change(screen.getByLabelText('Prénom'), { target: { value: 'Paul' } });
    expect(save).toHaveProperty('disabled', true);
    fireEvent.change(screen.getByLabelText('Nom'), { target: { value: 'Durand' } });
    expect(save).toHaveProperty('disabled', false);
    fireEvent.change(screen.getByLabelText('Adresse e-mail'), { target: { value: 'paul@' } });
    expect(screen.getByText("L'adresse email n'est pas valide")).toBeTruthy();
    expect(save).toHaveProperty('disabled', true);
  });
});
