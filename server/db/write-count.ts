import type { Kysely } from 'kysely';

/**
 * How many times a statement that may write has run (anything but a built SELECT, and every transaction's
 * start and end), for a database this process alone writes: PGlite, whose data directory one process holds
 * under a lock (dir-lock.ts). While the count stands still, nothing any read could see has changed, so a
 * read's answer may be kept (the session check, users/session-memo.ts). PostgreSQL has none: other
 * processes write there.
 */
export interface WriteCount {
  value: number;
}

// Keyed by the database object itself; any schema.
// biome-ignore lint/suspicious/noExplicitAny: the key's schema does not matter.
type AnyDb = Kysely<any>;
const counts = new WeakMap<AnyDb, WriteCount>();

export function keepWriteCount(db: AnyDb, count: WriteCount): void {
  counts.set(db, count);
}

/** The count of `db` when this process is its only writer; undefined otherwise (PostgreSQL, a transaction). */
export function writeCountOf(db: AnyDb): WriteCount | undefined {
  return counts.get(db);
}
