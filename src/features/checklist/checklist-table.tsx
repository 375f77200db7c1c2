import { ATTENDANCE_STATUSES, type AttendanceStatus } from '@common/contract/attendance-status';
import type { Dossier } from '@common/contract/member-file';
import { type ChecklistRow, type SortColumn, type SortKey, sortRows } from '@common/rules/checklist-rows';
import { memo, useCallback, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PendingChecksStore, VenueMinor } from '../../data/checklist';
import { useClubTimeZone } from '../../data/settings';
import { MemoChecklistRow } from './checklist-row';
import { type HandOutChange, nextSort, orderSignature } from './checklist-rows';
import { useHandOuts } from './hand-outs';
import type { TickFacts } from './tick-note';
import { createTickStore } from './tick-store';

interface Props {
  rows: ChecklistRow[];
  /** The rows whose write is not delivered yet (the status is the one shown); each row reads its own. */
  pending: PendingChecksStore;
  /** The attendance record by row key: who set each check and when (empty when not readable). */
  attendance: ReadonlyMap<string, TickFacts & { phone?: string | null }>;
  /** The minors among the members, with their guardians to call (absent: none known on this device). */
  minors?: ReadonlyMap<string, VenueMinor>;
  /** The members' files on the event's day, by member id (docs/rules.md#members-file); absent: none asked. */
  dossiers?: ReadonlyMap<string, Dossier>;
  /** False: the list is read-only (no tick buttons), as for anyone the server would refuse. */
  canTick: boolean;
  /** Stores the status; answers false when it could not be kept (the user has been told). */
  onSetStatus(row: ChecklistRow, status: AttendanceStatus): Promise<boolean>;
  /** Stores a booked item's hand-out; answers false when it could not be kept (the user has been told). */
  onSetHandOut(row: ChecklistRow, uuidStuff: string, change: HandOutChange): Promise<boolean>;
}

/** The rows' order, sorted again only when a name, a stuff, a row or the sort changes — never on a tick. */
function useRowOrder(rows: ChecklistRow[], sort: SortKey[]): ChecklistRow[] {
  const cache = useRef<{ rows: ChecklistRow[]; signature: string; sort: SortKey[]; ordered: ChecklistRow[] }>(
    undefined,
  );
  // The same rows (a tick's pending mark, the attendance record): nothing to compute on a 300-row list.
  if (cache.current?.rows === rows && cache.current.sort === sort) return cache.current.ordered;
  const signature = orderSignature(rows);
  const keys =
    cache.current?.signature === signature && cache.current.sort === sort
      ? cache.current.ordered.map((r) => r.key)
      : sortRows(rows, sort).map((r) => r.key);
  const byKey = new Map(rows.map((r) => [r.key, r]));
  const ordered = keys.flatMap((key) => byKey.get(key) ?? []);
  cache.current = { rows, signature, sort, ordered };
  return ordered;
}

function ChecklistTableView({
  rows,
  pending,
  attendance,
  minors,
  dossiers,
  canTick,
  onSetStatus,
  onSetHandOut,
}: Props) {
  const { t } = useTranslation();
  const [sort, setSort] = useState<SortKey[]>([{ column: 'name', direction: 'asc' }]);
  const [ticks] = useState(createTickStore);
  // One subscription for the table, not one per row's note: see TickNote.
  const timeZone = useClubTimeZone();
  const ordered = useRowOrder(rows, sort);
  // An empty column costs a phone the width the status needs: shown only when someone booked equipment.
  const showsStuff = rows.some((r) => r.kit.length > 0);
  // « Remis » and « Rendu »: one stable handler, like the ticks' below.
  const handOut = useHandOuts(onSetHandOut);
  // The same options in every row, made once per language: a tick renders its row without translating them.
  const statusOptions = useMemo(
    () =>
      ATTENDANCE_STATUSES.map((s) => (
        <option key={s} value={s}>
          {t(`attendanceStatus.${s}`)}
        </option>
      )),
    [t],
  );
  const latestOnSetStatus = useRef(onSetStatus);
  useLayoutEffect(() => {
    latestOnSetStatus.current = onSetStatus;
  });
  // The row shows the tick as soon as its Dexie transaction (change + outbox row, as before) commits,
  // from a store of its own: it waits neither for the live query to read the event back nor for the
  // table. Showing it before the commit was tried (at the click, or the write after the paint) and lost
  // the ticks of a page reloaded right after their repaint (tests/e2e/reliability.spec.ts): a row shown
  // ticked is a tick that survives. Writes run in click order; a failed one leaves the row as it was
  // (the screen has told the user).
  const writes = useRef(Promise.resolve());
  const setStatus = useCallback(
    (row: ChecklistRow, status: AttendanceStatus) => {
      writes.current = writes.current
        .then(() => latestOnSetStatus.current(row, status))
        // A rejection here would stop every later write of the chain: it counts as a failed write.
        .catch(() => false)
        .then((isDone) => {
          if (!isDone) return;
          ticks.getState().start(row.key, status);
          ticks.getState().settle(row.key, true);
        });
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
    // `data-kit`: the kit column is shown, and a phone's row gives it the picture's width (checklist-row.module.css).
    <table className="checklist-table" data-kit={showsStuff || undefined}>
      <thead>
        <tr>
          {header('name', t('checklist.name'))}
          {showsStuff && header('stuff', t('checklist.stuff'))}
          <th scope="col">{t('checklist.check')}</th>
        </tr>
      </thead>
      <tbody>
        {ordered.map((row) => (
          <MemoChecklistRow
            key={row.key}
            row={row}
            canTick={canTick}
            showsStuff={showsStuff}
            pending={pending}
            tick={attendance.get(row.key)}
            phone={attendance.get(row.key)?.phone ?? null}
            minor={row.kind === 'member' ? minors?.get(String(row.userId)) : undefined}
            dossier={row.kind === 'member' ? dossiers?.get(String(row.userId)) : undefined}
            // Only to rows with a note: the zone read once, the others do not render again.
            timeZone={attendance.has(row.key) ? timeZone : undefined}
            ticks={ticks}
            statusOptions={statusOptions}
            onSetStatus={setStatus}
            onHandOut={handOut}
          />
        ))}
      </tbody>
    </table>
  );
}

/** The table renders again when its rows, record or handlers change; never for a tick (its row alone does). */
export const ChecklistTable = memo(ChecklistTableView);
