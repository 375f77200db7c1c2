import type { EventDto } from '@common/contract/event';
import type { User } from '@common/contract/user';
import { clubDayOf, clubTimeOf } from '@common/rules/club-time';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { useConnectivityStore } from '../../../../../src/data/core/connectivity';
import { saveEvent } from '../../../../../src/data/event-writes';
import { readModelStart } from '../../../../../src/data/model-start';
import { EventFormDialog } from '../../../../../src/features/events/editor/event-form-dialog';
import { initialValues, toInput } from '../../../../../src/features/events/editor/event-form-state';
import { loadLaterTexts } from '../../../../../src/i18n/later-texts';
import { cachedEvent } from '../../../data/event-fixture';
import { USER } from '../../../fake-api';
import { stubModalDialogs } from '../../../modal-dialogs';

/** The event's own title and notes, the model's last event as a start, "Dupliquer". */
const ZONE = 'Europe/Paris';
const RIVER = {
  uuid: '7d1c1b8e-1c1e-4f7a-9a55-2b5d0c1e9f01',
  name: 'Kayak rivière',
  description: 'Sur l’Odet',
};
const SEA = { uuid: '8e2d2c9f-2d2f-4a8b-8b66-3c6e1d2f0a12', name: 'Sortie mer', description: 'En baie' };
const BOAT = {
  uuid: '5d1c1b8e-1c1e-4f7a-9a55-2b5d0c1e9f01',
  name: 'Kayak de mer',
  description: '',
  stock: 6,
  is_infinite: false,
};

vi.mock('../../../../../src/data/catalog', () => ({
  useModels: () => [RIVER, SEA],
  useStuffs: () => [BOAT],
}));
vi.mock('../../../../../src/data/settings', () => ({ useClubTimeZone: () => ZONE }));
vi.mock('../../../../../src/data/address-lookup', () => ({ lookUpLocation: vi.fn(async () => null) }));
vi.mock('../../../../../src/data/model-start', () => ({ readModelStart: vi.fn(async () => null) }));
vi.mock('../../../../../src/data/organisers', () => ({
  useOrganisers: () => ({ state: 'read', organisers: [] }),
  organiserName: () => '',
}));
vi.mock('../../../../../src/data/event-writes', () => ({
  saveEvent: vi.fn(async () => ({})),
  deleteEvent: vi.fn(async () => undefined),
}));

const DAY = 86_400_000;
const ORGANISER: User = { ...USER, role_name: 'Contributor' };
const dayFromNow = (days: number) => clubDayOf(new Date(Date.now() + days * DAY), ZONE);
const field = (label: string | RegExp) => screen.getByLabelText(label) as HTMLInputElement;
const sent = () => vi.mocked(saveEvent).mock.calls[0]?.[0];

beforeAll(stubModalDialogs);
beforeAll(() => loadLaterTexts('fr'));
beforeEach(() => {
  useConnectivityStore.setState({ isOnline: true });
  vi.mocked(saveEvent).mockClear();
  vi.mocked(readModelStart).mockReset().mockResolvedValue(null);
});

describe("an event's own title and notes", () => {
  it("shows the model's name and description as what stands when they are left empty", () => {
    render(<EventFormDialog event={null} user={ORGANISER} onClose={() => undefined} />);
    fireEvent.change(field("Modèle d'évènement"), { target: { value: SEA.uuid } });
    expect(field('Titre (facultatif)').placeholder).toBe('Sortie mer');
    expect(field('Notes (facultatif)').placeholder).toBe('En baie');
    expect(screen.getByText("Laissé vide, le nom du modèle s'affiche.")).toBeTruthy();
  });

  it('sends them trimmed with a new event, and leaves out the empty ones', async () => {
    render(<EventFormDialog event={null} user={ORGANISER} onClose={() => undefined} />);
    fireEvent.change(field("Modèle d'évènement"), { target: { value: SEA.uuid } });
    fireEvent.change(field('Titre (facultatif)'), { target: { value: '  Sortie mer à Combrit ' } });
    const [startDay, endDay] = screen.getAllByLabelText('Date');
    fireEvent.change(startDay as HTMLElement, { target: { value: dayFromNow(3) } });
    fireEvent.change(endDay as HTMLElement, { target: { value: dayFromNow(3) } });
    fireEvent.change(screen.getAllByLabelText('Heure')[1] as HTMLElement, { target: { value: '12:00' } });
    fireEvent.change(field('Nombre de places'), { target: { value: '8' } });
    fireEvent.click(screen.getByRole('button', { name: 'Créer' }));
    await waitFor(() => expect(saveEvent).toHaveBeenCalledTimes(1));
    expect(sent()?.title).toBe('Sortie mer à Combrit');
    expect(sent()).not.toHaveProperty('notes');
  });
});

