import type { EventDto } from '@common/contract/event';
import type { RoleName, User } from '@common/contract/user';
import { clubDayOf } from '@common/rules/club-time';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { useConnectivityStore } from '../../../../../src/data/core/connectivity';
import { saveEvent } from '../../../../../src/data/event-writes';
import { EventFormDialog } from '../../../../../src/features/events/editor/event-form-dialog';
import { loadLaterTexts } from '../../../../../src/i18n/later-texts';
import { USER } from '../../../fake-api';
import { stubModalDialogs } from '../../../modal-dialogs';

const ZONE = 'Europe/Paris';
const MODEL = { uuid: '7d1c1b8e-1c1e-4f7a-9a55-2b5d0c1e9f01', name: 'Kayak de mer', description: 'Sortie' };
const STUFF = {
  uuid: '5d1c1b8e-1c1e-4f7a-9a55-2b5d0c1e9f01',
  name: 'Pagaie',
  description: '',
  stock: 4,
  is_infinite: false,
};

vi.mock('../../../../../src/data/catalog', () => ({
  useModels: () => [MODEL],
  useStuffs: () => [STUFF],
}));
vi.mock('../../../../../src/data/settings', () => ({ useClubTimeZone: () => ZONE }));
// What a picked model's last event gives is event-form-words.test.tsx's; here, no model has one.
vi.mock('../../../../../src/data/model-start', () => ({ readModelStart: vi.fn(async () => null) }));
vi.mock('../../../../../src/data/address-lookup', () => ({ lookUpLocation: vi.fn(async () => null) }));
vi.mock('../../../../../src/data/event-writes', () => ({
  saveEvent: vi.fn(async () => ({})),
  deleteEvent: vi.fn(async () => undefined),
  sendGroupMail: vi.fn(async () => undefined),
}));

beforeAll(stubModalDialogs);
beforeAll(() => loadLaterTexts('fr'));
beforeEach(() => {
  useConnectivityStore.setState({ isOnline: true });
  vi.mocked(saveEvent).mockClear();
});

const DAY = 86_400_000;
const CREATOR_ID = 'c0b7f3c4-8a51-4a4b-9a2e-3f1f7c9d2e10';

type When = 'upcoming' | 'cancelled' | 'past';
type Who = 'creator' | 'superadmin' | 'other';

function eventOf(when: When): EventDto {
  const start = Date.now() + (when === 'past' ? -3 * DAY : 2 * DAY);
  return {
    uuid_event: 'e0b7f3c4-8a51-4a4b-9a2e-3f1f7c9d2e10',
    uuid_model_event: MODEL.uuid,
    model_name: MODEL.name,
    model_description: MODEL.description,
    creator: { id: CREATOR_ID, first_name: 'Jean', last_name: 'Martin' },
    start_date: new Date(start).toISOString(),
    end_date: new Date(start + 2 * 3_600_000).toISOString(),
    street: '1 quai',
    city: 'Brest',
    zip_code: '29200',
    location: '',
    max_subscribers: 3,
    subcribers_count: 1,
    subscriber_is_infinite: false,
    is_cancelled: when === 'cancelled',
    stuffs_available: [{ ...STUFF, available: 3 }],
    subscribers_with_stuff: [],
    waiting_list: [],
    invite_list: [],
    uuid_series: null,
  };
}

function userOf(who: Who): User {
  const role: RoleName = who === 'superadmin' ? 'SuperAdmin' : 'Contributor';
  return { ...USER, id: who === 'creator' ? CREATOR_ID : USER.id, role_name: role };
}

/** The form's own actions; "Mon inscription" below it is the creator's part as a member. */
const buttonNames = () =>
  within(screen.getByRole('form'))
    .queryAllByRole('button')
    .map((b) => b.textContent)
    .filter((name) => name !== '');

// "Dupliquer" is anyone's who may create events, on any event; the group mail sits above the form.
const EXPECTED: Record<When, string[]> = {
  upcoming: ['Email aux inscrits', 'Enregistrer', "Annuler l'évènement", 'Dupliquer'],
  cancelled: ['Email aux inscrits', 'Réactiver', 'Supprimer', 'Dupliquer'],
  past: ['Supprimer', 'Dupliquer'],
};

