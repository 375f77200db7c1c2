import { clubDateTime } from '@common/rules/club-time';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { useConnectivityStore } from '../../../../src/data/core/connectivity';
import { appDb } from '../../../../src/data/core/db';
import { RegistrationDialog } from '../../../../src/features/events/registration-dialog';
import { json, stubFetch, USER } from '../../fake-api';
import { stubModalDialogs } from '../../modal-dialogs';
import { K1, PADDLE } from './kit-fixtures';
import { SERIES_UUID, SESSION_UUID, sessionOf } from './series-fixtures';

vi.mock('../../../../src/data/guests', () => ({
  fetchMyGuests: vi.fn(async () => []),
  saveGuest: vi.fn(async () => undefined),
  deleteGuest: vi.fn(async () => undefined),
}));
vi.mock('../../../../src/data/settings', () => ({ useClubTimeZone: () => 'Europe/Paris' }));

beforeAll(stubModalDialogs);
// Before the sessions of January 2027: a session that has started offers no series moves.
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-12-15T10:00:00Z'));
});
afterEach(() => {
  vi.useRealTimers();
  useConnectivityStore.setState({ isOnline: true });
});

const SERIES = SERIES_UUID;
const at = (day: string) => clubDateTime(day, '19:00', 'Europe/Paris').toISOString();

const session = (uuidSeries: string | null) =>
  sessionOf({
    uuidSeries,
    start: new Date(at('2027-01-05')),
    minutes: 90,
    creatorId: 'c0b7f3c4-8a51-4a4b-9a2e-3f1f7c9d2e10',
  });

const ANSWER = {
  uuid_series: SERIES,
  sessions: [
    { uuid_event: 'a1', start_date: at('2027-01-05'), outcome: 'subscribed', code: null },
    { uuid_event: 'a2', start_date: at('2027-01-07'), outcome: 'waiting', code: null },
    { uuid_event: 'a3', start_date: at('2027-01-12'), outcome: 'already', code: null },
    { uuid_event: 'a4', start_date: at('2027-01-14'), outcome: 'refused', code: 'event_cancelled' },
    // The member's file blocks this one (docs/rules.md#members-file): what it lacks is said in words.
    {
      uuid_event: 'a5',
      start_date: at('2027-01-19'),
      outcome: 'refused',
      code: 'dossier_incomplete',
      reasons: ['health_missing'],
    },
  ],
};

/** The same session with the member holding a place: they follow the series. */
const followed = (uuidSeries: string) => ({
  ...session(uuidSeries),
  subcribers_count: 1,
  subscribers_with_stuff: [
    {
      id: USER.id,
      uuid: 's1',
      uuid_event: SESSION_UUID,
      username: 'marie',
      stuff_name: '',
      uuid_stuff: null,
      is_checked: false,
    },
  ],
});

const SUBSCRIBE_ALL = "S'inscrire à toute la série";
const LEAVE_ALL = 'Quitter la série';