describe('the meeting point', () => {
  it('is an optional field after the address, with its hint, sent trimmed with a new event', async () => {
    render(<EventFormDialog event={null} user={ORGANISER} onClose={() => undefined} />);
    const input = field('Point de rendez-vous (facultatif)');
    expect(input.required).toBe(false);
    expect(input.getAttribute('aria-describedby')).toBe('event-meeting-point-hint');
    expect(screen.getByText('Où se retrouver : le hangar, la cale, le parking…').id).toBe(
      'event-meeting-point-hint',
    );
    // After the address fields in the form's order.
    expect(field('Rue').compareDocumentPosition(input) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    fireEvent.change(field("Modèle d'évènement"), { target: { value: SEA.uuid } });
    fireEvent.change(input, { target: { value: '  Hangar des kayaks ' } });
    const [startDay, endDay] = screen.getAllByLabelText('Date');
    fireEvent.change(startDay as HTMLElement, { target: { value: dayFromNow(3) } });
    fireEvent.change(endDay as HTMLElement, { target: { value: dayFromNow(3) } });
    fireEvent.change(screen.getAllByLabelText('Heure')[1] as HTMLElement, { target: { value: '12:00' } });
    fireEvent.change(field('Nombre de places'), { target: { value: '8' } });
    fireEvent.click(screen.getByRole('button', { name: 'Créer' }));
    await waitFor(() => expect(saveEvent).toHaveBeenCalledTimes(1));
    expect(sent()?.meeting_point).toBe('Hangar des kayaks');
  });

  it('says an invisible character rather than sending it', () => {
    render(<EventFormDialog event={null} user={ORGANISER} onClose={() => undefined} />);
    const input = field('Point de rendez-vous (facultatif)');
    fireEvent.change(input, { target: { value: 'La cale \u202e' } });
    fireEvent.blur(input);
    expect(screen.getByText(/caractère invisible/).getAttribute('role')).toBe('alert');
    expect(input.getAttribute('aria-invalid')).toBe('true');
  });

  it("is left out of a new event's save when empty, and an edit emptied sends '' to clear it", () => {
    const created = toInput(initialValues(null, ZONE), ZONE, null, '', false);
    expect(created).not.toHaveProperty('meeting_point');
    const event = cachedEvent({ meeting_point: 'La cale' });
    expect(initialValues(event, ZONE).meetingPoint).toBe('La cale');
    const values = { ...initialValues(event, ZONE), meetingPoint: '  ' };
    expect(toInput(values, ZONE, event, '', false).meeting_point).toBe('');
  });
});

describe("a new event starts from the model's last event", () => {
  const LAST = {
    street: 'Port de Sainte-Marine',
    city: 'Combrit',
    zip_code: '29120',
    location: '',
    meeting_point: 'La cale',
    max_subscribers: 12,
    subscriber_is_infinite: false,
    stuffs_available: [{ uuid: BOAT.uuid }],
    start_time: '09:30',
    duration_minutes: 180,
  };

  it('fills in place, places, equipment and time; the end follows the start; typed fields stay', async () => {
    vi.mocked(readModelStart).mockResolvedValue(LAST);
    render(<EventFormDialog event={null} user={ORGANISER} onClose={() => undefined} />);
    fireEvent.change(field('Ville'), { target: { value: 'Bénodet' } });
    fireEvent.change(field("Modèle d'évènement"), { target: { value: SEA.uuid } });
    expect(await screen.findByText(/Repris du dernier évènement de ce modèle/)).toBeTruthy();
    expect(readModelStart).toHaveBeenCalledWith(SEA.uuid);
    expect(field('Rue').value).toBe('Port de Sainte-Marine');
    expect(field('Ville').value).toBe('Bénodet');
    expect(field(/Point de rendez-vous/).value).toBe('La cale');
    expect(field('Nombre de places').value).toBe('12');
    expect(field(/Kayak de mer/).checked).toBe(true);
    const [startTime, endTime] = screen.getAllByLabelText('Heure') as HTMLInputElement[];
    expect(startTime?.value).toBe('09:30');
    const [startDay, endDay] = screen.getAllByLabelText('Date') as HTMLInputElement[];
    fireEvent.change(startDay as HTMLElement, { target: { value: dayFromNow(4) } });
    expect(endDay?.value).toBe(dayFromNow(4));
    expect(endTime?.value).toBe('12:30');
    // An end typed by hand is the user's: the start no longer moves it.
    fireEvent.change(endTime as HTMLElement, { target: { value: '17:00' } });
    fireEvent.change(startTime as HTMLElement, { target: { value: '10:00' } });
    expect(endTime?.value).toBe('17:00');
  });

  it('another model replaces what the first one filled in, not what was typed', async () => {
    vi.mocked(readModelStart).mockImplementation(async (uuid) =>
      uuid === SEA.uuid
        ? LAST
        : { ...LAST, street: null, city: 'Quimper', max_subscribers: 6, stuffs_available: [] },
    );
    render(<EventFormDialog event={null} user={ORGANISER} onClose={() => undefined} />);
    fireEvent.change(field("Modèle d'évènement"), { target: { value: SEA.uuid } });
    await waitFor(() => expect(field('Ville').value).toBe('Combrit'));
    fireEvent.change(field('Nombre de places'), { target: { value: '20' } });
    fireEvent.change(field("Modèle d'évènement"), { target: { value: RIVER.uuid } });
    await waitFor(() => expect(field('Ville').value).toBe('Quimper'));
    expect(field('Rue').value).toBe('');
    expect(field('Nombre de places').value).toBe('20');
    expect(field(/Kayak de mer/).checked).toBe(false);
  });

  it('offline, or for a model never used, leaves the form as it is', async () => {
    vi.mocked(readModelStart).mockRejectedValue(new TypeError('Failed to fetch'));
    render(<EventFormDialog event={null} user={ORGANISER} onClose={() => undefined} />);
    fireEvent.change(field("Modèle d'évènement"), { target: { value: SEA.uuid } });
    await waitFor(() => expect(readModelStart).toHaveBeenCalled());
    expect(field('Ville').value).toBe('');
    expect(screen.queryByText(/Repris du dernier évènement/)).toBeNull();
  });
});

describe('"Dupliquer"', () => {
  function eventWithWords(startInDays: number): EventDto {
    const start = new Date(Date.now() + startInDays * DAY);
    start.setUTCHours(8, 0, 0, 0);
    return {
      uuid_event: 'e0b7f3c4-8a51-4a4b-9a2e-3f1f7c9d2e10',
      uuid_model_event: SEA.uuid,
      model_name: SEA.name,
      model_description: SEA.description,
      title: 'Sortie mer à Combrit',
      notes: 'Rendez-vous à la cale.',
      meeting_point: 'Hangar des kayaks',
      creator: { id: 'someone-else', first_name: 'Erwan', last_name: 'Le Gall' },
      start_date: start.toISOString(),
      end_date: new Date(start.getTime() + 3 * 3_600_000).toISOString(),
      street: 'Port de Sainte-Marine',
      city: 'Combrit',
      zip_code: '29120',
      location: '',
      max_subscribers: 12,
      subcribers_count: 4,
      subscriber_is_infinite: false,
      is_cancelled: false,
      stuffs_available: [{ ...BOAT, available: 6 }],
      subscribers_with_stuff: [],
      waiting_list: [],
      invite_list: [],
      uuid_series: null,
    };
  }

  it('opens a new event with every field of this one, the first week to come at the same time', async () => {
    const past = eventWithWords(-10);
    render(<EventFormDialog event={past} user={ORGANISER} onClose={() => undefined} />);
    fireEvent.click(screen.getByRole('button', { name: 'Dupliquer' }));
    expect(await screen.findByRole('form', { name: 'Nouvel évènement' })).toBeTruthy();
    expect(screen.getByText(/Copie de l'évènement/)).toBeTruthy();
    expect(field('Titre (facultatif)').value).toBe('Sortie mer à Combrit');
    expect(field('Notes (facultatif)').value).toBe('Rendez-vous à la cale.');
    expect(field('Point de rendez-vous (facultatif)').value).toBe('Hangar des kayaks');
    const [startDay] = screen.getAllByLabelText('Date') as HTMLInputElement[];
    // Ten days ago, so two weeks later: four days from now.
    expect(startDay?.value).toBe(clubDayOf(new Date(Date.parse(past.start_date) + 14 * DAY), ZONE));
    expect((screen.getAllByLabelText('Heure')[0] as HTMLInputElement).value).toBe(
      clubTimeOf(new Date(past.start_date), ZONE),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Créer' }));
    await waitFor(() => expect(saveEvent).toHaveBeenCalledTimes(1));
    expect(sent()).not.toHaveProperty('uuid_event');
    expect(sent()).toMatchObject({
      uuid_model_event: SEA.uuid,
      title: 'Sortie mer à Combrit',
      notes: 'Rendez-vous à la cale.',
      meeting_point: 'Hangar des kayaks',
      city: 'Combrit',
      max_subscribers: 12,
      stuffs_available: [{ uuid: BOAT.uuid }],
    });
    expect(Date.parse(sent()?.end_date ?? '') - Date.parse(sent()?.start_date ?? '')).toBe(3 * 3_600_000);
    expect(readModelStart).not.toHaveBeenCalled();
  });
});
