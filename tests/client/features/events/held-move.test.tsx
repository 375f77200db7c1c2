import type { EventDto } from '@common/contract/event';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { HOLD_MS, sendHeldMovesNow } from '../../../../src/data/held-moves';
import { QuickActions } from '../../../../src/features/events/quick-actions';
import { RegistrationDialog } from '../../../../src/features/events/registration-dialog';
import { useToastStore } from '../../../../src/state/toast-store';
import { Toasts } from '../../../../src/ui/toasts';
import { USER } from '../../fake-api';
import { stubModalDialogs } from '../../modal-dialogs';

// The moves as the outbox would take them: what matters here is when, and how often, they are handed over.
const moves = vi.hoisted(() => ({
  answerDecline: vi.fn(async () => ({ outcome: 'sent' as const })),
  changeSubscription: vi.fn(async () => ({ outcome: 'sent' as const })),
}));
vi.mock('../../../../src/data/events', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../../src/data/events')>()),
  answerDecline: moves.answerDecline,
  changeSubscription: moves.changeSubscription,
}));
vi.mock('../../../../src/data/guests', () => ({
  fetchMyGuests: vi.fn(async () => []),
  saveGuest: vi.fn(async () => undefined),
  deleteGuest: vi.fn(async () => undefined),
}));

beforeAll(stubModalDialogs);
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  useToastStore.setState({ toasts: [] });
});
afterEach(() => {
  sendHeldMovesNow();
  vi.useRealTimers();
  moves.answerDecline.mockClear();
  moves.changeSubscription.mockClear();
});

const UUID = 'e0b7f3c4-8a51-4a4b-9a2e-3f1f7c9d2e10';
const CHILD = { ...USER, id: 'b7c1f3c4-8a51-4a4b-9a2e-3f1f7c9d2e99', first_name: 'Lou' };

function subscribedEvent(userId = USER.id): EventDto {
  const start = Date.now() + 86_400_000;
  return {
    uuid_event: UUID,
    uuid_model_event: 'm0b7f3c4-8a51-4a4b-9a2e-3f1f7c9d2e10',
    model_name: 'Kayak de mer',
    model_description: '',
    creator: { id: 'c0b7f3c4-8a51-4a4b-9a2e-3f1f7c9d2e10', first_name: 'Jean', last_name: 'Martin' },
    start_date: new Date(start).toISOString(),
    end_date: new Date(start + 7_200_000).toISOString(),
    street: null,
    city: null,
    zip_code: null,
    location: '',
    max_subscribers: 10,
    subcribers_count: 1,
    subscriber_is_infinite: false,
    is_cancelled: false,
    stuffs_available: [],
    subscribers_with_stuff: [
      {
        id: userId,
        uuid: 's1',
        uuid_event: UUID,
        username: 'marie',
        stuff_name: '',
        uuid_stuff: null,
        is_checked: false,
      },
    ],
    waiting_list: [],
    invite_list: [],
    uuid_series: null,
  };
}

const wait = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));
/** The hold's chunk and texts fetched, and the hold begun. */
const held = () =>
  act(async () => {
    await vi.dynamicImportSettled();
    await vi.advanceTimersByTimeAsync(0);
  });

function openSheet() {
  return render(
    <>
      <RegistrationDialog event={subscribedEvent()} user={USER} onClose={() => undefined} />
      <Toasts />
    </>,
  );
}

describe('« Je ne viens plus » is held on the device, with « Annuler »', () => {
  it('sends nothing before the delay, then the answer once', async () => {
    openSheet();
    fireEvent.click(screen.getByRole('button', { name: 'Je ne viens plus' }));
    const toast = screen.getByText('Votre place sera libérée dans quelques secondes').closest('.toast');
    expect(toast?.getAttribute('role')).toBe('status');
    expect(within(toast as HTMLElement).getByRole('button', { name: 'Annuler' })).toBeTruthy();
    // Held: the sheet says so and does not offer the move twice.
    expect(screen.queryByRole('button', { name: 'Je ne viens plus' })).toBeNull();
    await wait(HOLD_MS - 1);
    expect(moves.answerDecline).not.toHaveBeenCalled();
    await wait(1);
    expect(moves.answerDecline).toHaveBeenCalledTimes(1);
    expect(moves.answerDecline).toHaveBeenCalledWith(USER, UUID, true);
    expect(screen.queryByRole('button', { name: 'Annuler' })).toBeNull();
    await wait(3 * HOLD_MS);
    expect(moves.answerDecline).toHaveBeenCalledTimes(1);
    expect(moves.changeSubscription).not.toHaveBeenCalled();
  });

  it('« Annuler » sends nothing, ever, and says so', async () => {
    openSheet();
    fireEvent.click(screen.getByRole('button', { name: 'Je ne viens plus' }));
    await wait(2000);
    fireEvent.click(screen.getByRole('button', { name: 'Annuler' }));
    expect(screen.getByText("Annulé : rien n'a été envoyé")).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Je ne viens plus' })).toBeTruthy();
    await wait(3 * HOLD_MS);
    expect(moves.answerDecline).not.toHaveBeenCalled();
  });

  it('closing the sheet during the delay still sends it, once, when the delay ends', async () => {
    const { unmount } = openSheet();
    fireEvent.click(screen.getByRole('button', { name: 'Je ne viens plus' }));
    unmount();
    expect(moves.answerDecline).not.toHaveBeenCalled();
    await wait(HOLD_MS);
    expect(moves.answerDecline).toHaveBeenCalledTimes(1);
  });

  it('leaving the page sends it at once, and not again when the delay ends', async () => {
    openSheet();
    fireEvent.click(screen.getByRole('button', { name: 'Je ne viens plus' }));
    await wait(1000);
    act(() => {
      window.dispatchEvent(new Event('pagehide'));
    });
    expect(moves.answerDecline).toHaveBeenCalledTimes(1);
    await wait(3 * HOLD_MS);
    expect(moves.answerDecline).toHaveBeenCalledTimes(1);
  });
});

describe("the row's quick actions", () => {
  it("offer one answer to a subscribed member, held like the sheet's", async () => {
    render(
      <>
        <QuickActions event={subscribedEvent()} user={USER} />
        <Toasts />
      </>,
    );
    expect(screen.queryByRole('button', { name: 'Se désinscrire' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Je ne viens plus' }));
    // The hold is its own chunk on the row (the first paint's budget): fetched on the tap.
    await held();
    expect(screen.getByRole('button', { name: 'Annuler' })).toBeTruthy();
    await wait(HOLD_MS - 1);
    expect(moves.answerDecline).not.toHaveBeenCalled();
    await wait(1);
    expect(moves.answerDecline).toHaveBeenCalledWith(USER, UUID, true);
  });

  it("hold a guardian's « Se désinscrire » for their child too", async () => {
    render(
      <>
        <QuickActions event={subscribedEvent(CHILD.id)} user={CHILD} actor={USER} />
        <Toasts />
      </>,
    );
    expect(screen.queryByRole('button', { name: 'Je ne viens plus' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Se désinscrire' }));
    await held();
    await wait(HOLD_MS - 1);
    expect(moves.changeSubscription).not.toHaveBeenCalled();
    await wait(1);
    expect(moves.changeSubscription).toHaveBeenCalledTimes(1);
    expect(moves.changeSubscription).toHaveBeenCalledWith(CHILD, UUID, false, [], USER);
  });
});
