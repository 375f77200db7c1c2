import { memo, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useStore } from 'zustand';
import type { ChecklistRow } from '../../common/rules/checklist-rows';
import { type TickFacts, TickNote } from './tick-note';
import type { TickStore } from './tick-store';

interface Props {
  row: ChecklistRow;
  canTick: boolean;
  isPending: boolean;
  /** Who set the row's check and when (attendance record); absent when unknown or not readable. */
  tick: TickFacts | undefined;
  ticks: TickStore;
  /** Stable across renders, so a tick elsewhere never re-renders this row. */
  onToggle(row: ChecklistRow, isChecked: boolean): void;
}

function ChecklistRowView({ row, canTick, isPending, tick, ticks, onToggle }: Props) {
  const { t } = useTranslation();
  const shown = useStore(ticks, (s) => s.ticks.get(row.key));
  const isChecked = shown?.isChecked ?? row.isChecked;
  useEffect(() => {
    if (shown && shown.writing === 0 && shown.isChecked === row.isChecked) ticks.getState().release(row.key);
  }, [shown, row.isChecked, row.key, ticks]);

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
        {/* The record says who set the state shown; a tick not yet delivered is not in it yet. */}
        {tick && !isPending && tick.is_checked === isChecked && <TickNote entry={tick} />}
      </td>
      <td>{row.stuff}</td>
      <td>
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
            {isChecked ? '✔' : ''}
          </button>
        ) : (
          <span className="check-state">{t(isChecked ? 'checklist.present' : 'checklist.absent')}</span>
        )}
        {isPending && (
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
  a.row.isChecked === b.row.isChecked &&
  a.row.isInvited === b.row.isInvited &&
  a.row.userId === b.row.userId &&
  a.canTick === b.canTick &&
  a.isPending === b.isPending &&
  a.tick?.is_checked === b.tick?.is_checked &&
  a.tick?.checked_at === b.tick?.checked_at &&
  a.tick?.checked_by === b.tick?.checked_by &&
  a.tick?.received_at === b.tick?.received_at &&
  a.ticks === b.ticks &&
  a.onToggle === b.onToggle;

/** One checklist row, re-rendered only when its own data, its pending mark or its shown tick changes. */
export const MemoChecklistRow = memo(ChecklistRowView, isSameRow);
