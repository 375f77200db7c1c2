import type { EventDto } from '@common/contract/event';
import type { User } from '@common/contract/user';
import { mayTakeAttendance } from '@common/rules/attendance';
import { factsOf } from '@common/rules/events';
import type { TFunction } from 'i18next';
import { answerDecline, changeSubscription, joinWaitingList } from '../../data/events';
import { holdGiveUp } from './held-move';
import { type Refusal, runMove } from './run-move';

/** A one-tap answer of the week's row (quick-actions.tsx). */
export type QuickMove = 'subscribe' | 'wait' | 'unsubscribe' | 'leave_waiting' | 'stop_coming';

/** What a tap needs from the row that offered it, and what it may ask the row to show next. */
export interface QuickMoveContext {
  t: TFunction;
  event: EventDto;
  /** Who the answer is for; `actor`, who gives it (a guardian for their child, docs/rules.md#families). */
  user: User;
  actor: User;
  /** The guardian's words naming the child (quick-actions.tsx). */
  named: (key: string) => string | undefined;
  /** The tap's time: the move's, however late this chunk came. */
  at: number;
  /** The last place just went: offer the waiting list. */
  offerWait: () => void;
  /** A file that blocks, refused to one who takes attendance: offer « Inscrire quand même ». */
  offerOverride: (refusal: Refusal) => void;
}

/**
 * Whether this refusal may be overridden by `actor`: a file that blocks (409 `dossier_incomplete`), refused to one
 * who takes attendance at the event, who may subscribe that member anyway (docs/rules.md#members-file).
 */
const mayOverrideDossier = (refusal: Refusal, actor: User, event: EventDto): boolean =>
  refusal.code === 'dossier_incomplete' && mayTakeAttendance(actor, factsOf(event)).ok;

/**
 * Runs a row's one-tap answer: the same queued writes as the event's sheet (docs/rules.md#subscriptions), the
 * later texts already in (their toasts' words). Giving a place up waits a few seconds for « Annuler »
 * (held-move.ts). A booking that asks which kit never comes here: the row opens its dialog itself.
 */
export function runQuickMove(move: QuickMove, context: QuickMoveContext): void {
  const { t, event, user, actor, named, at } = context;
  const uuid = event.uuid_event;
  switch (move) {
    case 'subscribe':
      void runMove(
        t,
        changeSubscription(user, uuid, true, [], actor, false, at),
        'subscribe_success',
        'subscribe_failed',
        {
          onFull: context.offerWait,
          successText: named('subscribed'),
          onRefused: (refusal) => {
            if (!mayOverrideDossier(refusal, actor, event)) return false;
            context.offerOverride(refusal);
            return true;
          },
        },
      );
      return;
    case 'wait':
      void runMove(
        t,
        joinWaitingList(user, uuid, [], actor, at),
        'subscribe_waiting_listed',
        'waiting_failed',
        {
          successText: named('waiting'),
        },
      );
      return;
    case 'unsubscribe':
    case 'leave_waiting': {
      const key = move === 'unsubscribe' ? 'unsubscribed' : 'left_waiting';
      holdGiveUp(
        uuid,
        user.id,
        move === 'unsubscribe' ? 'answer.give_up_held' : 'answer.leave_waiting_held',
        () => {
          void runMove(
            t,
            changeSubscription(user, uuid, false, [], actor),
            'unsubscribe_success',
            'unsubscribe_failed',
            {
              successText: named(key),
            },
          );
        },
      );
      return;
    }
    case 'stop_coming':
      // For themselves, a member gives one answer: the place freed and "not coming" recorded.
      holdGiveUp(uuid, user.id, 'answer.give_up_held', () => {
        void runMove(t, answerDecline(user, uuid, true), 'answer.declined_done', 'decline_failed');
      });
      return;
  }
}
