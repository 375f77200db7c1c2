import { type AttendanceEntry, wasSentOffline } from '@common/contract/attendance';
import { clubTimeOf } from '@common/rules/club-time';
import type { TFunction } from 'i18next';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './attendance.module.css';

export type TickFacts = Pick<
  AttendanceEntry,
  'is_checked' | 'status' | 'checked_by' | 'checked_at' | 'received_at'
>;

/** "Pointé par X à HH:mm", and "envoyé hors ligne, reçu à HH:mm" when it reached the server late. */
function noteText(
  t: TFunction,
  entry: TickFacts,
  timeZone: string,
): { tick: string; offline: string | null } {
  const at = (iso: string) => clubTimeOf(new Date(iso), timeZone);
  const key =
    entry.status === 'late' || entry.status === 'excused'
      ? `attendanceStatus.${entry.status}_by`
      : entry.is_checked
        ? 'attendance.ticked_by'
        : 'attendance.unticked_by';
  const tick = t(key, {
    name: entry.checked_by,
    time: at(entry.checked_at as string),
  });
  const offline = wasSentOffline(entry)
    ? t('attendance.sent_offline', { time: at(entry.received_at as string) })
    : null;
  return { tick, offline };
}

/**
 * Under a row's name: who set its current check and when, from the attendance record. The club's time
 * zone comes from the table, read once: a live query per row made 300 Dexie subscribers, each woken by
 * every tick's commit before the row could show it.
 */
export const TickNote = memo(function TickNote({ entry, timeZone }: { entry: TickFacts; timeZone: string }) {
  const { t } = useTranslation();
  if (entry.checked_at === null || entry.checked_by === null) return null;
  const { tick, offline } = noteText(t, entry, timeZone);
  return (
    <small className={styles.note} data-testid="tick-note">
      {tick}
      {offline && (
        <>
          {' · '}
          <span className={styles.offline}>{offline}</span>
        </>
      )}
    </small>
  );
});
