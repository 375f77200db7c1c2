import { useTranslation } from 'react-i18next';
import type { EventDto } from '../../common/contract/event';
import type { User } from '../../common/contract/user';
import {
  factsOf,
  mayJoinWaitingList,
  maySubscribe,
  mayUnsubscribe,
  standingOf,
} from '../../common/rules/events';
import { changeSubscription, joinWaitingList } from '../../data/events';
import { useIsOnline } from '../../data/sync-status';
import { errorText } from '../../i18n/error-text';
import { showToast } from '../../state/toast-store';

export interface RegistrationMoves {
  canSubscribe: boolean;
  canUnsubscribe: boolean;
  canJoinWaitingList: boolean;
  canLeaveWaitingList: boolean;
}

/** Which of the member's own moves the rules allow now (product-spec §4). */
export function registrationMoves(event: EventDto, userId: string, now: Date): RegistrationMoves {
  const facts = factsOf(event);
  const standing = standingOf(event, userId);
  const isNeither = !standing.isSubscribed && !standing.isWaiting;
  return {
    canSubscribe: isNeither && maySubscribe(facts, standing, now).ok,
    canUnsubscribe: standing.isSubscribed && mayUnsubscribe(facts, standing, now).ok,
    canJoinWaitingList: mayJoinWaitingList(facts, standing, now).ok,
    canLeaveWaitingList: standing.isWaiting && mayUnsubscribe(facts, standing, now).ok,
  };
}

/**
 * Runs a queued move and says what happened: online, the success toast (the write goes out at once; a
 * refusal is shown by the header's refused writes); offline, that it is kept here until the network returns.
 */
export function useRunMove() {
  const { t } = useTranslation();
  const isOnline = useIsOnline();
  return (action: Promise<void>, successKey: string) =>
    action.then(
      () => (isOnline ? showToast('success', successKey) : showToast('info', 'registration.queued_toast')),
      (error: unknown) => showToast('error', 'error_fetch', errorText(t, error)),
    );
}

/** The row's one-tap buttons (subscribe on own equipment, leave, wait): the same queued writes as the popup. */
export function QuickActions({ event, user }: { event: EventDto; user: User }) {
  const { t } = useTranslation();
  const run = useRunMove();
  const moves = registrationMoves(event, user.id, new Date());
  const leave = () => void run(changeSubscription(user, event.uuid_event, false), 'unsubscribe_success');
  return (
    <>
      {moves.canUnsubscribe && (
        <button type="button" className="button" onClick={leave}>
          {t('events.unsubscribe')}
        </button>
      )}
      {moves.canSubscribe && (
        <button
          type="button"
          className="button button-primary"
          onClick={() => void run(changeSubscription(user, event.uuid_event, true), 'subscribe_success')}
        >
          {t('events.subscribe')}
        </button>
      )}
      {moves.canJoinWaitingList && (
        <button
          type="button"
          className="button"
          onClick={() => void run(joinWaitingList(user, event.uuid_event), 'subscribe_waiting_listed')}
        >
          {t('events.join_waiting_list')}
        </button>
      )}
      {moves.canLeaveWaitingList && (
        <button type="button" className="button" onClick={leave}>
          {t('events.leave_waiting_list')}
        </button>
      )}
    </>
  );
}
