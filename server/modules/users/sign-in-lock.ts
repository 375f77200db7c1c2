import type { UserRow, UserUpdate } from '../../db/schema';
import { isLockActive } from './user-mapper';

export const MAX_FAILED_ATTEMPTS = 5;
export const FIRST_LOCK_MS = 15 * 60_000;

export type FailureState = Required<
  Pick<UserUpdate, 'connection_attempt' | 'is_locked' | 'locked_until' | 'lock_count'>
>;

/**
 * The account's lock columns after one more failure. The fifth in a row locks for 15 minutes, doubling
 * with each lock since the last success; failures during a lock count but never move its end; the first
 * failure after a lock has ended starts a new count. Always the same four columns, so a failure on an
 * unknown name runs the very same statements.
 */
export function afterFailure(row: UserRow | undefined, now: Date): FailureState {
  if (!row) return { connection_attempt: 1, is_locked: false, locked_until: null, lock_count: 0 };
  if (isLockActive(row, now)) {
    const { is_locked, locked_until, lock_count } = row;
    return { connection_attempt: row.connection_attempt + 1, is_locked, locked_until, lock_count };
  }
  const attempts = (row.is_locked ? 0 : row.connection_attempt) + 1;
  if (attempts < MAX_FAILED_ATTEMPTS) {
    return { connection_attempt: attempts, is_locked: false, locked_until: null, lock_count: row.lock_count };
  }
  return {
    connection_attempt: attempts,
    is_locked: true,
    locked_until: new Date(now.getTime() + FIRST_LOCK_MS * 2 ** row.lock_count),
    lock_count: row.lock_count + 1,
  };
}

/** The lock columns after a right password on an unlocked account: the count starts again. */
export const CLEARED_FAILURES: FailureState = {
  connection_attempt: 0,
  is_locked: false,
  locked_until: null,
  lock_count: 0,
};
