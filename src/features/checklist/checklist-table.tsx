import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type ChecklistRow, nextSort, type SortColumn, type SortKey, sortRows } from './checklist-rows';

const SPINNER_MS = 200;

interface Props {
  rows: ChecklistRow[];
  pending: Set<string>;
  /** False: the list is read-only (no tick buttons), as for anyone the server would refuse. */
  canTick: boolean;
  onToggle(row: ChecklistRow): Promise<void>;
}

export function ChecklistTable({ rows, pending, canTick, onToggle }: Props) {
  const { t } = useTranslation();
  const [sort, setSort] = useState<SortKey[]>([{ column: 'name', direction: 'asc' }]);
  const [spinning, setSpinning] = useState<Set<string>>(new Set());

  async function toggle(row: ChecklistRow) {
    setSpinning((s) => new Set(s).add(row.key));
    const started = Date.now();
    try {
      await onToggle(row);
    } finally {
      // The spinner shows about 200 ms even though the write is local and instant.
      setTimeout(
        () =>
          setSpinning((s) => {
            const next = new Set(s);
            next.delete(row.key);
            return next;
          }),
        Math.max(0, SPINNER_MS - (Date.now() - started)),
      );
    }
  }
  const header = (column: SortColumn, label: string) => {
    const key = sort.find((k) => k.column === column);
    return (
      <th scope="col" aria-sort={key ? (key.direction === 'asc' ? 'ascending' : 'descending') : 'none'}>
        <button
          type="button"
          className="sort-button"
          onClick={(e) => setSort(nextSort(sort, column, e.shiftKey))}
        >
          {label}
          {key ? (key.direction === 'asc' ? ' ▲' : ' ▼') : ''}
        </button>
      </th>
    );
  };

  return (
    <table className="checklist-table">
      <thead>
        <tr>
          {header('name', t('checklist.name'))}
          {header('stuff', t('checklist.stuff'))}
          <th scope="col">{t('checklist.check')}</th>
        </tr>
      </thead>
      <tbody>
        {sortRows(rows, sort).map((row) => {
          const tone = row.isChecked ? 'row-checked' : row.isInvited ? 'row-guest' : 'row-plain';
          return (
            // A click anywhere on the row toggles it; the button in the last cell is the keyboard's way in.
            <tr
              key={row.key}
              className={`checklist-row ${tone}`}
              data-testid="checklist-row"
              onClick={canTick ? () => void toggle(row) : undefined}
            >
              <td>{row.name}</td>
              <td>{row.stuff}</td>
              <td>
                {canTick ? (
                  <button
                    type="button"
                    className="check-button"
                    aria-pressed={row.isChecked}
                    aria-label={t('checklist.check_label', { name: row.name })}
                    onClick={(e) => {
                      e.stopPropagation();
                      void toggle(row);
                    }}
                  >
                    {spinning.has(row.key) ? <span className="spinner" /> : row.isChecked ? '✔' : ''}
                  </button>
                ) : (
                  <span className="check-state">
                    {t(row.isChecked ? 'checklist.present' : 'checklist.absent')}
                  </span>
                )}
                {pending.has(row.key) && (
                  <span className="badge badge-pending" data-testid="pending-marker">
                    {t('sync.pending_short')}
                  </span>
                )}
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