describe('the event form offers the actions of the event state', () => {
  for (const when of ['upcoming', 'cancelled', 'past'] as const) {
    for (const who of ['creator', 'superadmin'] as const) {
      it(`${when} event, ${who}: ${EXPECTED[when].join(', ')}`, () => {
        render(<EventFormDialog event={eventOf(when)} user={userOf(who)} onClose={() => undefined} />);
        expect(buttonNames()).toEqual(EXPECTED[when]);
        const notice = {
          upcoming: null,
          cancelled: 'Cet évènement a été annulé',
          past: "Cet évènement n'est plus disponible",
        }[when];
        if (notice) expect(screen.getByText(notice)).toBeTruthy();
      });
    }
    it(`${when} event, a contributor who did not create it: only "Dupliquer"`, () => {
      render(<EventFormDialog event={eventOf(when)} user={userOf('other')} onClose={() => undefined} />);
      expect(buttonNames()).toEqual(['Dupliquer']);
    });
    it(`${when} event, a member: nothing`, () => {
      render(
        <EventFormDialog
          event={eventOf(when)}
          user={{ ...USER, role_name: 'User' }}
          onClose={() => undefined}
        />,
      );
      expect(buttonNames()).toEqual([]);
    });
  }

  it('a new event: create only', () => {
    render(<EventFormDialog event={null} user={userOf('other')} onClose={() => undefined} />);
    expect(buttonNames()).toEqual(['Créer']);
  });

  it('offline, the actions are disabled with the reason, and what was typed stays', () => {
    useConnectivityStore.setState({ isOnline: false });
    render(
      <EventFormDialog event={eventOf('upcoming')} user={userOf('creator')} onClose={() => undefined} />,
    );
    fireEvent.change(screen.getByLabelText('Ville'), { target: { value: 'Quimper' } });
    const save = screen.getByRole('button', { name: 'Enregistrer' }) as HTMLButtonElement;
    expect(save.disabled).toBe(true);
    expect(save.getAttribute('aria-describedby')).toBeTruthy();
    expect(within(screen.getByRole('form')).getByText(/Hors ligne/)).toBeTruthy();
    expect((screen.getByLabelText('Ville') as HTMLInputElement).value).toBe('Quimper');
  });
});

describe('"Mon inscription" under the form', () => {
  it("gives the creator their own registration, answer and who's coming, apart from the event's actions", () => {
    render(
      <EventFormDialog event={eventOf('upcoming')} user={userOf('creator')} onClose={() => undefined} />,
    );
    const mine = screen.getByRole('region', { name: 'Mon inscription' });
    expect(within(mine).getByRole('button', { name: "S'inscrire" })).toBeTruthy();
    expect(within(mine).getByRole('button', { name: 'Je ne viens pas' })).toBeTruthy();
    expect(within(mine).getByRole('region', { name: /Qui vient/ })).toBeTruthy();
  });
});

function fillNewEvent(startDay: string, endDay: string) {
  fireEvent.change(screen.getByLabelText("Modèle d'évènement"), { target: { value: MODEL.uuid } });
  const [startDate, endDate] = screen.getAllByLabelText('Date');
  fireEvent.change(startDate as HTMLElement, { target: { value: startDay } });
  fireEvent.change(endDate as HTMLElement, { target: { value: endDay } });
  fireEvent.change(screen.getByLabelText('Nombre de places'), { target: { value: '3' } });
}

const dayFromNow = (days: number) => clubDayOf(new Date(Date.now() + days * DAY), ZONE);

describe('the event form checks before sending', () => {
  it('requires the model, with « Champ obligatoire »', async () => {
    render(<EventFormDialog event={null} user={userOf('creator')} onClose={() => undefined} />);
    fireEvent.click(screen.getByRole('button', { name: 'Créer' }));
    expect((await screen.findAllByText('Champ obligatoire')).length).toBeGreaterThan(0);
    expect(screen.getByLabelText("Modèle d'évènement").getAttribute('aria-invalid')).toBe('true');
    expect(saveEvent).not.toHaveBeenCalled();
  });

  it('an end before the start: error_date under the end', async () => {
    render(<EventFormDialog event={null} user={userOf('creator')} onClose={() => undefined} />);
    fillNewEvent(dayFromNow(5), dayFromNow(3));
    fireEvent.click(screen.getByRole('button', { name: 'Créer' }));
    expect(await screen.findByText('La date de fin doit être supérieure à la date de début')).toBeTruthy();
    expect(saveEvent).not.toHaveBeenCalled();
  });

  it('a start in the past: error_date_past under the start', async () => {
    render(<EventFormDialog event={null} user={userOf('creator')} onClose={() => undefined} />);
    fillNewEvent(dayFromNow(-2), dayFromNow(3));
    fireEvent.click(screen.getByRole('button', { name: 'Créer' }));
    expect(await screen.findByText('La date de début ne peut pas être dans le passé.')).toBeTruthy();
    expect(saveEvent).not.toHaveBeenCalled();
  });

  it('valid dates at 00:00 in the club zone are sent, with max_subscribers as a number and the stuff', async () => {
    render(<EventFormDialog event={null} user={userOf('creator')} onClose={() => undefined} />);
    fillNewEvent(dayFromNow(3), dayFromNow(4));
    fireEvent.click(screen.getByLabelText(/Pagaie/));
    fireEvent.click(screen.getByRole('button', { name: 'Créer' }));
    await waitFor(() => expect(saveEvent).toHaveBeenCalledTimes(1));
    const input = vi.mocked(saveEvent).mock.calls[0]?.[0];
    expect(input?.max_subscribers).toBe(3);
    expect(input?.stuffs_available).toEqual([{ uuid: STUFF.uuid }]);
    expect(clubDayOf(new Date(input?.start_date ?? ''), ZONE)).toBe(dayFromNow(3));
    expect(
      new Intl.DateTimeFormat('en-GB', { timeZone: ZONE, timeStyle: 'short' }).format(
        new Date(input?.start_date ?? ''),
      ),
    ).toBe('00:00');
  });

  it('unlimited places hide the number of places', () => {
    render(<EventFormDialog event={null} user={userOf('creator')} onClose={() => undefined} />);
    expect(screen.getByLabelText('Nombre de places')).toBeTruthy();
    fireEvent.click(screen.getByLabelText('Places illimitées'));
    expect(screen.queryByLabelText('Nombre de places')).toBeNull();
    fireEvent.click(screen.getByLabelText('Places illimitées'));
    expect(screen.getByLabelText('Nombre de places')).toBeTruthy();
  });
});

