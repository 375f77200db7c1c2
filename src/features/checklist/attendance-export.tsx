import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { downloadAttendanceCsv } from '../../data/attendance';
import { useIsOnline } from '../../data/sync-status';
import { errorText } from '../../i18n/error-text';
import { showToast } from '../../state/toast-store';
import styles from './attendance.module.css';

/** The attendance CSV for the federation: online only, and offline it says why the button waits. */
export function AttendanceExport({ eventUuid }: { eventUuid: string }) {
  const { t } = useTranslation();
  const isOnline = useIsOnline();
  const [isBusy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      await downloadAttendanceCsv(eventUuid);
    } catch (error) {
      showToast('error', 'error_fetch', errorText(t, error));
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className={styles.export}>
      <button
        type="button"
        className="button"
        disabled={!isOnline || isBusy}
        aria-describedby={isOnline ? undefined : 'attendance-offline-reason'}
        onClick={() => void download()}
      >
        {isBusy ? t('attendance.downloading') : t('attendance.download')}
      </button>
      {!isOnline && (
        <span id="attendance-offline-reason" className={styles.reason}>
          {t('attendance.offline')}
        </span>
      )}
    </div>
  );
}
