import type { EventDto } from '@common/contract/event';
import type { User } from '@common/contract/user';
import { factsOf, mayAnswerDecline, standingOf } from '@common/rules/events';
import { useTranslation } from 'react-i18next';
import { answerDecline, useEventMarks } from '../../data/events';
import { heldMoveKey, useIsMoveHeld } from '../../data/held-moves';
import styles from './dialog.module.css';
import { holdGiveUp } from './held-move';
import { useRunMove } from './run-move';
import { myWaitingPosition } from './waiting-position';

/** The member's own answer in words (inscrit, en liste d'attente 2e, ne vient pas), or null when none. */
export function useMyAnswerText(event: EventDto, user: User): string | null {
  const { t } = useTranslation();
  const isDeclined = useEventMarks([event.uuid_event], user.id).declined.has(event.uuid_event);
  const standing = standingOf(event, user.id);
  const position = myWaitingPosition(event, user.id);
  if (standing.isSubscribed) return t('answer.subscribed');
  if (position !== null)
    return t('answer.waiting_position', {
      position: t('attendees.position', { count: position, ordinal: true }),
    });
  return isDeclined ? t('answer.declined') : null;
}

/**
 * "Ma réponse" in the sheet: the member's answer, and "Je ne viens pas" or taking it back. Subscribed, the one
 * answer is « Je ne viens plus »: it frees the place and records "not coming" (docs/rules.md#subscriptions),
 * after a few seconds in which « Annuler » sends nothing (held-move.ts).
 */
export function MyAnswer({ event, user }: { event: EventDto; user: User }) {
  const { t } = useTranslation();
  const run = useRunMove();
  const isDeclined = useEventMarks([event.uuid_event], user.id).declined.has(event.uuid_event);
  const isHeld = useIsMoveHeld(heldMoveKey(event.uuid_event, user.id));
  const text = useMyAnswerText(event, user);
  const standing = standingOf(event, user.id);
  const canAnswer = mayAnswerDecline(factsOf(event), new Date()).ok;
  const send = (decline: boolean) =>
    void run(
      answerDecline(user, event.uuid_event, decline),
      decline ? 'answer.declined_done' : 'answer.undone',
      'decline_failed',
    );
  // Declining leaves a place or a spot in line: held first, as leaving is.
  const answer = (decline: boolean) =>
    decline && (standing.isSubscribed || standing.isWaiting)
      ? holdGiveUp(
          event.uuid_event,
          user.id,
          standing.isSubscribed ? 'answer.give_up_held' : 'answer.leave_waiting_held',
          () => send(true),
        )
      : send(decline);
  if (!text && !canAnswer) return null;
  return (
    <section className={styles.section} data-testid="my-answer">
      <h3>{t('answer.title')}</h3>
      {text && <p className={styles.answer}>{text}</p>}
      {canAnswer && isHeld && <p className={styles.hint}>{t('answer.held')}</p>}
      {canAnswer && !isHeld && (
        <div className={styles.buttons}>
          {standing.isSubscribed ? (
            <button type="button" className="button" onClick={() => answer(true)}>
              {t('answer.not_coming_anymore')}
            </button>
          ) : isDeclined ? (
            <button type="button" className="button" onClick={() => answer(false)}>
              {t('answer.undo_decline')}
            </button>
          ) : (
            <button type="button" className="button" onClick={() => answer(true)}>
              {t('answer.decline')}
            </button>
          )}
        </div>
      )}
      {/* Both « Je ne viens pas » and « Quitter la liste d'attente » show: what the first does too. */}
      {canAnswer && !isHeld && standing.isWaiting && (
        <p className={styles.hint}>{t('registration.decline_leaves_waiting')}</p>
      )}
    </section>
  );
}
