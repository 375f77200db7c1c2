import type { EventDto } from '@common/contract/event';
import type { FamilyChild } from '@common/contract/family';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { useConnectivityStore } from '../../../../src/data/core/connectivity';
import { appDb } from '../../../../src/data/core/db';
import { useEvent } from '../../../../src/data/events';
import { USER } from '../../fake-api';
import { stubModalDialogs } from '../../modal-dialogs';
import { ListedRow } from './listed-row';
import { SESSION_UUID, sessionOf } from './series-fixtures';

// A guardian's week (docs/rules.md#families): on each card, a line per child with the child's own answer and
// one tap to answer for them, queued in the guardian's outbox for the child, shown at once, offline too.
beforeAll(stubModalDialogs);

const LOU = '1a1c1b8e-1c1e-4f7a-9a55-2b5d0c1e9f01';
const NINA = '2a1c1b8e-1c1e-4f7a-9a55-2b5d0c1e9f02';
const child = (id: string, firstName: string): FamilyChild => ({
  ...USER,
  id,
  username: `${firstName.toLowerCase()}.lebihan`,
  email: null,
  first_name: firstName,
  last_name: 'Le Bihan',
  birth_date: '2016-05-01',
  guardians: [{ id: USER.id, first_name: USER.first_name, last_name: USER.last_name }],
});

function eventWithLou(): EventDto {
  const event = sessionOf({
    uuidSeries: null,
    start: new Date(Date.now() + 86_400_000),
    minutes: 90,
    creatorId: 'c0b7f3c4-8a51-4a4b-9a2e-3f1f7c9d2e10',
  });
  return {
    ...event,
    subcribers_count: 1,
    subscribers_with_stuff: [
      {
        id: LOU,
        uuid: 's-lou',
        uuid_event: SESSION_UUID,
        username: 'lou.lebihan',
        stuff_name: 'default_name',
        uuid_stuff: null,
        is_checked: false,
        first_name: 'Lou',
        last_name: 'Le Bihan',
        thumbnail_url: null,
        is_hidden: false,
      },
    ],
  };
}

/** The card as the week shows it, from the event kept on this device. */
function KeptRow() {
  const event = useEvent(SESSION_UUID);
  return event ? <ListedRow event={event} user={USER} /> : null;
}

const renderKeptRow = () =>
  render(
    <MemoryRouter>
      <ul>
        <KeptRow />
      </ul>
    </MemoryRouter>,
  );

beforeEach(async () => {
  const db = appDb();
  await Promise.all([db.outbox.clear(), db.family.clear(), db.events.clear()]);
  await db.events.put(eventWithLou());
  useConnectivityStore.setState({ isOnline: false });
});

describe("a guardian's lines on an event card", () => {
  it('names each child with their answer in words, and answers for one in one tap, offline', async () => {
    await appDb().family.put({
      key: 'current',
      userId: USER.id,
      family: { children: [child(LOU, 'Lou'), child(NINA, 'Nina')], guardians: [] },
    });
    renderKeptRow();
    const lines = await screen.findByRole('list', { name: 'Réponses pour vos enfants' });
    const [lou, nina] = within(lines).getAllByRole('listitem') as [HTMLElement, HTMLElement];
    expect(lou.textContent).toContain('Lou');
    expect(within(lou).getByText('Vient')).toBeTruthy();
    expect(within(lou).getByRole('button', { name: 'Désinscrire Lou' })).toBeTruthy();
    expect(within(nina).getByText('Pas de réponse')).toBeTruthy();

    fireEvent.click(within(nina).getByRole('button', { name: 'Inscrire Nina' }));
    await waitFor(async () => expect(await appDb().outbox.count()).toBe(1));
    const [queued] = await appDb().outbox.toArray();
    // The guardian's session sends it; the place is the child's.
    expect(queued).toMatchObject({ userId: USER.id, kind: 'subscribe', body: { uuid_user: NINA } });
    expect(queued?.member?.id).toBe(NINA);
    await waitFor(() => {
      const [, ninaNow] = within(
        screen.getByRole('list', { name: 'Réponses pour vos enfants' }),
      ).getAllByRole('listitem') as [HTMLElement, HTMLElement];
      expect(within(ninaNow).getByText('Vient')).toBeTruthy();
    });
    const stored = await appDb().events.get(SESSION_UUID);
    expect(stored?.subscribers_with_stuff.map((s) => s.first_name)).toEqual(['Lou', 'Nina']);
  });

  it('offers nothing for a child of 18 or more: the server would refuse the guardian', async () => {
    await appDb().family.put({
      key: 'current',
      userId: USER.id,
      family: { children: [{ ...child(LOU, 'Lou'), birth_date: '2000-01-01' }], guardians: [] },
    });
    renderKeptRow();
    expect(await screen.findByTestId('event-row')).toBeTruthy();
    expect(screen.queryByRole('list', { name: 'Réponses pour vos enfants' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Désinscrire Lou' })).toBeNull();
  });

  it('shows no lines to a member without children', async () => {
    renderKeptRow();
    expect(await screen.findByTestId('event-row')).toBeTruthy();
    expect(screen.queryByRole('list', { name: 'Réponses pour vos enfants' })).toBeNull();
  });
});
