import { useTranslation } from 'react-i18next';
import { errorText } from '../../i18n/error-text';
import styles from './users.module.css';

/** A failed read said in words (`messageKey` takes the reason), with a retry. */
export function LoadFailure({
  messageKey,
  error,
  onRetry,
}: {
  messageKey: string;
  error: unknown;
  onRetry: () => void;
}) {
  const { t } = useTranslation();
  return (
    <div role="alert" className={styles.failure}>
      <p>{t(messageKey, { reason: errorText(t, error) })}</p>
      <button type="button" className="button" onClick={onRetry}>
        {t('app.retry')}
      </button>
    </div>
  );
}
