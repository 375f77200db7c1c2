import type { EventDto } from '@common/contract/event';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { FailedWrites } from '../../../../src/app/layout/sync-status';
import { useConnectivityStore } from '../../../../src/data/core/connectivity';
import { appDb } from '../../../../src/data/core/db';
import { drainOutbox } from '../../../../src/data/core/drain';
import { useEvent } from '../../../../src/data/events';
import { ParticipationSections } from '../../../../src/features/events/participation-sections';
import { USER } from '../../fake-api';
import { stubModalDialogs } from '../../modal-dialogs';
import { entryWith, K1, KIT_EVENT_UUID, kitEvent, PADDLE, refusingServer, VEST } from './kit-fixtures';

// « Mon matériel » in the sheet and its change (docs/rules.md#kit): queued like a subscription, shown at once,
// the server's word said in the dialog, by the item's name when one is gone.
vi.mock('../../../../src/data/guests', () => ({
  fetchMyGuests: vi.fn(async () => []),
  saveGuest: vi.fn(async () => undefined),
  deleteGuest: vi.fn(async () => undefined),
}));
vi.mock('../../../../src/data/declines', async (original) => ({
  ...(await original<typeof import('../../../../src/data/declines')>()),
  refreshEventDeclines: vi.fn(async () => undefined),
}));

beforeAll(stubModalDialogs);
beforeEach(async () => {
  const db = appDb();
  await Promise.all([db.outbox.clear(), db.events.clear()]);
  await db.session.put({ key: 'current', token: 'tok', user: USER });
  useConnectivityStore.setState({ isOnline: true });
});

/** The sheet as the app shows it: from the event kept on this device, so a queued write shows at once. */
function KeptSheet() {
  const event = useEvent(KIT_EVENT_UUID);
  return event ? <ParticipationSections event={event} user={USER} /> : null;
}
async function renderKept(event: EventDto) {
  await appDb().events.put(event);
  const { container } = render(<KeptSheet />);
  await waitFor(() => expect(container.childElementCount).toBeGreaterThan(0));
}
const myKit = () => within(screen.getByTestId('my-kit'));
const myItems = () =>
  myKit()
    .queryAllByRole('listitem')
    .map((li) => li.textContent);
const subscribed = (kit: string[], changes: Partial<EventDto> = {}) =>
  kitEvent({ subscribers_with_stuff: [entryWith(USER.id, kit)], subcribers_count: 1, ...changes });
const queued = async () => {
  let rows = await appDb().outbox.toArray();
  await waitFor(async () => {
    rows = await appDb().outbox.toArray();
    expect(rows).toHaveLength(1);
  });
  return rows[0];
};

describe('« Mon matériel » in the sheet', () => {
  it('lists the items booked, and offers « Modifier mon matériel » only to a subscribed member before the start', () => {
    const HOUR = 3_600_000;
    const started = { start_date: new Date(Date.now() - HOUR).toISOString() };
    const cases: Array<[string, EventDto, boolean]> = [
      ['not subscribed', kitEvent(), false],
      ['subscribed', subscribed([K1.uuid, PADDLE.uuid]), true],
      ['subscribed, started', subscribed([K1.uuid], started), false],
      ['subscribed, cancelled', subscribed([K1.uuid], { is_cancelled: true }), false],
    ];
    for (const [label, event, offered] of cases) {
      const { unmount } = render(<ParticipationSections event={event} user={USER} />);
      expect(screen.queryAllByRole('button', { name: 'Modifier mon matériel' }), label).toHaveLength(
        offered ? 1 : 0,
      );
      unmount();
    }
    render(<ParticipationSections event={subscribed([K1.uuid, PADDLE.uuid])} user={USER} />);
    expect(myKit().getByRole('heading', { name: 'Mon matériel' })).toBeTruthy();
    expect(myItems()).toEqual(['Kayak mono K1', 'Pagaie double']);
  });

  it('says « Mon propre matériel » on own equipment, and nothing when the event lends no kit', () => {
    const { unmount } = render(<ParticipationSections event={subscribed([])} user={USER} />);
    expect(myKit().getByText('Mon propre matériel')).toBeTruthy();
    unmount();
    render(<ParticipationSections event={subscribed([], { stuffs_available: [] })} user={USER} />);
    expect(screen.queryByTestId('my-kit')).toBeNull();
  });
});

