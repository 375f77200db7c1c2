import type { EventDto } from '@common/contract/event';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { FailedWrites } from '../../../../src/app/layout/sync-status';
import { useConnectivityStore } from '../../../../src/data/core/connectivity';
import { appDb } from '../../../../src/data/core/db';
import type { DrainTransport } from '../../../../src/data/core/drain';
import { drainOutbox } from '../../../../src/data/core/drain';
import { useEvent } from '../../../../src/data/events';
import { ParticipationSections } from '../../../../src/features/events/participation-sections';
import { useToastStore } from '../../../../src/state/toast-store';
import { USER } from '../../fake-api';
import { stubModalDialogs } from '../../modal-dialogs';
import { entryWith, KIT_EVENT_UUID, kitEvent } from './kit-fixtures';

// The member's own file in the sheet (docs/rules.md#members-file): why it is incomplete, before subscribing;
// a model that blocks disables the moves; one that warns lets them through and says what is still missing.
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
  useToastStore.setState({ toasts: [] });
});

const REQUIRES = { licence: true, health: true, competition: false, savoir_nager: false };
const HEALTH_EXPIRED = "Le certificat médical ou l'attestation de santé date de plus d'un an";
const NO_LICENCE = 'Aucune licence enregistrée pour cette saison';
const SUB = "S'inscrire";

/** A trip lending no kit (so « S'inscrire » books at once) that asks for a file. */
const asking = (changes: Partial<EventDto>) =>
  kitEvent({ stuffs_available: [], requirements: REQUIRES, enforcement: 'warn', ...changes });

const renderSheet = (event: EventDto) =>
  render(
    <MemoryRouter>
      <ParticipationSections event={event} user={USER} />
    </MemoryRouter>,
  );

function KeptSheet() {
  const event = useEvent(KIT_EVENT_UUID);
  return event ? (
    <MemoryRouter>
      <ParticipationSections event={event} user={USER} />
    </MemoryRouter>
  ) : null;
}
async function renderKept(event: EventDto) {
  await appDb().events.put(event);
  render(<KeptSheet />);
  return screen.findByRole('button', { name: SUB });
}
const queued = () => waitFor(async () => expect(await appDb().outbox.count()).toBe(1));
const answering = (status: number, body: unknown): DrainTransport => ({
  sendBatch: async (rows) => rows.map(() => ({ status, body })),
  fetchEvent: async () => null,
});

describe('the member’s file before subscribing', () => {
  it('says why in words, and where to complete it, under warn: subscribing stays open', () => {
    renderSheet(asking({ my_dossier: { status: 'expired', reasons: ['health_expired'] } }));
    const notice = within(screen.getByTestId('dossier-notice'));
    expect(notice.getByRole('heading', { name: 'Dossier à renouveler' })).toBeTruthy();
    expect(notice.getAllByRole('listitem').map((li) => li.textContent)).toEqual([HEALTH_EXPIRED]);
    expect(notice.getByRole('link', { name: 'Compléter mon dossier' }).getAttribute('href')).toBe(
      '/my-profile?tab=file',
    );
    expect(screen.getByRole('button', { name: SUB })).toHaveProperty('disabled', false);
  });

  it('under block, disables « S’inscrire » and the waiting list, the reason named by the buttons', () => {
    const blocked = {
      enforcement: 'block' as const,
      my_dossier: { status: 'missing' as const, reasons: ['licence_missing' as const] },
    };
    const { unmount } = renderSheet(asking(blocked));
    const subscribe = screen.getByRole('button', { name: SUB });
    expect(subscribe).toHaveProperty('disabled', true);
    const describedBy = (subscribe.getAttribute('aria-describedby') ?? '').split(' ');
    const said = describedBy.map((id) => document.getElementById(id)?.textContent ?? '').join(' ');
    expect(said).toContain(NO_LICENCE);
    expect(said).toContain("l'inscription sera possible une fois le dossier à jour");
    unmount();
    // Full: the waiting list is refused the same way.
    renderSheet(asking({ ...blocked, max_subscribers: 1, subcribers_count: 1 }));
    expect(screen.getByRole('button', { name: "Liste d'attente" })).toHaveProperty('disabled', true);
  });

  it('shows nothing for a file that is ok or soon, or an event that asks for none', () => {
    for (const changes of [
      { my_dossier: { status: 'ok' as const, reasons: [] } },
      { my_dossier: { status: 'soon' as const, reasons: [] }, enforcement: 'block' as const },
      { requirements: null, my_dossier: null },
    ]) {
      const { unmount } = renderSheet(asking(changes));
      expect(screen.queryByTestId('dossier-notice')).toBeNull();
      expect(screen.getByRole('button', { name: SUB })).toHaveProperty('disabled', false);
      unmount();
    }
  });
});

describe('subscribing with an incomplete file', () => {
  it('under warn, the subscription is taken and the answer’s warnings are shown', async () => {
    const subscribe = await renderKept(
      asking({ my_dossier: { status: 'expired', reasons: ['health_expired'] } }),
    );
    fireEvent.click(subscribe);
    await queued();
    const answer = asking({
      subscribers_with_stuff: [entryWith(USER.id, [])],
      subcribers_count: 1,
      my_dossier: { status: 'expired', reasons: ['health_expired'] },
      warnings: ['health_expired'],
    });
    await drainOutbox(appDb(), answering(200, answer));
    const heading = await screen.findByRole('heading', {
      name: 'Inscription enregistrée. Dossier à compléter :',
    });
    const notice = within(heading.closest('section') as HTMLElement);
    expect(notice.getAllByRole('listitem').map((li) => li.textContent)).toEqual([HEALTH_EXPIRED]);
    await waitFor(() =>
      expect(useToastStore.getState().toasts.map((t) => t.messageKey)).toContain('subscribe_success'),
    );
  });

  it('a 409 dossier_incomplete from the replay says what the file lacks, in the toast and the refused list', async () => {
    const subscribe = await renderKept(asking({ my_dossier: { status: 'ok', reasons: [] } }));
    fireEvent.click(subscribe);
    await queued();
    await drainOutbox(
      appDb(),
      answering(409, {
        code: 'dossier_incomplete',
        // The server's message names what the file lacks, in the reader's language.
        message: `Le dossier n'est pas complet pour cet évènement. ${NO_LICENCE}. ${HEALTH_EXPIRED}.`,
        field: null,
        reasons: ['licence_missing', 'health_expired'],
      }),
    );
    await waitFor(() => expect(useToastStore.getState().toasts).toHaveLength(1));
    const [toast] = useToastStore.getState().toasts;
    expect(toast?.messageKey).toBe('answer.subscribe_failed');
    expect(toast?.text).toBe(
      `Le dossier n'est pas complet pour cet évènement. ${NO_LICENCE}. ${HEALTH_EXPIRED}.`,
    );
    render(<FailedWrites />);
    expect(await screen.findByText(new RegExp(`${NO_LICENCE}\\. ${HEALTH_EXPIRED}`))).toBeTruthy();
  });
});
