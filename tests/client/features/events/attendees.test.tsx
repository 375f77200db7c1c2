import type { EventDto } from '@common/contract/event';
import type { User } from '@common/contract/user';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { useConnectivityStore } from '../../../../src/data/core/connectivity';
import { appDb } from '../../../../src/data/core/db';
import { refreshEventDeclines } from '../../../../src/data/declines';
import { attendeesOf, initialsOf } from '../../../../src/features/events/attendees/attendee-list';
import { AttendeesSection } from '../../../../src/features/events/attendees/attendees-section';
import { MyAnswer } from '../../../../src/features/events/my-answer';
import { QuickActions } from '../../../../src/features/events/quick-actions';
import { USER } from '../../fake-api';
import { stubModalDialogs } from '../../modal-dialogs';

// The sheet reads the list kept in Dexie; the server's read is stood in for (the server has its own tests).
vi.mock('../../../../src/data/declines', async (original) => ({
  ...(await original<typeof import('../../../../src/data/declines')>()),
  refreshEventDeclines: vi.fn(async () => undefined),
}));

beforeAll(stubModalDialogs);

const DAY = 86_400_000;
const CREATOR = 'c0b7f3c4-8a51-4a4b-9a2e-3f1f7c9d2e10';
const ANNE = 'a0b7f3c4-8a51-4a4b-9a2e-3f1f7c9d2e11';
const PAUL = 'b0b7f3c4-8a51-4a4b-9a2e-3f1f7c9d2e12';

const subscriber = (
  id: string,
  username: string,
  extra: Partial<EventDto['subscribers_with_stuff'][number]> = {},
) => ({
  id,
  uuid: `s-${username}`,
  uuid_event: 'e',
  username,
  stuff_name: 'default_name',
  uuid_stuff: null,
  is_checked: false,
  first_name: null,
  last_name: null,
  thumbnail_url: null,
  is_hidden: false,
  ...extra,
});
const waiting = (uuid_user: string, username: string, position: number) => ({
  uuid_user,
  username,
  created_at: `2026-11-2${position}T10:00:00.000Z`,
  uuid_event: 'e',
  uuid_stuff: null,
  first_name: null,
  last_name: null,
  thumbnail_url: null,
  is_hidden: false,
  position,
});

function eventWith(changes: Partial<EventDto> = {}): EventDto {
  const start = Date.now() + DAY;
  return {
    uuid_event: 'e0b7f3c4-8a51-4a4b-9a2e-3f1f7c9d2e10',
    uuid_model_event: 'm0b7f3c4-8a51-4a4b-9a2e-3f1f7c9d2e10',
    model_name: 'Kayak de mer',
    model_description: '',
    creator: { id: CREATOR, first_name: 'Jean', last_name: 'Martin' },
    start_date: new Date(start).toISOString(),
    end_date: new Date(start + 2 * 3_600_000).toISOString(),
    street: null,
    city: 'Brest',
    zip_code: '29200',
    location: '',
    max_subscribers: 3,
    subcribers_count: 3,
    subscriber_is_infinite: false,
    is_cancelled: false,
    stuffs_available: [],
    subscribers_with_stuff: [
      subscriber(ANNE, 'anne.legall', {
        first_name: 'Anne',
        last_name: 'Le Gall',
        thumbnail_url: `/files/profile/thumbnail-${ANNE}.png`,
      }),
      subscriber('hidden-1', '', { is_hidden: true }),
    ],
    waiting_list: [waiting(PAUL, 'paul', 1), waiting(USER.id, USER.username, 2)],
    invite_list: [
      {
        id: 1,
        uuid_event: 'e',
        uuid_user: ANNE,
        uuid_stuff: null,
        first_name: 'Lou',
        last_name: 'A',
        is_checked: false,
      },
    ],
    uuid_series: null,
    attendees_limited: false,
    ...changes,
  };
}

beforeEach(async () => {
  await appDb().myDeclines.clear();
  await appDb().outbox.clear();
  await appDb().eventDeclines.clear();
  useConnectivityStore.setState({ isOnline: true });
  vi.mocked(refreshEventDeclines).mockClear();
});

