import { isPresentStatus } from '@common/contract/attendance-status';
import type { WalkInEntry } from '@common/contract/walk-in';
import type { WalkInsTable } from '../../db/participation-schema';
import type { RowOf } from '../../db/schema';

type WalkInRow = Pick<RowOf<WalkInsTable>, 'id' | 'user_id' | 'name' | 'status' | 'checked_at'>;

/** A walk-in's row as the event answer and the walk-in write show it. */
export function toWalkInEntry(row: WalkInRow): WalkInEntry {
  return {
    id: row.id,
    user_id: row.user_id,
    name: row.name,
    status: row.status,
    is_checked: isPresentStatus(row.status),
    checked_at: row.checked_at.toISOString(),
  };
}
