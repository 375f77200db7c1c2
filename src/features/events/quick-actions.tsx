import type { EventDto } from '@common/contract/event';
import type { User } from '@common/contract/user';
import { mayTakeAttendance } from '@common/rules/attendance';
import {
  factsOf,
  mayAnswerDecline,
  mayJoinWaitingList,
  maySubscribe,
  mayUnsubscribe,
  standingOf,
} from '@common/rules/events';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { answerDecline, changeSubscription, joinWaitingList } from '../../data/events';
import { loadLaterTexts } from '../../i18n/later-texts';
import { type Refusal, useRunMove } from './run-move';

/** The kit question is its own chunk, fetched on the first quick booking of an event with equipment. */
const quickDialogs = () => Promise.all([import('./quick-subscribe-dialog'), loadLaterTexts()]);
const QuickSubscribeDialog = lazy(() => quickDialogs().then(([m]) => ({ default: m.QuickSubscribeDialog })));
const FullEventOffer = lazy(() => quickDialogs().then(([m]) => ({ default: m.FullEventOffer })));
/** « Inscrire quand même » is its own chunk too, with its words: only those who take attendance ever see it. */
const DossierOverride = lazy(() =>
  Promise.all([import('./dossier-override'), loadLaterTexts()]).then(([m]) => m),
);

/**
 * Whether this refusal may be overridden by `actor`: a file that blocks (409 `dossier_incomplete`), refused to one
 * who takes attendance at the event, who may subscribe that member anyway (docs/rules.md#members-file).
 */
const mayOverrideDossier = (refusal: Refusal, actor: User, event: EventDto): boolean =>
  refusal.code === 'dossier_incomplete' && mayTakeAttendance(actor, factsOf(event)).ok;

/** The hold and its toast's texts are their own chunk too, fetched on the first tap that gives a place up. */
const holdGiveUp = (...args: Parameters<typeof import('./held-move').holdGiveUp>): void =>
  void Promise.all([import('./held-move'), loadLaterTexts()]).then(([m]) => m.holdGiveUp(...args));

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
  const run = useRunMove();
  const [asking, setAsking] = useState<'subscribe' | 'wait' | null>(null);
  const [isOfferingWait, setOfferingWait] = useState(false);
  // A file that blocks, refused to one who takes attendance: said here, with « Inscrire quand même ».
  const [blocked, setBlocked] = useState<Refusal | null>(null);
  const offerOverride = (refusal: Refusal) => {
    if (!mayOverrideDossier(refusal, actor, event)) return false;
    setBlocked(refusal);
    return true;
  };
  const offerWait = () => setOfferingWait(true);
  const moves = registrationMoves(event, user.id, new Date());
  const asksStuff = event.stuffs_available.length > 0;
  // Giving a place up waits a few seconds for « Annuler » (held-move.ts).
  const leave = (key: 'unsubscribed' | 'left_waiting') =>
    holdGiveUp(
      event.uuid_event,
      user.id,
      key === 'unsubscribed' ? 'answer.give_up_held' : 'answer.leave_waiting_held',
      () =>
        void run(
          changeSubscription(user, event.uuid_event, false, [], actor),
          'unsubscribe_success',
          'unsubscribe_failed',
          { successText: named(key) },
        ),
    );
  // For themselves, a member gives one answer: the place freed and "not coming" recorded.
  const isOwn = actor.id === user.id;
  const stopComing = () =>
    holdGiveUp(
      event.uuid_event,
      user.id,
      'answer.give_up_held',
      () => void run(answerDecline(user, event.uuid_event, true), 'answer.declined_done', 'decline_failed'),
    );
  const subscribe = () =>
    asksStuff
      ? setAsking('subscribe')
      : void run(
          changeSubscription(user, event.uuid_event, true, [], actor),
          'subscribe_success',
          'subscribe_failed',
          {
            onFull: offerWait,
            successText: named('subscribed'),
            onRefused: offerOverride,
          },
        );
  const wait = () =>
    asksStuff
      ? setAsking('wait')
      : void run(
          joinWaitingList(user, event.uuid_event, [], actor),
          'subscribe_waiting_listed',
          'waiting_failed',
          {
            successText: named('waiting'),
          },
        );
  return (
    <>
      {isOwn && moves.canStopComing && (
        <button type="button" className="button" onClick={stopComing}>
          {t('answer.not_coming_anymore')}
        </button>
      )}
      {moves.canUnsubscribe && !(isOwn && moves.canStopComing) && (
        <button
          type="button"
          className="button"
          aria-label={named('unsubscribe_label')}
          onClick={() => leave('unsubscribed')}
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
          onClick={() => leave('left_waiting')}
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
            onFull={offerWait}
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
