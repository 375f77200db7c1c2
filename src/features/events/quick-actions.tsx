import type { EventDto } from '@common/contract/event';
import type { User } from '@common/contract/user';
import {
  factsOf,
  mayAnswerDecline,
  mayJoinWaitingList,
  maySubscribe,
  mayUnsubscribe,
  standingOf,
} from '@common/rules/events';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { whenMovesDue } from '../../data/events';
import { loadLaterTexts } from '../../i18n/later-texts';
import { showToast } from '../../state/toast-store';
import type { QuickMove } from './quick-moves';
import type { Refusal } from './run-move';

/** The kit question is its own chunk, fetched on the first quick booking of an event with equipment. */
const quickDialogs = () => Promise.all([import('./quick-subscribe-dialog'), loadLaterTexts()]);
const QuickSubscribeDialog = lazy(() => quickDialogs().then(([m]) => ({ default: m.QuickSubscribeDialog })));
const FullEventOffer = lazy(() => quickDialogs().then(([m]) => ({ default: m.FullEventOffer })));
/** « Inscrire quand même » is its own chunk too, with its words: only those who take attendance ever see it. */
const DossierOverride = lazy(() =>
  Promise.all([import('./dossier-override'), loadLaterTexts()]).then(([m]) => m),
);

/**
 * What a tap does is its own chunk too (quick-moves.ts): the week paints its buttons without it. It is fetched
 * with the write path, once the week's first reads are done, or at the first tap if that comes sooner. The
 * words of its toasts are the later texts, fetched at the first tap.
 */
const quickMoves = () => import('./quick-moves');

export interface RegistrationMoves {
  canSubscribe: boolean;
  canUnsubscribe: boolean;
  canJoinWaitingList: boolean;
  canLeaveWaitingList: boolean;
  /**
   * Subscribed to an open, upcoming event: one answer, « Je ne viens plus », frees the place and records "not
   * coming" (a decline leaves first, docs/rules.md#subscriptions). Offered instead of « Se désinscrire » to a
   * member answering for themselves.
   */
  canStopComing: boolean;
}

/** Which of the member's own moves the rules allow now (docs/rules.md#subscriptions). */
export function registrationMoves(event: EventDto, userId: string, now: Date): RegistrationMoves {
  const facts = factsOf(event);
  const standing = standingOf(event, userId);
  const isNeither = !standing.isSubscribed && !standing.isWaiting;
  return {
    canSubscribe: isNeither && maySubscribe(facts, standing, now).ok,
    canUnsubscribe: standing.isSubscribed && mayUnsubscribe(facts, standing, now).ok,
    canJoinWaitingList: mayJoinWaitingList(facts, standing, now).ok,
    canLeaveWaitingList: standing.isWaiting && mayUnsubscribe(facts, standing, now).ok,
    canStopComing: standing.isSubscribed && mayAnswerDecline(facts, now).ok,
  };
}

/**
 * The row's one-tap buttons (subscribe, leave, wait): the same queued writes as the popup. When the event
 * offers equipment, booking first asks which kit (docs/rules.md#kit). `user` is who the answer is for; `actor`, when given, the signed-in
 * guardian answering for that child (docs/rules.md#families), and `named` their words naming the child: a
 * button's name (`*_label`), its text, and the success said.
 */
export function QuickActions({
  event,
  user,
  actor = user,
  named = () => undefined,
}: {
  event: EventDto;
  user: User;
  actor?: User;
  named?: (key: string) => string | undefined;
}) {
  const { t } = useTranslation();
  const [asking, setAsking] = useState<'subscribe' | 'wait' | null>(null);
  const [isOfferingWait, setOfferingWait] = useState(false);
  // A file that blocks, refused to one who takes attendance: said here, with « Inscrire quand même ».
  const [blocked, setBlocked] = useState<Refusal | null>(null);
  useEffect(() => {
    void whenMovesDue()
      .then(quickMoves)
      .catch(() => undefined);
  }, []);
  const moves = registrationMoves(event, user.id, new Date());
  const asksStuff = event.stuffs_available.length > 0;
  const tap = (move: QuickMove) => {
    const at = Date.now();
    void Promise.all([quickMoves(), loadLaterTexts()]).then(
      ([m]) =>
        m.runQuickMove(move, {
          t,
          event,
          user,
          actor,
          named,
          at,
          offerWait: () => setOfferingWait(true),
          offerOverride: setBlocked,
        }),
      // Its code could not be fetched (a first visit gone offline before the app was kept): nothing was
      // queued, and the member is told, in the words of the first catalogue.
      () => showToast('error', 'errors.network_error'),
    );
  };
  const isOwn = actor.id === user.id;
  // Booking an event with equipment first asks which kit, in a dialog.
  const subscribe = () => (asksStuff ? setAsking('subscribe') : tap('subscribe'));
  const wait = () => (asksStuff ? setAsking('wait') : tap('wait'));
  return (
    <>
      {isOwn && moves.canStopComing && (
        <button type="button" className="button" onClick={() => tap('stop_coming')}>
          {t('answer.not_coming_anymore')}
        </button>
      )}
      {moves.canUnsubscribe && !(isOwn && moves.canStopComing) && (
        <button
          type="button"
          className="button"
          aria-label={named('unsubscribe_label')}
          onClick={() => tap('unsubscribe')}
        >
          {named('unsubscribe') ?? t('events.unsubscribe')}
        </button>
      )}
      {moves.canSubscribe && (
        <button
          type="button"
          className="button button-primary"
          aria-haspopup={asksStuff ? 'dialog' : undefined}
          aria-label={named('subscribe_label')}
          onClick={subscribe}
        >
          {named('subscribe') ?? t('events.subscribe')}
        </button>
      )}
      {moves.canJoinWaitingList && (
        <button
          type="button"
          className="button"
          aria-haspopup={asksStuff ? 'dialog' : undefined}
          aria-label={named('wait_label')}
          onClick={wait}
        >
          {t('events.join_waiting_list')}
        </button>
      )}
      {moves.canLeaveWaitingList && (
        <button
          type="button"
          className="button"
          aria-label={named('leave_waiting_label')}
          onClick={() => tap('leave_waiting')}
        >
          {t('events.leave_waiting_list')}
        </button>
      )}
      {asking && (
        <Suspense fallback={null}>
          <QuickSubscribeDialog
            event={event}
            user={user}
            actor={actor}
            successText={named(asking === 'wait' ? 'waiting' : 'subscribed')}
            isWaiting={asking === 'wait'}
            onFull={() => setOfferingWait(true)}
            onClose={() => setAsking(null)}
          />
        </Suspense>
      )}
      {blocked && (
        <Suspense fallback={null}>
          <DossierOverride
            event={event}
            member={user}
            actor={actor}
            reasons={blocked.reasons ?? []}
            successText={named('subscribed')}
            onDone={() => setBlocked(null)}
          />
        </Suspense>
      )}
      {isOfferingWait && (
        <Suspense fallback={null}>
          <FullEventOffer event={event} onWait={wait} onClose={() => setOfferingWait(false)} />
        </Suspense>
      )}
    </>
  );
}
