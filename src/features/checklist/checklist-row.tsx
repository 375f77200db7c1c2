import { memo, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useStore } from 'zustand';
import type { ChecklistRow } from '../../common/rules/checklist-rows';
import styles from './checklist-row.module.css';
import { type TickFacts, TickNote } from './tick-note';
import type { TickStore } from './tick-store';

interface Props {
  row: ChecklistRow;
  canTick: boolean;
  /** The value of this row's tick not delivered yet (it is shown); undefined when none waits. */
  pendingCheck: boolean | undefined;
  /** Who set the row's check and when (attendance record); absent when unknown or not readable. */
  tick: TickFacts | undefined;
  /** The club's time zone, for the tick's time; undefined until read, when no note is shown. */
  timeZone: string | undefined;
  ticks: TickStore;
  /** Issue 28: the member's phone, from the attendance record, for a call to someone late. */
  phone: string | null;
  /** Stable across renders, so a tick elsewhere never re-renders this row. */
  onToggle(row: ChecklistRow, isChecked: boolean): void;
}

function ChecklistRowView({ row, canTick, pendingCheck, tick, timeZone, ticks, phone, onToggle }: Props) {
  const { t } = useTranslation();
  const shown = useStore(ticks, (s) => s.ticks.get(row.key));
  const isPending = pendingCheck !== undefined;
  // The device's state: a tick not delivered yet, over the cached event's.
  const stored = pendingCheck ?? row.isChecked;
  const isChecked = shown?.isChecked ?? stored;
  useEffect(() => {
    if (shown && shown.writing === 0 && shown.isChecked === stored) ticks.getState().release(row.key);
  }, [shown, stored, row.key, ticks]);

  const toggle = () => onToggle(row, !isChecked);
  const tone = isChecked ? 'row-checked' : row.isInvited ? 'row-guest' : 'row-plain';
  return (
    // A click anywhere on the row toggles it; the button in the last cell is the keyboard's way in.
    <tr
      className={`checklist-row ${tone}`}
      data-testid="checklist-row"
      onClick={canTick ? toggle : undefined}
    >
      <td>
        {row.name}
        {phone && (
          // A call, not a tick: the click stays on the link.
          <a
            className={styles.phone}
            href={`tel:${phone.replace(/\s/g, '')}`}
            aria-label={t('checklistCount.call', { name: row.name, phone })}
            onClick={(e) => e.stopPropagation()}
          >
            <span aria-hidden="true">☎ </span>
            {phone}
          </a>
        )}
        {/* The record says who set the state shown; a tick not yet delivered is not in it yet. */}
        {tick && timeZone && !isPending && tick.is_checked === isChecked && (
          <TickNote entry={tick} timeZone={timeZone} />
        )}
      </td>
      <td>{row.stuff}</td>
      <td className={styles.state}>
        {canTick ? (
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
        ) : (
          <span className="check-state">{t(isChecked ? 'checklist.present' : 'checklist.absent')}</span>
        )}
        {/* Where this device may tick, always laid out and shown only while pending: a tick going pending
            or delivered repaints the row, never a layout of the whole table. */}
        {(canTick || isPending) && (
          <span
            className={`badge badge-pending ${isPending ? '' : styles.hidden}`}
            data-testid={isPending ? 'pending-marker' : undefined}
            aria-hidden={!isPending}
          >
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
  a.row.isChecked === b.row.isChecked &&
  a.row.isInvited === b.row.isInvited &&
  a.row.userId === b.row.userId &&
  a.canTick === b.canTick &&
  a.pendingCheck === b.pendingCheck &&
  a.tick?.is_checked === b.tick?.is_checked &&
  a.tick?.checked_at === b.tick?.checked_at &&
  a.tick?.checked_by === b.tick?.checked_by &&
  a.tick?.received_at === b.tick?.received_at &&
  a.timeZone === b.timeZone &&
  a.phone === b.phone &&
  a.ticks === b.ticks &&
  a.onToggle === b.onToggle;

/** One checklist row, re-rendered only when its own data, its pending mark or its shown tick changes. */
export const MemoChecklistRow = memo(ChecklistRowView, isSameRow);
