import type { EventDto } from '@common/contract/event';
import { clubDayStart, nextDay } from '@common/rules/club-time';
import type { Kysely } from 'kysely';
import { readDataVersion } from '../../db/data-version';
import type { Database } from '../../db/schema';
import { HttpError } from '../../http-error';
import { weakETagOf } from '../../plugins/weak-etag';
import { showAttendees } from '../settings/club-settings';
import { loadEventDtos } from './event-details';
import { type EventViewer, eventForViewer, needsViewer } from './event-view';
import { listEventsBetween } from './events.repository';
import type { KeptAnswer } from './kept-answers';

/**
 * A week as kept: the whole answer's bytes, which every reader gets while the club shows who's coming and
 * nobody in the week hides (the common case, one serialisation for all), and what shaping needs otherwise.
 */
export interface KeptWeek extends KeptAnswer {
  events: EventDto[];
  clubShowsAttendees: boolean;
  shapedPerReader: boolean;
}

/** The week as this reader may see it (event-view.ts): the kept bytes, or the reader's own. */
export function weekFor(week: KeptWeek, viewer: EventViewer): KeptAnswer {
  if (!week.shapedPerReader && (viewer.hiddenChildIds ?? []).length === 0) return week;
  const body = Buffer.from(
    JSON.stringify(week.events.map((e) => eventForViewer(e, viewer, week.clubShowsAttendees))),
  );
  return { version: week.version, body, etag: weakETagOf(body) };
}

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
export function buildWeek(db: Kysely<Database>, start: Date, end: Date): Promise<KeptWeek> {
  return db
    .transaction()
    .setIsolationLevel('repeatable read')
    .execute(async (trx) => {
      const version = await readDataVersion(trx);
      const events = await loadEventDtos(trx, await listEventsBetween(trx, start, end));
      const clubShowsAttendees = await showAttendees(trx);
      const body = Buffer.from(JSON.stringify(events));
      return {
        version,
        body,
        etag: weakETagOf(body),
        events,
        clubShowsAttendees,
        shapedPerReader: needsViewer(events, clubShowsAttendees),
      };
    });
}
