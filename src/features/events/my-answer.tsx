import type { EventDto } from '@common/contract/event';
import type { User } from '@common/contract/user';
import { factsOf, mayAnswerDecline, standingOf } from '@common/rules/events';
import { useTranslation } from 'react-i18next';
import { answerDecline, useMyDecline } from '../../data/events';
import { myWaitingPosition } from './attendees/attendee-list';
import styles from './dialog.module.css';
import { useRunMove } from './run-move';

/** The member's own answer in words (inscrit, en liste d'attente 2e, ne vient pas), or null when none. */
export function useMyAnswerText(event: EventDto, user: User): string | null {
  const { t } = useTranslation();
  const isDeclined = useMyDecline(event.uuid_event, user.id) ?? false;
  const standing = standingOf(event, user.id);
  const position = myWaitingPosition(event, user.id);
  if (standing.isSubscribed) return t('answer.subscribed');
  if (position !== null)
    return t('answer.waiting_position', {
      position: t('attendees.position', { count: position, ordinal: true }),
    });
  return isDeclined ? t('answer.declined') : null;
}

/** "Ma réponse" in the sheet: the member's answer, and "Je ne viens pas" or taking it back. */
export function MyAnswer({ event, user }: { event: EventDto; user: User }) {
  const { t } = useTranslation();
  const run = useRunMove();
  const isDeclined = useMyDecline(event.uuid_event, user.id) ?? false;
  const text = useMyAnswerText(event, user);
  const canAnswer = mayAnswerDecline(factsOf(event), new Date()).ok;
  const answer = (decline: boolean) =>
    void run(
      answerDecline(user, event.uuid_event, decline),
      decline ? 'answer.declined_done' : 'answer.undone',
      'decline_failed',
    );
  if (!text && !canAnswer) return null;
  return (
    <section className={styles.section} data-testid="my-answer">
      <h3>{t('answer.title')}</h3>
      {text && <p className={styles.answer}>{text}</p>}
      {canAnswer && (
        <div className={styles.buttons}>
          {isDeclined ? (
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
    </section>
  );
}
