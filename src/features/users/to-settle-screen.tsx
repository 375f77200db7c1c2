import { clubDayOf } from '@common/rules/club-time';
import { dayLabel } from '@common/rules/date-display';
import { fileNameOf } from '@common/rules/file-names';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import {
  type DossierToSettle,
  downloadDossiersToSettleCsv,
  useDossiersToSettle,
} from '../../data/dossiers-to-settle';
import { useClubTimeZone } from '../../data/settings';
import { useIsOnline } from '../../data/sync-status';
import { errorText } from '../../i18n/error-text';
import { showToast } from '../../state/toast-store';
import { ScreenHeader } from '../../ui/screen-header';
import { LoadFailure } from './load-failure';
import styles from './to-settle.module.css';

/**
 * /settings/to-settle (Admins, docs/rules.md#members-file): the members whose licence or health papers need an
 * action, most urgent first, each with the file's state and reasons in words and a link to their page, and the
 * same list as a CSV. Online only: the reasons are health data, never kept on the phone.
 */
export function ToSettleScreen() {
  const { t } = useTranslation();
  const isOnline = useIsOnline();
  const timeZone = useClubTimeZone() ?? 'Europe/Paris';
  const { read, reload } = useDossiersToSettle();
  const [isDownloading, setDownloading] = useState(false);

  const download = async () => {
    setDownloading(true);
    try {
      const today = clubDayOf(new Date(), timeZone);
      await downloadDossiersToSettleCsv(fileNameOf([t('fileNames.dossiers_to_settle'), today], 'csv'));
    } catch (error) {
      showToast('error', 'error_fetch', errorText(t, error));
    } finally {
      setDownloading(false);
    }
  };

  return (
    <section className={styles.screen}>
      <ScreenHeader
        backTo="/settings/users"
        backLabel={t('users.back_to_list')}
        title={t('memberFile.toSettle.title')}
      />
      <p className={styles.intro}>{t('memberFile.toSettle.intro')}</p>
      <div className={styles.actions}>
        <button
          type="button"
          className="button"
          disabled={!isOnline || isDownloading}
          aria-describedby={isOnline ? undefined : 'to-settle-offline'}
          onClick={() => void download()}
        >
          {isDownloading ? t('memberFile.toSettle.downloading') : t('memberFile.toSettle.download')}
        </button>
      </div>
      {!isOnline && (
        <p id="to-settle-offline" className={styles.intro} role="status">
          {t('memberFile.toSettle.offline')}
        </p>
      )}
      {read.state === 'reading' && <p role="status">{t('app.loading')}</p>}
      {read.state === 'failed' && (
        <LoadFailure messageKey="memberFile.toSettle.load_error" error={read.error} onRetry={reload} />
      )}
      {read.state === 'read' && read.entries.length === 0 && (
        <p role="status">{t('memberFile.toSettle.empty')}</p>
      )}
      {read.state === 'read' && read.entries.length > 0 && (
        <ul className={styles.list} aria-label={t('memberFile.toSettle.list')}>
          {read.entries.map((entry) => (
            <EntryItem key={entry.id} entry={entry} />
          ))}
        </ul>
      )}
    </section>
  );
}

/** One member: the name as a link to their page, the file's state, what to do, the licence known. */
function EntryItem({ entry }: { entry: DossierToSettle }) {
  const { t, i18n } = useTranslation();
  const name =
    [entry.first_name, entry.last_name].filter(Boolean).join(' ').trim() || t('memberFile.toSettle.unnamed');
  const severe = entry.status === 'missing' || entry.status === 'expired';
  return (
    <li className={`card ${styles.entry}`}>
      <Link
        to={`/settings/user/${entry.id}`}
        className={styles.name}
        aria-label={t('memberFile.toSettle.open_member', { name })}
      >
        {name}
      </Link>
      <p className={`${styles.status} ${severe ? styles[entry.status] : ''}`}>
        {t(`memberFile.status.${entry.status}`)}
      </p>
      {entry.reasons.length > 0 && (
        <ul className={styles.reasons}>
          {entry.reasons.map((reason) => (
            <li key={reason}>{t(`memberFile.reason.${reason}`)}</li>
          ))}
        </ul>
      )}
      {entry.ends_on && (
        <p className={styles.detail}>
          {t('memberFile.toSettle.ends_on', { date: dayLabel(entry.ends_on, i18n.language) })}
        </p>
      )}
      <p className={styles.detail}>
        {entry.licence
          ? t('memberFile.toSettle.licence', { season: entry.licence.season, number: entry.licence.number })
          : t('memberFile.toSettle.no_licence')}
      </p>
    </li>
  );
}