describe('subscribing with a kit', () => {
  it('queues a subscribe carrying the three items in the order of the kinds, the first as uuid_stuff', async () => {
    useConnectivityStore.setState({ isOnline: false });
    await renderKept(kitEvent());
    fireEvent.click(screen.getByRole('radio', { name: 'Pagaie double — 3 disponibles' }));
    fireEvent.click(screen.getByRole('radio', { name: 'Gilet — 1 disponible' }));
    fireEvent.click(screen.getByRole('radio', { name: 'Kayak mono K1 — 2 disponibles' }));
    fireEvent.click(screen.getByRole('button', { name: "S'inscrire" }));
    const row = await queued();
    expect(row).toMatchObject({
      kind: 'subscribe',
      body: {
        uuid_event: KIT_EVENT_UUID,
        uuid_user: USER.id,
        subscribe: true,
        uuid_stuff: K1.uuid,
        stuffs: [K1.uuid, VEST.uuid, PADDLE.uuid],
      },
    });
    // Booked at once on this device: the kit shows, and may change.
    await waitFor(() => expect(myItems()).toEqual(['Kayak mono K1', 'Gilet', 'Pagaie double']));
    expect(myKit().getByRole('button', { name: 'Modifier mon matériel' })).toBeTruthy();
  });

  it('an item gone meanwhile is named, nothing is booked, and the picker shows what is left now', async () => {
    await renderKept(kitEvent());
    fireEvent.click(screen.getByRole('radio', { name: 'Gilet — 1 disponible' }));
    fireEvent.click(screen.getByRole('button', { name: "S'inscrire" }));
    await queued();
    const truth = kitEvent({
      stuffs_available: kitEvent().stuffs_available.map((s) => (s === VEST ? { ...s, available: 0 } : s)),
    });
    await drainOutbox(appDb(), refusingServer(VEST.uuid, truth));
    expect((await screen.findByRole('alert')).textContent).toBe(
      "Plus de « Gilet » disponible : rien n'a été réservé. Choisissez un autre matériel.",
    );
    expect(await screen.findByRole('radio', { name: 'Gilet — plus disponible' })).toHaveProperty(
      'disabled',
      true,
    );
    expect(screen.queryByTestId('my-kit')).toBeNull();
    expect(screen.getByRole('button', { name: "S'inscrire" })).toBeTruthy();
  });
});

describe('« Modifier mon matériel »', () => {
  it('opens preselected with the kit held, queues a kit change, and shows the new kit at once (offline too)', async () => {
    useConnectivityStore.setState({ isOnline: false });
    await renderKept(subscribed([K1.uuid]));
    fireEvent.click(myKit().getByRole('button', { name: 'Modifier mon matériel' }));
    const dialog = await screen.findByRole('dialog', { name: 'Modifier mon matériel' });
    // The kayak held counts as left for this member: 2 left to others, 3 to them.
    expect(within(dialog).getByRole('radio', { name: 'Kayak mono K1 — 3 disponibles' })).toHaveProperty(
      'checked',
      true,
    );
    const boats = within(dialog).getByRole('group', { name: 'Bateaux' });
    fireEvent.click(within(boats).getByRole('radio', { name: "J'ai mon propre matériel" }));
    fireEvent.click(within(dialog).getByRole('radio', { name: 'Pagaie double — 3 disponibles' }));
    expect(within(dialog).getByText('Votre matériel : Pagaie double')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
    const row = await queued();
    expect(row).toMatchObject({
      kind: 'kit-change',
      userId: USER.id,
      body: { uuid_event: KIT_EVENT_UUID, uuid_user: USER.id, stuffs: [PADDLE.uuid] },
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(myItems()).toEqual(['Pagaie double']));
    expect(screen.getByText("Votre dernière modification n'est pas encore envoyée au serveur.")).toBeTruthy();
    const kept = await appDb().events.get(KIT_EVENT_UUID);
    expect(kept?.stuffs_available.find((s) => s.uuid === K1.uuid)?.available).toBe(3);
    expect(kept?.stuffs_available.find((s) => s.uuid === PADDLE.uuid)?.available).toBe(2);
  });

  it('refused for an item gone: names it, keeps the old kit, and the refused writes say it too', async () => {
    await renderKept(subscribed([K1.uuid]));
    fireEvent.click(myKit().getByRole('button', { name: 'Modifier mon matériel' }));
    const dialog = await screen.findByRole('dialog', { name: 'Modifier mon matériel' });
    fireEvent.click(within(dialog).getByRole('radio', { name: 'Gilet — 1 disponible' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
    expect((await queued())?.body).toMatchObject({ stuffs: [K1.uuid, VEST.uuid] });
    await waitFor(() => expect(myItems()).toEqual(['Kayak mono K1', 'Gilet']));
    const truth = subscribed([K1.uuid], {
      stuffs_available: kitEvent().stuffs_available.map((s) => (s === VEST ? { ...s, available: 0 } : s)),
    });
    await drainOutbox(appDb(), refusingServer(VEST.uuid, truth));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      "Plus de « Gilet » disponible : votre matériel n'a pas changé",
    );
    await waitFor(() => expect(myItems()).toEqual(['Kayak mono K1']));
    expect(within(dialog).getByRole('radio', { name: 'Gilet — plus disponible' })).toHaveProperty(
      'disabled',
      true,
    );
    render(<FailedWrites />);
    expect(await screen.findByText('Matériel — Plus de « Gilet » disponible')).toBeTruthy();
  });

  it('changes nothing when the kit chosen is the one held', async () => {
    await renderKept(subscribed([K1.uuid, PADDLE.uuid]));
    fireEvent.click(myKit().getByRole('button', { name: 'Modifier mon matériel' }));
    const dialog = await screen.findByRole('dialog', { name: 'Modifier mon matériel' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await appDb().outbox.count()).toBe(0);
  });
});