describe("who's coming", () => {
  it('lists names with faces, the hidden one as « Un membre », guests as +n and the line in order', () => {
    render(<AttendeesSection event={eventWith()} user={USER} />);
    const section = screen.getByRole('region', { name: 'Qui vient ? (3)' });
    const [registered, line] = within(section).getAllByRole('list');
    const people = within(registered as HTMLElement).getAllByRole('listitem');
    expect(people.map((p) => p.textContent)).toEqual(['Anne Le Gall+11 invité', '?Un membre']);
    expect(
      within(people[0] as HTMLElement)
        .getByRole('presentation')
        .getAttribute('src'),
    ).toBe(`/files/profile/thumbnail-${ANNE}.png`);
    expect(
      within(line as HTMLElement)
        .getAllByRole('listitem')
        .map((p) => p.textContent),
    ).toEqual(['1erPpaul', '2eMmarie (vous)']);
    expect(screen.getByRole('heading', { name: "Liste d'attente (2)" })).toBeTruthy();
    // A member is no organiser: no "not coming" list is asked for.
    expect(refreshEventDeclines).not.toHaveBeenCalled();
  });

  it('falls back to initials when the thumbnail does not load', () => {
    render(<AttendeesSection event={eventWith()} user={USER} />);
    const face = screen.getAllByRole('presentation')[0] as HTMLElement;
    fireEvent.error(face);
    expect(screen.queryAllByRole('presentation')).toHaveLength(0);
    expect(initialsOf('Anne Le Gall')).toBe('AG');
    expect(initialsOf('nolwenn.lebihan')).toBe('NL');
    expect(initialsOf(null)).toBe('?');
  });

  it('says why the list is short when the club keeps it for organisers, and when nobody came yet', () => {
    const { unmount } = render(
      <AttendeesSection
        event={eventWith({
          attendees_limited: true,
          subscribers_with_stuff: [],
          waiting_list: [],
          invite_list: [],
        })}
        user={USER}
      />,
    );
    expect(screen.getByText('Le club réserve la liste des inscrits aux organisateurs.')).toBeTruthy();
    expect(screen.queryByText("Aucune inscription pour l'instant.")).toBeNull();
    unmount();
    render(
      <AttendeesSection
        event={eventWith({
          subcribers_count: 0,
          subscribers_with_stuff: [],
          waiting_list: [],
          invite_list: [],
        })}
        user={USER}
      />,
    );
    expect(screen.getByText("Aucune inscription pour l'instant.")).toBeTruthy();
  });

  it('shows the organiser who answered "not coming", and reads the list again online', async () => {
    await appDb().eventDeclines.put({
      uuid_event: eventWith().uuid_event,
      entries: [
        { uuid_event: 'e', uuid_user: PAUL, username: 'paul', declined_at: '2026-11-25T10:00:00.000Z' },
      ],
    });
    const organiser: User = { ...USER, id: CREATOR, role_name: 'Contributor', role_id: 2 };
    render(<AttendeesSection event={eventWith()} user={organiser} />);
    expect(await screen.findByRole('heading', { name: 'Ne viennent pas (1)' })).toBeTruthy();
    expect(within(screen.getByTestId('declined-list')).getByText('paul')).toBeTruthy();
    expect(refreshEventDeclines).toHaveBeenCalledWith(eventWith().uuid_event);
  });

  it('keeps the "not coming" list at the venue with no signal, and says when it was never read here', async () => {
    useConnectivityStore.setState({ isOnline: false });
    const organiser: User = { ...USER, id: CREATOR, role_name: 'Contributor', role_id: 2 };
    const { unmount } = render(<AttendeesSection event={eventWith()} user={organiser} />);
    expect(await screen.findByText(/s'affiche avec le réseau/)).toBeTruthy();
    unmount();
    await appDb().eventDeclines.put({
      uuid_event: eventWith().uuid_event,
      entries: [
        { uuid_event: 'e', uuid_user: PAUL, username: 'paul', declined_at: '2026-11-25T10:00:00.000Z' },
      ],
    });
    render(<AttendeesSection event={eventWith()} user={organiser} />);
    expect(await screen.findByRole('heading', { name: 'Ne viennent pas (1)' })).toBeTruthy();
    expect(refreshEventDeclines).not.toHaveBeenCalled();
  });

  it('keeps 200 members in one list, the reader first', () => {
    const many = Array.from({ length: 200 }, (_, i) => subscriber(`id-${i}`, `member${i}`));
    const { registered } = attendeesOf(
      eventWith({ subscribers_with_stuff: [...many, subscriber(USER.id, USER.username)] }),
      USER.id,
    );
    expect(registered).toHaveLength(201);
    expect(registered[0]?.isMe).toBe(true);
    // The sheet shows them all in one list (its box scrolls, attendees.module.css), the reader first.
    render(
      <AttendeesSection
        event={eventWith({
          subcribers_count: 201,
          subscribers_with_stuff: [...many, subscriber(USER.id, USER.username)],
          invite_list: [],
        })}
        user={USER}
      />,
    );
    const [list] = within(screen.getByRole('region', { name: 'Qui vient ? (201)' })).getAllByRole('list');
    const people = within(list as HTMLElement).getAllByRole('listitem');
    expect(people).toHaveLength(201);
    expect(people[0]?.textContent).toContain('(vous)');
  });
});

describe('my answer', () => {
  afterEach(() => vi.useRealTimers());

  it('says the place in line, and offers "Je ne viens pas"', () => {
    render(<MyAnswer event={eventWith()} user={USER} />);
    expect(screen.getByText("En liste d'attente : 2e")).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Je ne viens pas' })).toBeTruthy();
  });

  it('shows a kept "not coming" and offers to take it back; queues the change offline-first', async () => {
    await appDb().myDeclines.put({
      uuid_event: eventWith().uuid_event,
      declined_at: '2026-11-25T10:00:00.000Z',
    });
    render(<MyAnswer event={eventWith({ waiting_list: [] })} user={USER} />);
    expect(await screen.findByText('Vous ne venez pas')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Retirer ma réponse' })).toBeTruthy();
  });

  it('offers no answer on a cancelled event', () => {
    render(<MyAnswer event={eventWith({ is_cancelled: true, waiting_list: [] })} user={USER} />);
    expect(screen.queryByRole('button', { name: 'Je ne viens pas' })).toBeNull();
  });
});

describe('the quick subscription', () => {
  const STUFF = {
    uuid: '5d1c1b8e-1c1e-4f7a-9a55-2b5d0c1e9f01',
    name: 'Kayak',
    description: '',
    stock: 2,
    is_infinite: false,
    available: 1,
  };
  const open = { subscribers_with_stuff: [], waiting_list: [], invite_list: [], subcribers_count: 0 };

  it('asks for the equipment first when the event offers some, own equipment chosen by default', async () => {
    render(<QuickActions event={eventWith({ ...open, stuffs_available: [STUFF] })} user={USER} />);
    fireEvent.click(screen.getByRole('button', { name: "S'inscrire" }));
    const dialog = await screen.findByRole('dialog', { name: 'Choisir le matériel · Kayak de mer' });
    expect(within(dialog).getByRole('radio', { name: "J'ai mon propre matériel" })).toHaveProperty(
      'checked',
      true,
    );
    expect(within(dialog).getByText('Votre propre matériel')).toBeTruthy();
    // The kit changes later through « Modifier mon matériel » (docs/rules.md#kit): no warning that it is fixed.
    expect(within(dialog).queryByText(/changé après/)).toBeNull();
    expect(within(dialog).getByRole('button', { name: "Confirmer l'inscription" })).toBeTruthy();
    expect(await appDb().outbox.count()).toBe(0);
  });

  it('offers the waiting list, with the place in line, when the last place went before the booking arrived', async () => {
    await appDb().outbox.clear();
    const event = eventWith({ ...open, waiting_list: [waiting(PAUL, 'paul', 1)] });
    await appDb().events.put(event);
    render(<QuickActions event={event} user={USER} />);
    fireEvent.click(screen.getByRole('button', { name: "S'inscrire" }));
    let queued: { id?: number } | undefined;
    await waitFor(async () => {
      queued = (await appDb().outbox.toArray())[0];
      expect(queued).toBeTruthy();
    });
    // The server's answer as the drain records it: refused, the event being full by then.
    await appDb().outbox.update(queued?.id as number, {
      status: 'failed',
      lastError: JSON.stringify({ code: 'event_full', message: 'Évènement complet' }),
    });
    const offer = await screen.findByRole('alertdialog', { name: 'Évènement complet' });
    expect(
      within(offer).getByText(
        "La dernière place vient d'être prise. Rejoindre la liste d'attente ? Vous y seriez 2e.",
      ),
    ).toBeTruthy();
    fireEvent.click(within(offer).getByRole('button', { name: "Rejoindre la liste d'attente" }));
    await waitFor(async () =>
      expect((await appDb().outbox.toArray()).map((row) => row.kind)).toContain('waiting-list'),
    );
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('books at once when the event offers no equipment', async () => {
    await appDb().events.put(eventWith(open));
    render(<QuickActions event={eventWith(open)} user={USER} />);
    fireEvent.click(screen.getByRole('button', { name: "S'inscrire" }));
    expect(screen.queryByRole('dialog')).toBeNull();
    await waitFor(async () => expect(await appDb().outbox.count()).toBe(1));
  });
});
