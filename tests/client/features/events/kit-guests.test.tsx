import type { EventDto } from '@common/contract/event';
import type { FamilyChild } from '@common/contract/family';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { useConnectivityStore } from '../../../../src/data/core/connectivity';
import { appDb } from '../../../../src/data/core/db';
import { drainOutbox } from '../../../../src/data/core/drain';
import { useEvent } from '../../../../src/data/events';
import { saveGuest } from '../../../../src/data/guests';
import { ChildrenAnswers } from '../../../../src/features/events/children-answers';
import { GuestSection } from '../../../../src/features/events/guest-section';
import { QuickActions } from '../../../../src/features/events/quick-actions';
import { useToastStore } from '../../../../src/state/toast-store';
import { USER } from '../../fake-api';
import { stubModalDialogs } from '../../modal-dialogs';
import { entryWith, K1, KIT_EVENT_UUID, kitEvent, PADDLE, refusingServer, VEST } from './kit-fixtures';

// A guest's kit beside them and in their form, a child's kit on the guardian's card, and the quick booking's
// kit (docs/rules.md#kit).
vi.mock('../../../../src/data/guests', () => ({
  fetchMyGuests: vi.fn(async () => []),
  saveGuest: vi.fn(),
  deleteGuest: vi.fn(async () => undefined),
  goneItemOf: (error: unknown) => (error as { goneItem?: string }).goneItem,
}));

beforeAll(stubModalDialogs);
beforeEach(async () => {
  const db = appDb();
  await Promise.all([db.outbox.clear(), db.events.clear()]);
  await db.session.put({ key: 'current', token: 'tok', user: USER });
  useConnectivityStore.setState({ isOnline: true });
});

const guest = (id: number, firstName: string, kit: string[]) => ({
  id,
  uuid_event: KIT_EVENT_UUID,
  uuid_user: USER.id,
  uuid_stuff: kit[0] ?? null,
  stuffs: kit,
  first_name: firstName,
  last_name: 'Durand',
  is_checked: false,
});
const withGuests = kitEvent({
  subscribers_with_stuff: [entryWith(USER.id, [])],
  invite_list: [guest(7, 'Paul', [K1.uuid, PADDLE.uuid]), guest(8, 'Zoé', [])],
  subcribers_count: 3,
});

