import type { User } from '@common/contract/user';
import { clubDayOf } from '@common/rules/club-time';
import { memberDataFileName } from '@common/rules/file-names';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { downloadMemberData, downloadMemberDataPage } from '../../data/profile';
import { useClubTimeZone } from '../../data/settings';
import { errorText } from '../../i18n/error-text';
import styles from './profile-section.module.css';

type Format = 'html' | 'json';
type Member = Pick<User, 'id' | 'username' | 'first_name' | 'last_name'>;

/**
 * « Mes données » (GDPR art. 15 and 20): the member downloads everything the club keeps about them, as a page
 * a person reads or as one JSON file for other software (online only: the server writes both), each named
 * as the server names it (docs/rules.md#file-names).
 */
export function MyDataSection({ user, isOnline }: { user: Member; isOnline: boolean }) {
  const { t } = useTranslation();
  const headingId = useId();
  const timeZone = useClubTimeZone();
  const [busy, setBusy] = useState<Format | null>(null);
  const [error, setError] = useState<string | null>(null);

  async function download(format: Format) {
    setBusy(format);
    setError(null);
    const names = user.first_name || user.last_name ? [user.first_name, user.last_name] : [user.username];
    const fileName = memberDataFileName(
      t('fileNames.member_data'),
      names,
      timeZone ? clubDayOf(new Date(), timeZone) : '',
      format,
    );
    try {
      await (format === 'html' ? downloadMemberDataPage : downloadMemberData)(user.id, fileName);
    } catch (failure) {
      setError(errorText(t, failure));
    } finally {
      setBusy(null);
    }
  }

  return (
    <section className={styles.section} aria-labelledby={headingId}>
      <h2 id={headingId}>{t('myData.title')}</h2>
      <p className={styles.note}>{t('myData.intro')}</p>
      {!isOnline && <p className={styles.note}>{t('myData.offline')}</p>}
      {error && <p role="alert">{error}</p>}
      <div className={styles.actions}>
        <button
          type="button"
          className="button"
          disabled={!isOnline || busy !== null}
          onClick={() => void download('html')}
        >
          {busy === 'html' ? t('myData.downloading') : t('myData.download_page')}
        </button>
        <button
          type="button"
          className="button"
          disabled={!isOnline || busy !== null}
          onClick={() => void download('json')}
        >
          {busy === 'json' ? t('myData.downloading') : t('myData.download')}
        </button>
      </div>
    </section>
  );
}
