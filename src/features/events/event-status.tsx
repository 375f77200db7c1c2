import { useTranslation } from 'react-i18next';
import type { EventFacts, Standing } from '../../common/rules/events';
import { isFull, isPast } from '../../common/rules/events';
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

/** The row's state, each as an icon with its words beside it (never colour alone). */
export function EventStatus({ facts, standing, now }: { facts: EventFacts; standing: Standing; now: Date }) {
  const { t } = useTranslation();
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
      {standing.isWaiting && <Status icon="clock" text={t('events.waiting')} />}
      {isFull(facts) ? (
        <Status icon="lock" text={t('events.full')} tone={styles.full} />
      ) : (
        <Status icon="open" text={t('events.open')} />
      )}
    </>
  );
}