describe("a guest's kit", () => {
  it('shows beside each guest', () => {
    useConnectivityStore.setState({ isOnline: false });
    render(<GuestSection event={withGuests} user={USER} />);
    const [paul, zoe] = screen.getAllByRole('listitem');
    expect(within(paul as HTMLElement).getByText('Matériel : Kayak mono K1, Pagaie double')).toBeTruthy();
    expect(within(zoe as HTMLElement).getByText('Matériel personnel')).toBeTruthy();
  });

  it('is picked in their form, preselected, and saved whole with its first item as uuid_stuff', async () => {
    vi.mocked(saveGuest).mockImplementation(async (request) => ({
      ...guest(7, 'Paul', request.stuffs ?? []),
      age: null,
      email: null,
      phone: null,
    }));
    render(<GuestSection event={withGuests} user={USER} />);
    fireEvent.click(screen.getByRole('button', { name: 'Modifier Paul Durand' }));
    const dialog = await screen.findByRole('dialog', { name: "Modifier l'invité" });
    expect(within(dialog).getByText('Matériel de Paul : Kayak mono K1, Pagaie double')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('radio', { name: 'Gilet — 1 disponible' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() => expect(saveGuest).toHaveBeenCalled());
    expect(vi.mocked(saveGuest).mock.calls[0]?.[0]).toMatchObject({
      id: 7,
      uuid_stuff: K1.uuid,
      stuffs: [K1.uuid, VEST.uuid, PADDLE.uuid],
    });
  });

  it('keeps a guest’s kit as it is once the event has started: no picker, the kit sent unchanged', async () => {
    vi.mocked(saveGuest).mockImplementation(async (request) => ({
      ...guest(7, request.first_name, request.stuffs ?? []),
      age: null,
      email: null,
      phone: null,
    }));
    const started = {
      ...withGuests,
      start_date: new Date(Date.now() - 3_600_000).toISOString(),
      end_date: new Date(Date.now() + 3_600_000).toISOString(),
    };
    render(<GuestSection event={started} user={USER} />);
    fireEvent.click(screen.getByRole('button', { name: 'Modifier Paul Durand' }));
    const dialog = await screen.findByRole('dialog', { name: "Modifier l'invité" });
    expect(within(dialog).queryAllByRole('radio')).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() => expect(saveGuest).toHaveBeenCalled());
    expect(vi.mocked(saveGuest).mock.calls.at(-1)?.[0]).toMatchObject({
      id: 7,
      stuffs: [K1.uuid, PADDLE.uuid],
    });
  });

  it('names the item gone when the server refuses the guest’s kit, and keeps the form open', async () => {
    vi.mocked(saveGuest).mockRejectedValue(
      Object.assign(new Error('stuff_unavailable'), { goneItem: VEST.uuid }),
    );
    render(<GuestSection event={withGuests} user={USER} />);
    fireEvent.click(screen.getByRole('button', { name: 'Modifier Paul Durand' }));
    const dialog = await screen.findByRole('dialog', { name: "Modifier l'invité" });
    fireEvent.click(within(dialog).getByRole('radio', { name: 'Gilet — 1 disponible' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() =>
      expect(useToastStore.getState().toasts.map((toast) => toast.text)).toContain(
        "Plus de « Gilet » disponible : rien n'a été réservé. Choisissez un autre matériel.",
      ),
    );
    expect(screen.getByRole('dialog', { name: "Modifier l'invité" })).toBeTruthy();
  });
});

const LOU = '1a1c1b8e-1c1e-4f7a-9a55-2b5d0c1e9f01';
const lou: FamilyChild = {
  ...USER,
  id: LOU,
  username: 'lou.lebihan',
  email: null,
  first_name: 'Lou',
  last_name: 'Le Bihan',
  birth_date: '2016-05-01',
  guardians: [{ id: USER.id, first_name: USER.first_name, last_name: USER.last_name }],
};

/** The guardian's lines from the event kept on this device. */
function KeptChildren() {
  const event = useEvent(KIT_EVENT_UUID);
  return event ? <ChildrenAnswers event={event} user={USER} isClosed={false} guarded={[lou]} /> : null;
}

describe("a child's kit on the guardian's card", () => {
  it("says what the child comes with, and changes it for them through the guardian's outbox", async () => {
    useConnectivityStore.setState({ isOnline: false });
    await appDb().events.put(
      kitEvent({ subscribers_with_stuff: [entryWith(LOU, [K1.uuid], 'lou.lebihan')], subcribers_count: 1 }),
    );
    render(<KeptChildren />);
    expect(await screen.findByText('Matériel : Kayak mono K1')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Modifier le matériel de Lou' }));
    const dialog = await screen.findByRole('dialog', { name: 'Matériel de Lou' });
    fireEvent.click(within(dialog).getByRole('radio', { name: 'Gilet — 1 disponible' }));
    expect(within(dialog).getByText('Matériel de Lou : Kayak mono K1, Gilet')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
    await waitFor(async () => expect(await appDb().outbox.count()).toBe(1));
    const [row] = await appDb().outbox.toArray();
    expect(row).toMatchObject({
      kind: 'kit-change',
      userId: USER.id,
      body: { uuid_user: LOU, stuffs: [K1.uuid, VEST.uuid] },
    });
    expect(row?.member?.id).toBe(LOU);
    expect(await screen.findByText('Matériel : Kayak mono K1, Gilet')).toBeTruthy();
  });
});

/** The row's buttons from the event kept on this device: a refusal's fresh read shows in the dialog. */
function KeptActions() {
  const kept = useEvent(KIT_EVENT_UUID);
  return kept ? <QuickActions event={kept} user={USER} /> : null;
}

describe('the quick booking with a kit', () => {
  it('stays open on an item gone, names it, and shows what is left now', async () => {
    const event = kitEvent();
    await appDb().events.put(event);
    render(<KeptActions />);
    fireEvent.click(await screen.findByRole('button', { name: "S'inscrire" }));
    const dialog = await screen.findByRole('dialog', { name: 'Choisir le matériel · Kayak de mer' });
    fireEvent.click(within(dialog).getByRole('radio', { name: 'Gilet — 1 disponible' }));
    fireEvent.click(within(dialog).getByRole('button', { name: "Confirmer l'inscription" }));
    await waitFor(async () => expect(await appDb().outbox.count()).toBe(1));
    const truth: EventDto = {
      ...event,
      stuffs_available: event.stuffs_available.map((s) => (s === VEST ? { ...s, available: 0 } : s)),
    };
    await drainOutbox(appDb(), refusingServer(VEST.uuid, truth));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      "Plus de « Gilet » disponible : rien n'a été réservé. Choisissez un autre matériel.",
    );
    expect(dialog.hasAttribute('open')).toBe(true);
    expect(await within(dialog).findByRole('radio', { name: 'Gilet — plus disponible' })).toHaveProperty(
      'disabled',
      true,
    );
  });
});
