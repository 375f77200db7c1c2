import type { User } from '@common/contract/user';
import { clubDateTime, clubDayOf } from '@common/rules/club-time';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { useConnectivityStore } from '../../../../../src/data/core/connectivity';
import { EventFormDialog } from '../../../../../src/features/events/editor/event-form-dialog';
import { loadLaterTexts } from '../../../../../src/i18n/later-texts';
import { json, stubFetch, USER } from '../../../fake-api';
import { stubModalDialogs } from '../../../modal-dialogs';
import { SERIES_UUID, sessionOf } from '../series-fixtures';

const ZONE = 'Europe/Paris';
const MODEL = { uuid: '7d1c1b8e-1c1e-4f7a-9a55-2b5d0c1e9f01', name: 'Entraînement', description: '' };
const SERIES = SERIES_UUID;

vi.mock('../../../../../src/data/catalog', () => ({ useModels: () => [MODEL], useStuffs: () => [] }));
vi.mock('../../../../../src/data/settings', () => ({ useClubTimeZone: () => ZONE }));
vi.mock('../../../../../src/data/address-lookup', () => ({ lookUpLocation: vi.fn(async () => null) }));

beforeAll(stubModalDialogs);
beforeAll(() => loadLaterTexts('fr'));
beforeEach(() => useConnectivityStore.setState({ isOnline: true }));

const ORGANISER: User = { ...USER, role_name: 'Contributor' };
const DAY = clubDayOf(new Date(Date.now() + 3 * 86_400_000), ZONE);

const session = (uuidSeries: string | null) =>
  sessionOf({
    uuidSeries,
    start: clubDateTime(DAY, '19:00', ZONE),
    minutes: 90,
    creatorId: ORGANISER.id,
    modelUuid: MODEL.uuid,
    place: { street: '1 quai', city: 'Brest', zip_code: '29200' },
  });

interface Sent {
  method: string;
  path: string;
  body: unknown;
}

/** The server stand-in: records each write, answers the shapes the contract expects. */
function fakeServer() {
  const sent: Sent[] = [];
  const answered = session(SERIES);
  stubFetch((url, init) => {
    const path = new URL(url, 'http://localhost').pathname;
    const method = init.method ?? 'GET';
    if (method !== 'GET') sent.push({ method, path, body: JSON.parse(String(init.body ?? 'null')) });
    if (path.startsWith('/api/event/series/'))
      return json(200, {
        uuid_series: SERIES,
        creator_id: ORGANISER.id,
        recurrence: { weekdays: ['TU'], interval_weeks: 1, until: null, count: 8 },
        sessions: [answered],
      });
    return json(200, answered);
  });
  return sent;
}

const writes = (sent: Sent[]) => sent.map((s) => `${s.method} ${s.path}`);

function openSession(uuidSeries: string | null = SERIES) {
  render(<EventFormDialog event={session(uuidSeries)} user={ORGANISER} onClose={() => undefined} />);
}

describe('saving a session of a series: "Cette séance" or "Cette séance et les suivantes"', () => {
  it('a one-off event has no such choice', () => {
    openSession(null);
    expect(screen.queryByRole('radio', { name: 'Cette séance' })).toBeNull();
  });

  it('"et les suivantes" PUTs the series from this session with only the changed fields, time as HH:mm', async () => {
    const sent = fakeServer();
    openSession();
    fireEvent.change(screen.getAllByLabelText('Heure')[0] as HTMLElement, { target: { value: '18:30' } });
    fireEvent.change(screen.getAllByLabelText('Heure')[1] as HTMLElement, { target: { value: '20:30' } });
    fireEvent.change(screen.getByLabelText('Nombre de places'), { target: { value: '14' } });
    fireEvent.click(screen.getByRole('radio', { name: 'Cette séance et les suivantes' }));
    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() => expect(writes(sent)).toEqual([`PUT /api/event/series/${SERIES}`]));
    expect(sent[0]?.body).toEqual({
      from_uuid_event: session(SERIES).uuid_event,
      start_time: '18:30',
      duration_minutes: 120,
      subscriber_is_infinite: false,
      max_subscribers: 14,
    });
  });

  it('"Cette séance" (the default) saves the one event the ordinary way', async () => {
    const sent = fakeServer();
    openSession();
    expect(screen.getByRole('radio', { name: 'Cette séance' })).toHaveProperty('checked', true);
    fireEvent.change(screen.getByLabelText('Nombre de places'), { target: { value: '14' } });
    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() => expect(writes(sent)).toEqual(['POST /api/event/add-or-update']));
    expect(sent[0]?.body).toMatchObject({ uuid_event: session(SERIES).uuid_event, max_subscribers: 14 });
  });

  it('"et les suivantes" with a new address sends the three fields', async () => {
    const sent = fakeServer();
    openSession();
    fireEvent.change(screen.getByLabelText('Ville'), { target: { value: 'Quimper' } });
    fireEvent.click(screen.getByRole('radio', { name: 'Cette séance et les suivantes' }));
    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]?.body).toEqual({
      from_uuid_event: session(SERIES).uuid_event,
      street: '1 quai',
      city: 'Quimper',
      zip_code: '29200',
      location: '',
    });
  });

  it('"et les suivantes" with nothing changed, or a new day, says why and sends nothing', async () => {
    const sent = fakeServer();
    openSession();
    fireEvent.click(screen.getByRole('radio', { name: 'Cette séance et les suivantes' }));
    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText("Rien n'a changé : aucune séance n'est modifiée.")).toBeTruthy();
    const nextDay = clubDayOf(new Date(Date.now() + 4 * 86_400_000), ZONE);
    fireEvent.change(screen.getAllByLabelText('Date')[0] as HTMLElement, { target: { value: nextDay } });
    fireEvent.change(screen.getAllByLabelText('Date')[1] as HTMLElement, { target: { value: nextDay } });
    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText(/ne changent que pour une séance/)).toBeTruthy();
    expect(sent).toEqual([]);
  });
});

