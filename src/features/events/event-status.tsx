import type { EventFacts, Standing } from '@common/rules/events';
import { isFull, isPast } from '@common/rules/events';
import { useTranslation } from 'react-i18next';
import { Icon, type IconName } from '../../ui/icons';
import styles from './event-row.module.css';

function Status({ icon, text, tone }: { icon: IconName; text: string; tone?: string }) {
  return (
    <span className={`${styles.status} ${tone ?? ''}`}>
      <Icon name={icon} />
      {text}
    </span>
  );
}

/**
 * The row's state, each as an icon with its words beside it (never colour alone). `waitingText`: the
 * member's place in line ("En liste d'attente : 2e"); `isDeclined`: they answered "not coming".
 */
export function EventStatus({
  facts,
  standing,
  now,
  waitingText,
  isDeclined = false,
}: {
  facts: EventFacts;
  standing: Standing;
  now: Date;
  waitingText?: string | null;
  isDeclined?: boolean;
}) {
  const { t } = useTranslation();
  const isOpen = !facts.isCancelled && !isPast(facts, now);
  return (
    <>
      {facts.isCancelled && <Status icon="cancelled" text={t('events.cancelled')} tone={styles.muted} />}
      {!facts.isCancelled && isPast(facts, now) && (
        <Status icon="past" text={t('events.past')} tone={styles.muted} />
      )}
      {standing.isSubscribed && <Status icon="check" text={t('events.subscribed')} tone={styles.ok} />}
      {standing.guestCount > 0 && (
        <Status icon="guests" text={t('events.guests_badge', { count: standing.guestCount })} />
      )}
      {standing.isWaiting && <Status icon="clock" text={waitingText ?? t('events.waiting')} />}
      {isDeclined && !standing.isSubscribed && !standing.isWaiting && (
        <Status icon="cancelled" text={t('answer.declined')} tone={styles.muted} />
      )}
      {isOpen &&
        (isFull(facts) ? (
          <Status icon="lock" text={t('events.full')} tone={styles.full} />
        ) : (
          <Status icon="open" text={t('events.open')} />
        ))}
    </>
  );
}
