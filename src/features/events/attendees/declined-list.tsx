import { useTranslation } from 'react-i18next';
import { declineName } from '../../../data/declines';
import { useEventDeclines } from '../../../data/event-declines';
import styles from './attendees.module.css';

/**
 * Those who answered "not coming", by name, for organisers only (a decline is not an attendance status): the list
 * kept on this device at once, read again whenever the network is there.
 */
export function DeclinedList({ eventUuid }: { eventUuid: string }) {
  const { t } = useTranslation();
  const { declines, isOnline } = useEventDeclines(eventUuid);

  if (declines === undefined) return null;
  if (declines === null)
    return isOnline ? null : <p className={styles.hint}>{t('attendees.declined_offline')}</p>;
  if (declines.length === 0) return null;
  return (
    <>
      <h4 className={styles.subtitle}>{t('attendees.declined_title', { count: declines.length })}</h4>
      <ul className={styles.list} data-testid="declined-list">
        {declines.map((d) => (
          <li key={d.uuid_user} className={styles.person}>
            <span className={styles.name}>{declineName(d)}</span>
          </li>
        ))}
      </ul>
    </>
  );
}
