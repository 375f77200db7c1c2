import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { downloadMemberData } from '../../data/profile';
import { errorText } from '../../i18n/error-text';
import styles from './profile-section.module.css';

/**
 * « Mes données » (GDPR art. 15 and 20): the member downloads everything the club keeps about them as one
 * JSON file (online only: the server writes it).
 */
export function MyDataSection({ userId, isOnline }: { userId: string; isOnline: boolean }) {
  const { t } = useTranslation();
  const headingId = useId();
  const [isBusy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function download() {
    setBusy(true);
    setError(null);
    try {
      await downloadMemberData(userId);
    } catch (failure) {
      setError(errorText(t, failure));
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className={styles.section} aria-labelledby={headingId}>
      <h2 id={headingId}>{t('myData.title')}</h2>
      <p className={styles.note}>{t('myData.intro')}</p>
      {!isOnline && <p className={styles.note}>{t('myData.offline')}</p>}
      {error && <p role="alert">{error}</p>}
      <div>
        <button
          type="button"
          className="button"
          disabled={!isOnline || isBusy}
          onClick={() => void download()}
        >
          {isBusy ? t('myData.downloading') : t('myData.download')}
        </button>
      </div>
    </section>
  );
}
