import { useCallback, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MemoChecklistRow } from './checklist-row';
import {
  type ChecklistRow,
  nextSort,
  orderSignature,
  type SortColumn,
  type SortKey,
  sortRows,
} from './checklist-rows';
import { createTickStore } from './tick-store';

const PAINT_WAIT_MS = 100;

interface Props {
  rows: ChecklistRow[];
  pending: Set<string>;
  /** False: the list is read-only (no tick buttons), as for anyone the server would refuse. */
  canTick: boolean;
  /** Stores the tick; answers false when it could not be kept (the user has been told). */
  onToggle(row: ChecklistRow, isChecked: boolean): Promise<boolean>;
}

/** The rows' order, sorted again only when a name, a stuff, a row or the sort changes — never on a tick. */
function useRowOrder(rows: ChecklistRow[], sort: SortKey[]): ChecklistRow[] {
  const cache = useRef<{ signature: string; sort: SortKey[]; keys: string[] }>(undefined);
  const signature = orderSignature(rows);
  if (cache.current?.signature !== signature || cache.current.sort !== sort)
    cache.current = { signature, sort, keys: sortRows(rows, sort).map((r) => r.key) };
  const byKey = new Map(rows.map((r) => [r.key, r]));
  return cache.current.keys.flatMap((key) => byKey.get(key) ?? []);
}

/** Once the frame showing the tick is on screen; a hidden tab paints no frame, so a timer stands in. */
function afterNextPaint(): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, PAINT_WAIT_MS);
    requestAnimationFrame(() =>
      setTimeout(() => {
        clearTimeout(timer);
        resolve();
      }, 0),
    );
  });
}

export function ChecklistTable({ rows, pending, canTick, onToggle }: Props) {
  const { t } = useTranslation();
  const [sort, setSort] = useState<SortKey[]>([{ column: 'name', direction: 'asc' }]);
  const [ticks] = useState(createTickStore);
  const ordered = useRowOrder(rows, sort);
  const latestOnToggle = useRef(onToggle);
  useLayoutEffect(() => {
    latestOnToggle.current = onToggle;
  });
  // Repaint first: the row shows the tick at once; the Dexie write (change + outbox row in one
  // transaction, as before) starts once that frame is painted, writes in click order, and a failed one
  // puts the row back (the screen has told the user).
  const writes = useRef(Promise.resolve());
  const toggle = useCallback(
    (row: ChecklistRow, isChecked: boolean) => {
      ticks.getState().start(row.key, isChecked);
      writes.current = writes.current
        .then(afterNextPaint)
        .then(() => latestOnToggle.current(row, isChecked))
        .then((isDone) => ticks.getState().settle(row.key, isDone));
    },
    [ticks],
  );

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
        {ordered.map((row) => (
          <MemoChecklistRow
            key={row.key}
            row={row}
            canTick={canTick}
            isPending={pending.has(row.key)}
            ticks={ticks}
            onToggle={toggle}
          />
        ))}
      </tbody>
    </table>
  );
}
