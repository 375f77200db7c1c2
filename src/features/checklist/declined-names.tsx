import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { declineName } from '../../data/declines';
import { useEventDeclines } from '../../data/event-declines';
import styles from './declined-names.module.css';

/**
 * « Ne viennent pas » on the checklist, by name: those who answered they are not coming, so the organiser at the
 * venue does not wait for them (a decline is not an attendance status, so they have no row to tick). Kept on the
 * device as the sheet keeps it, read again whenever the network is there.
 */
export function DeclinedNames({ eventUuid }: { eventUuid: string }) {
  const { t } = useTranslation();
  const id = useId();
  const { declines, isOnline } = useEventDeclines(eventUuid);

  if (declines === undefined) return null;
  if (declines === null)
    return isOnline ? null : <p className={styles.hint}>{t('attendees.declined_offline')}</p>;
  if (declines.length === 0) return null;
  return (
    <section className={styles.declined} aria-labelledby={id}>
      <h2 id={id} className={styles.title}>
        {t('attendees.declined_title', { count: declines.length })}
      </h2>
      <ul className={styles.names}>
        {declines.map((d) => (
          <li key={d.uuid_user}>{declineName(d)}</li>
        ))}
      </ul>
    </section>
  );
}