describe('cancelling asks first', () => {
  const withPeople = (): EventDto => ({
    ...eventOf('upcoming'),
    subscribers_with_stuff: [
      {
        id: 'm1',
        uuid: 's1',
        uuid_event: 'e',
        username: 'nolwenn',
        stuff_name: 'default_name',
        uuid_stuff: null,
        is_checked: false,
      },
    ],
    waiting_list: [
      {
        uuid_user: 'm2',
        username: 'gael',
        created_at: '2026-11-01T00:00:00Z',
        uuid_event: 'e',
        uuid_stuff: null,
      },
    ],
  });

  it('says how many are told, sends the message with the cancellation, and nothing before the answer', async () => {
    render(<EventFormDialog event={withPeople()} user={userOf('creator')} onClose={() => undefined} />);
    fireEvent.click(screen.getByRole('button', { name: "Annuler l'évènement" }));
    const dialog = await screen.findByRole('alertdialog', { name: "Annuler l'évènement" });
    expect(saveEvent).not.toHaveBeenCalled();
    // Online, it first reads the event again (here the server does not answer: the cached copy counts).
    expect(await within(dialog).findByText(/^2 personnes seront prévenues/)).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Retour' })).toBe(document.activeElement);
    fireEvent.change(within(dialog).getByLabelText('Message aux participants (facultatif)'), {
      target: { value: '  Vent trop fort <b>demain</b>  ' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: "Confirmer l'annulation" }));
    await waitFor(() => expect(saveEvent).toHaveBeenCalledTimes(1));
    expect(vi.mocked(saveEvent).mock.calls[0]?.[0]).toMatchObject({
      is_cancelled: true,
      cancel_message: 'Vent trop fort <b>demain</b>',
      city: 'Brest',
    });
  });

  it('online, reads the event again before it says who is told: a member in since the week was read counts', async () => {
    // An event of its own, so the copy this test leaves in the cache counts for no other test.
    const uuid = 'f1e2d3c4-b5a6-4978-8a9b-0c1d2e3f4a5b';
    const onServer = { ...withPeople(), uuid_event: uuid };
    const fetchMock = vi.fn(async (input: RequestInfo | URL) =>
      String(input).endsWith(`/api/event/${uuid}`)
        ? new Response(JSON.stringify(onServer), { headers: { 'content-type': 'application/json' } })
        : new Response('{}', { status: 404 }),
    );
    vi.stubGlobal('fetch', fetchMock);
    try {
      render(
        <EventFormDialog
          event={{ ...eventOf('upcoming'), uuid_event: uuid }}
          user={userOf('creator')}
          onClose={() => undefined}
        />,
      );
      fireEvent.click(screen.getByRole('button', { name: "Annuler l'évènement" }));
      const dialog = await screen.findByRole('alertdialog', { name: "Annuler l'évènement" });
      expect(within(dialog).getByText('Vérification auprès du serveur de qui sera prévenu…')).toBeTruthy();
      expect(await within(dialog).findByText(/^2 personnes seront prévenues/)).toBeTruthy();
      expect(within(dialog).getByLabelText('Message aux participants (facultatif)')).toBeTruthy();
      expect(fetchMock).toHaveBeenCalled();
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('"Retour" cancels nothing; with nobody in, it says nobody is told and asks no message', async () => {
    render(
      <EventFormDialog event={eventOf('upcoming')} user={userOf('creator')} onClose={() => undefined} />,
    );
    fireEvent.click(screen.getByRole('button', { name: "Annuler l'évènement" }));
    const dialog = await screen.findByRole('alertdialog', { name: "Annuler l'évènement" });
    expect(await within(dialog).findByText('Aucune inscription : aucun message ne partira.')).toBeTruthy();
    expect(within(dialog).queryByRole('textbox')).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Retour' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(saveEvent).not.toHaveBeenCalled();
  });
});
