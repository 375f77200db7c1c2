import type { Kysely } from 'kysely';
import { clubDayStart, nextDay } from '../../../src/common/rules/club-time';
import { readDataVersion } from '../../db/data-version';
import type { Database } from '../../db/schema';
import { HttpError } from '../../http-error';
import { weakETagOf } from '../../plugins/weak-etag';
import { loadEventDtos } from './event-details';
import { listEventsBetween } from './events.repository';
import type { KeptAnswer } from './kept-answers';

/** The instants bounding the club days from..to (inclusive); 400 when `to` comes before `from`. */
export function weekBounds(from: string, to: string, clubTimezone: string): { start: Date; end: Date } {
  const start = clubDayStart(from, clubTimezone);
  const end = clubDayStart(nextDay(to), clubTimezone);
  if (end <= start) throw new HttpError(400, 'invalid_input', 'to');
  return { start, end };
}

/**
 * The events overlapping [start, end), sorted by start, as the bytes the API sends, with the data version
 * they show. One repeatable-read transaction, so the version and every query see the same snapshot (the
 * answer can be kept under that version), and the event shape is never torn between two writes.
 * Serialised here once, with JSON.stringify: the shape is the contract's type (EventDto), and the tests
 * check answers against the contract's schema; a kept answer is then sent as bytes, with no serialiser.
 */
export function buildWeek(db: Kysely<Database>, start: Date, end: Date): Promise<KeptAnswer> {
  return db
    .transaction()
    .setIsolationLevel('repeatable read')
    .execute(async (trx) => {
      const version = await readDataVersion(trx);
      const events = await loadEventDtos(trx, await listEventsBetween(trx, start, end));
      const body = Buffer.from(JSON.stringify(events));
      return { version, body, etag: weakETagOf(body) };
    });
}
