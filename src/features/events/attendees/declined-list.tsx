import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { refreshEventDeclines, useKeptDeclines } from '../../../data/declines';
import { useIsOnline } from '../../../data/sync-status';
import styles from './attendees.module.css';

/**
 * Those who answered "not coming", for organisers only (a decline is not an attendance status): the list
 * kept on this device at once, read again whenever the network is there.
 */
export function DeclinedList({ eventUuid }: { eventUuid: string }) {
  const { t } = useTranslation();
  const isOnline = useIsOnline();
  const declines = useKeptDeclines(eventUuid);
  useEffect(() => {
    // A failed read keeps the list as last read: the sheet never empties because the signal dropped.
    if (isOnline) refreshEventDeclines(eventUuid).catch(() => undefined);
  }, [eventUuid, isOnline]);

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
            <span className={styles.name}>{d.username}</span>
          </li>
        ))}
      </ul>
    </>
  );
}
