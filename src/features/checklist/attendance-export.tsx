import type { EventDto } from '@common/contract/event';
import { clubDayOf } from '@common/rules/club-time';
import { eventTitle } from '@common/rules/event-words';
import { attendanceFileName } from '@common/rules/file-names';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { downloadAttendanceCsv } from '../../data/attendance';
import { useClubTimeZone } from '../../data/settings';
import { useIsOnline } from '../../data/sync-status';
import { errorText } from '../../i18n/error-text';
import { showToast } from '../../state/toast-store';
import styles from './attendance.module.css';

type Exported = Pick<EventDto, 'uuid_event' | 'title' | 'model_name' | 'start_date'>;

/**
 * The attendance CSV for the federation: online only, and offline it says why the button waits. Named from
 * the event and its club day, « presences-sortie-riviere-2026-12-02.csv », as the server names it
 * (docs/rules.md#file-names).
 */
export function AttendanceExport({ event }: { event: Exported }) {
  const { t } = useTranslation();
  const isOnline = useIsOnline();
  const timeZone = useClubTimeZone();
  const [isBusy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    const day = timeZone ? clubDayOf(new Date(event.start_date), timeZone) : '';
    try {
      await downloadAttendanceCsv(
        event.uuid_event,
        attendanceFileName(t('fileNames.attendance'), eventTitle(event), day),
      );
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