describe('the registration popup of a session of a series', () => {
  it('a one-off event offers no series buttons', () => {
    render(<RegistrationDialog event={session(null)} user={USER} onClose={() => undefined} />);
    expect(screen.queryByRole('button', { name: SUBSCRIBE_ALL })).toBeNull();
  });

  it('"S\'inscrire à toute la série" beside the session\'s own buttons; the answer, session by session', async () => {
    const bodies: unknown[] = [];
    stubFetch((url, init) => {
      if (init.method === 'PUT') {
        expect(new URL(url, 'http://localhost').pathname).toBe(`/api/event/series/${SERIES}/subscribe`);
        bodies.push(JSON.parse(String(init.body)));
        return json(200, ANSWER);
      }
      // The sessions read again after the write, for the cache.
      return json(404, { code: 'not_found', message: 'not found' });
    });
    render(<RegistrationDialog event={session(SERIES)} user={USER} onClose={() => undefined} />);
    expect(screen.getByRole('button', { name: "S'inscrire" })).toBeTruthy();
    // Nobody follows a series they hold nothing in: nothing to leave.
    expect(screen.queryByRole('button', { name: LEAVE_ALL })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: SUBSCRIBE_ALL }));
    const answer = await screen.findByRole('region', { name: 'Séance par séance' });
    expect(screen.getByTestId('series-answer').getAttribute('aria-live')).toBe('polite');
    expect(
      within(answer)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      'mar. 05/01/27 — Place réservée',
      "jeu. 07/01/27 — Liste d'attente",
      'mar. 12/01/27 — Place déjà réservée',
      'jeu. 14/01/27 — Refusé : Cet évènement a été annulé',
      "mar. 19/01/27 — Refusé : Le dossier n'est pas complet pour cet évènement. Il manque les papiers de santé.",
    ]);
    expect(bodies).toEqual([{ uuid_user: USER.id, subscribe: true }]);
  });

  it('asks for the kit picked in the popup at every session, its first item as uuid_stuff', async () => {
    const bodies: unknown[] = [];
    stubFetch((_url, init) => {
      if (init.method === 'PUT') bodies.push(JSON.parse(String(init.body)));
      return init.method === 'PUT' ? json(200, ANSWER) : json(404, { code: 'not_found', message: '' });
    });
    const event = { ...session(SERIES), stuffs_available: [K1, PADDLE] };
    render(<RegistrationDialog event={event} user={USER} onClose={() => undefined} />);
    fireEvent.click(screen.getByRole('radio', { name: 'Pagaie double — 3 disponibles' }));
    fireEvent.click(screen.getByRole('radio', { name: 'Kayak mono K1 — 2 disponibles' }));
    fireEvent.click(screen.getByRole('button', { name: SUBSCRIBE_ALL }));
    await waitFor(() =>
      expect(bodies).toEqual([
        { uuid_user: USER.id, subscribe: true, uuid_stuff: K1.uuid, stuffs: [K1.uuid, PADDLE.uuid] },
      ]),
    );
  });

  it('"Quitter la série" sends subscribe: false; a refusal of the whole request is said', async () => {
    const bodies: unknown[] = [];
    stubFetch((_url, init) => {
      bodies.push(JSON.parse(String(init.body)));
      return json(403, { code: 'forbidden', message: 'forbidden' });
    });
    render(<RegistrationDialog event={followed(SERIES)} user={USER} onClose={() => undefined} />);
    fireEvent.click(screen.getByRole('button', { name: LEAVE_ALL }));
    expect(await screen.findByRole('alert')).toHaveProperty(
      'textContent',
      "Vous n'avez pas le droit de faire cette action.",
    );
    await waitFor(() => expect(bodies).toEqual([{ uuid_user: USER.id, subscribe: false }]));
  });

  it("offline: both disabled, with the reason; the session's own moves stay (they are queued)", () => {
    useConnectivityStore.setState({ isOnline: false });
    render(<RegistrationDialog event={followed(SERIES)} user={USER} onClose={() => undefined} />);
    for (const name of [SUBSCRIBE_ALL, LEAVE_ALL]) {
      const button = screen.getByRole('button', { name });
      expect(button).toHaveProperty('disabled', true);
      expect(document.getElementById(button.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
        'Hors ligne : les séries se gèrent avec le réseau.',
      );
    }
    expect(screen.getByRole('button', { name: 'Je ne viens plus' })).toHaveProperty('disabled', false);
  });

  it('« Quitter la série » shows for a member who follows it through another session, not a past one', async () => {
    const other = (uuid: string, start: string) => ({
      ...sessionOf({
        uuidSeries: SERIES,
        start: new Date(start),
        minutes: 90,
        creatorId: 'c0b7f3c4-8a51-4a4b-9a2e-3f1f7c9d2e10',
      }),
      uuid_event: uuid,
      waiting_list: [
        { uuid_user: USER.id, username: 'marie', created_at: '', uuid_event: uuid, uuid_stuff: null },
      ],
    });
    // A spot in line at a session that has ended: followed no more.
    await appDb().events.put(other('b0b7f3c4-8a51-4a4b-9a2e-3f1f7c9d2e11', '2020-01-07T18:00:00Z'));
    const { unmount } = render(
      <RegistrationDialog event={session(SERIES)} user={USER} onClose={() => undefined} />,
    );
    await screen.findByRole('button', { name: SUBSCRIBE_ALL });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('button', { name: LEAVE_ALL })).toBeNull();
    unmount();
    // A spot in line at a session to come, cached from another week: followed.
    await appDb().events.put(other('b0b7f3c4-8a51-4a4b-9a2e-3f1f7c9d2e12', at('2027-01-07')));
    render(<RegistrationDialog event={session(SERIES)} user={USER} onClose={() => undefined} />);
    expect(await screen.findByRole('button', { name: LEAVE_ALL })).toBeTruthy();
  });
});
