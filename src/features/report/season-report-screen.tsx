import { seasonReportScope } from '@common/rules/attendance';
import { clubDayOf } from '@common/rules/club-time';
import { seasonReportFileName } from '@common/rules/file-names';
import { useCallback, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  downloadSeasonReportCsv,
  fetchSeasonReport,
  type SeasonReport,
  type SeasonReportQuery,
  seasonOf,
} from '../../data/report';
import { useClubTimeZone } from '../../data/settings';
import { useIsOnline } from '../../data/sync-status';
import { errorText } from '../../i18n/error-text';
import { useCurrentUser } from '../../state/session';
import { showToast } from '../../state/toast-store';
import form from '../../ui/form.module.css';
import { SettingsPage } from '../../ui/settings-page';
import { ReportChart } from './report-chart';
import { ReportTable } from './report-table';
import styles from './season-report.module.css';

type Loaded =
  | { status: 'idle' | 'loading' }
  | { status: 'failed'; error: string }
  | { status: 'ready'; report: SeasonReport };

/**
 * /settings/report: the season's figures per model and month, a chart, and the CSV (online); the club's for an
 * Admin, the events a Contributor organises for them (docs/rules.md#season-report).
 */
export function SeasonReportScreen() {
  const { t, i18n } = useTranslation();
  const id = useId();
  const isOnline = useIsOnline();
  const user = useCurrentUser();
  const timeZone = useClubTimeZone();
  const [query, setQuery] = useState<SeasonReportQuery | null>(null);
  const [loaded, setLoaded] = useState<Loaded>({ status: 'idle' });
  const [isDownloading, setDownloading] = useState(false);

  const show = useCallback(
    (wanted: SeasonReportQuery) => {
      setLoaded({ status: 'loading' });
      fetchSeasonReport(wanted).then(
        (report) => setLoaded({ status: 'ready', report }),
        (error: unknown) => setLoaded({ status: 'failed', error: errorText(t, error) }),
      );
    },
    [t],
  );

  // The current season, shown as soon as the club's time zone is known.
  useEffect(() => {
    if (!timeZone || query) return;
    const season = seasonOf(clubDayOf(new Date(), timeZone));
    setQuery(season);
    if (isOnline) show(season);
  }, [timeZone, query, isOnline, show]);

  const monthLabel = (month: string) =>
    new Intl.DateTimeFormat(i18n.language, { month: 'short', year: '2-digit', timeZone: 'UTC' }).format(
      new Date(`${month}-01T00:00:00Z`),
    );

  const download = async () => {
    if (loaded.status !== 'ready') return;
    setDownloading(true);
    try {
      const { from, to } = loaded.report;
      await downloadSeasonReportCsv(
        { from, to },
        seasonReportFileName(t('fileNames.season_report'), from, to),
      );
    } catch (error) {
      showToast('error', 'error_fetch', errorText(t, error));
    } finally {
      setDownloading(false);
    }
  };

  const isValid = query !== null && query.from !== '' && query.to !== '' && query.to >= query.from;
  return (
    <SettingsPage title={t('report.title')}>
      <p className={styles.note}>{t('report.intro')}</p>
      {user && seasonReportScope(user) === 'own' && (
        <p className={styles.note} role="note">
          {t('report.own_events')}
        </p>
      )}
      {query && (
        <form
          className={styles.filters}
          onSubmit={(e) => {
            e.preventDefault();
            if (isValid) show(query);
          }}
        >
          <label>
            {t('report.from')}
            <input
              type="date"
              value={query.from}
              onChange={(e) => setQuery({ ...query, from: e.target.value })}
              required
            />
          </label>
          <label>
            {t('report.to')}
            <input
              type="date"
              value={query.to}
              min={query.from}
              onChange={(e) => setQuery({ ...query, to: e.target.value })}
              required
            />
          </label>
          <button
            type="submit"
            className="button button-primary"
            disabled={!isOnline || !isValid || loaded.status === 'loading'}
            aria-describedby={isOnline ? undefined : `${id}-offline`}
          >
            {t('report.show')}
          </button>
          <button
            type="button"
            className="button"
            disabled={!isOnline || loaded.status !== 'ready' || isDownloading}
            aria-describedby={isOnline ? undefined : `${id}-offline`}
            onClick={() => void download()}
          >
            {isDownloading ? t('attendance.downloading') : t('report.download')}
          </button>
        </form>
      )}
      {!isOnline && (
        <p id={`${id}-offline`} className={styles.note} role="status">
          {t('report.offline')}
        </p>
      )}
      {loaded.status === 'loading' && <p role="status">{t('app.loading')}</p>}
      {loaded.status === 'failed' && (
        <p className={form.failure} role="alert">
          {t('report.load_error')} {loaded.error}
        </p>
      )}
      {loaded.status === 'ready' && loaded.report.rows.length === 0 && (
        <p role="status">{t('report.empty')}</p>
      )}
      {loaded.status === 'ready' && loaded.report.rows.length > 0 && (
        <>
          <ReportChart rows={loaded.report.rows} monthLabel={monthLabel} />
          <ReportTable report={loaded.report} monthLabel={monthLabel} />
          <p className={styles.note}>{t('report.definitions')}</p>
        </>
      )}
    </SettingsPage>
  );
}
