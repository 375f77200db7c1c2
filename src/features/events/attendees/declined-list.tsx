import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type DeclineEntry, fetchEventDeclines } from '../../../data/declines';
import { useIsOnline } from '../../../data/sync-status';
import styles from './attendees.module.css';

/** Those who answered "not coming", for organisers only (a decline is not an attendance status). */
export function DeclinedList({ eventUuid }: { eventUuid: string }) {
  const { t } = useTranslation();
  const isOnline = useIsOnline();
  const [declines, setDeclines] = useState<DeclineEntry[] | null>(null);
  useEffect(() => {
    let isCurrent = true;
    if (!isOnline) return;
    fetchEventDeclines(eventUuid).then(
      (list) => isCurrent && setDeclines(list),
      () => undefined,
    );
    return () => {
      isCurrent = false;
    };
  }, [eventUuid, isOnline]);

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