describe('cancelling a session of a series asks which sessions first', () => {
  it('"et les suivantes" PUTs is_cancelled from this session', async () => {
    const sent = fakeServer();
    openSession();
    fireEvent.click(screen.getByRole('button', { name: "Annuler l'évènement" }));
    const confirm = screen.getByRole('alertdialog', { name: 'Annuler la séance' });
    expect(within(confirm).getByText(/Annuler la séance Entraînement du/)).toBeTruthy();
    expect(sent).toEqual([]);
    fireEvent.click(within(confirm).getByRole('radio', { name: 'Cette séance et les suivantes' }));
    fireEvent.click(within(confirm).getByRole('button', { name: "Confirmer l'annulation" }));
    await waitFor(() => expect(writes(sent)).toEqual([`PUT /api/event/series/${SERIES}`]));
    expect(sent[0]?.body).toEqual({ from_uuid_event: session(SERIES).uuid_event, is_cancelled: true });
    // The confirmation ends (its dialog closes) inside the test, not after the page is gone.
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
  });

  it('"Cette séance" cancels the one event the ordinary way', async () => {
    const sent = fakeServer();
    openSession();
    fireEvent.click(screen.getByRole('button', { name: "Annuler l'évènement" }));
    const confirm = screen.getByRole('alertdialog', { name: 'Annuler la séance' });
    fireEvent.click(within(confirm).getByRole('button', { name: "Confirmer l'annulation" }));
    await waitFor(() => expect(writes(sent)).toEqual(['POST /api/event/add-or-update']));
    expect(sent[0]?.body).toMatchObject({ uuid_event: session(SERIES).uuid_event, is_cancelled: true });
    // The confirmation ends (its dialog closes) inside the test, not after the page is gone.
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
  });

  it('"Cette séance" skipped with a reason sends it with the cancellation', async () => {
    const sent = fakeServer();
    openSession();
    fireEvent.click(screen.getByRole('button', { name: "Annuler l'évènement" }));
    const confirm = screen.getByRole('alertdialog', { name: 'Annuler la séance' });
    fireEvent.change(within(confirm).getByLabelText('Message aux participants (facultatif)'), {
      target: { value: ' Piscine fermée pour le pont. ' },
    });
    fireEvent.click(within(confirm).getByRole('button', { name: "Confirmer l'annulation" }));
    await waitFor(() => expect(writes(sent)).toEqual(['POST /api/event/add-or-update']));
    expect(sent[0]?.body).toMatchObject({
      is_cancelled: true,
      cancel_message: 'Piscine fermée pour le pont.',
    });
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
  });

  it('"et les suivantes" sends the word too, told once with the series\' cancellation', async () => {
    const sent = fakeServer();
    openSession();
    fireEvent.click(screen.getByRole('button', { name: "Annuler l'évènement" }));
    const confirm = screen.getByRole('alertdialog', { name: 'Annuler la séance' });
    fireEvent.click(within(confirm).getByRole('radio', { name: 'Cette séance et les suivantes' }));
    fireEvent.change(within(confirm).getByLabelText('Message aux participants (facultatif)'), {
      target: { value: ' Bassin en travaux jusqu’en mars. ' },
    });
    fireEvent.click(within(confirm).getByRole('button', { name: "Confirmer l'annulation" }));
    await waitFor(() => expect(writes(sent)).toEqual([`PUT /api/event/series/${SERIES}`]));
    expect(sent[0]?.body).toEqual({
      from_uuid_event: session(SERIES).uuid_event,
      is_cancelled: true,
      cancel_message: 'Bassin en travaux jusqu’en mars.',
    });
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
  });

  it("starts on the form's own choice", () => {
    fakeServer();
    openSession();
    fireEvent.click(screen.getByRole('radio', { name: 'Cette séance et les suivantes' }));
    fireEvent.click(screen.getByRole('button', { name: "Annuler l'évènement" }));
    const confirm = screen.getByRole('alertdialog', { name: 'Annuler la séance' });
    expect(within(confirm).getByRole('radio', { name: 'Cette séance et les suivantes' })).toHaveProperty(
      'checked',
      true,
    );
  });

  it('"Retour" sends nothing', () => {
    const sent = fakeServer();
    openSession();
    fireEvent.click(screen.getByRole('button', { name: "Annuler l'évènement" }));
    const confirm = screen.getByRole('alertdialog', { name: 'Annuler la séance' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Retour' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(sent).toEqual([]);
  });
});

describe('offline', () => {
  it('the save and the cancel are disabled with the reason; the choice stays', () => {
    useConnectivityStore.setState({ isOnline: false });
    openSession();
    expect(screen.getByRole('radio', { name: 'Cette séance et les suivantes' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Enregistrer' })).toHaveProperty('disabled', true);
    expect(screen.getByRole('button', { name: "Annuler l'évènement" })).toHaveProperty('disabled', true);
    expect(within(screen.getByRole('form')).getByText(/Hors ligne/)).toBeTruthy();
  });
});
