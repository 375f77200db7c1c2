import { type AttendanceStatus, isPresentStatus } from '@common/contract/attendance-status';
import type { Dossier } from '@common/contract/member-file';
import type { ChecklistRow, KitItem } from '@common/rules/checklist-rows';
import { memo, type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useStore } from 'zustand';
import type { PendingChecksStore, VenueMinor } from '../../data/checklist';
import styles from './checklist-row.module.css';
import { type HandOutControl, isSameKitShown } from './checklist-rows';
import { isSameDossier } from './dossier-badge';
import { KitCell } from './kit-cell';
import { PersonCell } from './person-cell';
import type { TickFacts } from './tick-note';
import type { TickStore } from './tick-store';

interface Props {
  row: ChecklistRow;
  canTick: boolean;
  /** False when nobody on the list booked equipment: the column is left out. */
  showsStuff: boolean;
  /** The writes not delivered yet: this row reads the status of its own (shown), if one waits. */
  pending: PendingChecksStore;
  /** Who set the row's status and when (attendance record); absent when unknown or not readable. */
  tick: TickFacts | undefined;
  /** The club's time zone, for the tick's time; undefined until read, when no note is shown. */
  timeZone: string | undefined;
  ticks: TickStore;
  /** The member's phone, from the attendance record, for a call to someone late. */
  phone: string | null;
  /** A minor's guardians and venue consents (docs/rules.md#families); undefined for anyone else. */
  minor?: VenueMinor;
  /** A member's file on the event's day, as the server computed it (docs/rules.md#members-file). */
  dossier?: Dossier | undefined;
  /** The status list's options, made once by the table for every row (they name no one). */
  statusOptions: ReactNode;
  /** Stable across renders, so a tick elsewhere never re-renders this row. */
  onSetStatus(row: ChecklistRow, status: AttendanceStatus): void;
  /** « Remis » or « Rendu » tapped on one booked item; stable like onSetStatus. */
  onHandOut(row: ChecklistRow, item: KitItem, control: HandOutControl): void;
}

const TONES: Record<AttendanceStatus, string> = {
  present: 'row-checked',
  late: 'row-checked',
  excused: 'row-plain',
  absent: 'row-plain',
};

function ChecklistRowView({
  row,
  canTick,
  showsStuff,
  pending,
  tick,
  timeZone,
  ticks,
  phone,
  minor,
  dossier,
  statusOptions,
  onSetStatus,
  onHandOut,
}: Props) {
  const { t } = useTranslation();
  const shown = useStore(ticks, (s) => s.ticks.get(row.key));
  const pendingStatus = useStore(pending, (s) => s.pending?.get(row.key));
  const isPending = pendingStatus !== undefined;
  // The device's state: a write not delivered yet, over the cached event's.
  const stored = pendingStatus ?? row.status;
  const status = shown?.status ?? stored;
  const isChecked = isPresentStatus(status);
  useEffect(() => {
    if (shown && shown.writing === 0 && shown.status === stored) ticks.getState().release(row.key);
  }, [shown, stored, row.key, ticks]);

  // The tick is the quick way: present, or back to absent (a late arrival unticked is absent too).
  const toggle = () => onSetStatus(row, isChecked ? 'absent' : 'present');
  const tone = row.kind === 'guest' && !isChecked ? 'row-guest' : TONES[status];
  return (
    // A click anywhere on the row toggles it; the button in the last cell is the keyboard's way in.
    <tr
      className={`checklist-row ${tone} ${row.kind === 'guest' ? styles.guest : ''}`}
      data-testid="checklist-row"
      data-kind={row.kind}
      onClick={canTick ? toggle : undefined}
    >
      <PersonCell
        row={row}
        phone={phone}
        minor={minor}
        dossier={dossier}
        // The record says who set the state shown; a write not yet delivered is not in it yet.
        note={
          tick && !isPending && (tick.status ?? (tick.is_checked ? 'present' : 'absent')) === status
            ? tick
            : undefined
        }
        timeZone={timeZone}
      />
      {showsStuff && (
        <td>
          <KitCell row={row} canTick={canTick} onHandOut={onHandOut} />
        </td>
      )}
      <td className={styles.state}>
        {canTick ? (
          <span className={styles.controls}>
            <button
              type="button"
              className="check-button"
              aria-pressed={isChecked}
              aria-label={t('checklist.check_label', { name: row.name })}
              onClick={(e) => {
                e.stopPropagation();
                toggle();
              }}
            >
              {/* Always in the button, hidden while unticked: a tick changes a style, so the browser
                  redraws the button without laying out the 300-row table again. */}
              <span className={isChecked ? undefined : styles.hidden} aria-hidden="true">
                ✔
              </span>
            </button>
            {/* Always laid out and shown only while pending: a write going pending or delivered
                  repaints the row, never a layout of the whole table. */}
            <span
              className={`badge badge-pending ${isPending ? '' : styles.hidden}`}
              data-testid={isPending ? 'pending-marker' : undefined}
              aria-hidden={!isPending}
            >
              {t('sync.pending_short')}
            </span>
            {/* Its own box of a fixed size: the status's new text lays out this box, not the 300-row table. */}
            <span className={styles.statusBox}>
              <select
                className={styles.status}
                aria-label={t('attendanceStatus.label', { name: row.name })}
                value={status}
                onClick={(e) => e.stopPropagation()}
                onChange={(e) => onSetStatus(row, e.target.value as AttendanceStatus)}
              >
                {statusOptions}
              </select>
            </span>
          </span>
        ) : (
          <span className="check-state">{t(`attendanceStatus.${status}`)}</span>
        )}
        {!canTick && isPending && (
          <span className="badge badge-pending" data-testid="pending-marker">
            {t('sync.pending_short')}
          </span>
        )}
      </td>
    </tr>
  );
}

const isSameRow = (a: Props, b: Props) =>
  a.row.key === b.row.key &&
  a.row.name === b.row.name &&
  a.row.stuff === b.row.stuff &&
  isSameKitShown(a.row.kit, b.row.kit) &&
  a.row.status === b.row.status &&
  a.row.kind === b.row.kind &&
  a.row.userId === b.row.userId &&
  a.canTick === b.canTick &&
  a.showsStuff === b.showsStuff &&
  a.pending === b.pending &&
  a.tick?.is_checked === b.tick?.is_checked &&
  a.tick?.status === b.tick?.status &&
  a.tick?.checked_at === b.tick?.checked_at &&
  a.tick?.checked_by === b.tick?.checked_by &&
  a.tick?.received_at === b.tick?.received_at &&
  a.timeZone === b.timeZone &&
  a.phone === b.phone &&
  a.minor === b.minor &&
  isSameDossier(a.dossier, b.dossier) &&
  a.ticks === b.ticks &&
  a.statusOptions === b.statusOptions &&
  a.onSetStatus === b.onSetStatus &&
  a.onHandOut === b.onHandOut;

/** One checklist row, re-rendered only when its own data, its pending mark or its shown status changes: the
 * last two it reads from stores, so a tick renders its row alone, never the table. */
export const MemoChecklistRow = memo(ChecklistRowView, isSameRow);
