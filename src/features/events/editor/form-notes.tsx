import { useTranslation } from 'react-i18next';
import styles from './editor.module.css';

/** Under a form's fields: why the last send failed, and why the buttons are off while offline. */
export function FormNotes({
  error,
  isOnline,
  offlineId,
}: {
  error: string | null;
  isOnline: boolean;
  offlineId: string;
}) {
  const { t } = useTranslation();
  return (
    <>
      {error && (
        <p className={styles.error} role="alert">
          {error}
        </p>
      )}
      {!isOnline && (
        <p id={offlineId} className={styles.hint} role="status">
          {t('eventForm.offline')}
        </p>
      )}
    </>
  );
}
