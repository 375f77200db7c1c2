import { randomUUID } from 'node:crypto';
import { SERIES_MAX_SESSIONS, type Series, type SeriesCreate, type Weekday } from '@common/contract/series';
import { clubDayOf, clubTimeOf } from '@common/rules/club-time';
import { mayCreateEvent } from '@common/rules/events';
import { exceptionsOutside, sessionStarts } from '@common/rules/series';
import type { Kysely } from 'kysely';
import type { AppDeps } from '../../app-deps';
import { currentClub } from '../../db/club-scope/current-club';
import type { Database, UserRow } from '../../db/schema';
import { assertAllowed, HttpError } from '../../http-error';
import { loadEventDtos } from '../events/event-details';
import { insertEvent, setEventStuffs } from '../events/events.repository';
import { assertEventDates, eventColumns, eventWords, validateReferences } from '../events/events.service';
import { findSeries, insertSeries, type SeriesRow, seriesSessions } from './series.repository';

type Db = Kysely<Database>;

/** A series as the API answers it: its rule and every session, past ones included, by start. */
export async function seriesDto(db: Db, uuid: string): Promise<Series> {
  const series = await findSeries(db, uuid);
  if (!series) throw new HttpError(404, 'not_found');
  return toSeries(series, await loadEventDtos(db, await seriesSessions(db, uuid)));
}

function toSeries(series: SeriesRow, sessions: Series['sessions']): Series {
  return {
    uuid_series: series.uuid,
    creator_id: series.creator_id,
    recurrence: {
      weekdays: series.weekdays.split(',') as Weekday[],
      interval_weeks: series.interval_weeks,
      until: series.until_day,
      count: series.session_count,
      except_dates: series.except_dates ? series.except_dates.split(',') : [],
    },
    sessions,
  };
}

/**
 * `POST /api/event/series`: the first session's club day, wall-clock time and duration are those of
 * `start_date`/`end_date` read in the club's zone; the rule gives the other days (rules/series.ts). Every
 * session is an ordinary event checked as add-or-update checks a new one, all written in the caller's one
 * transaction, so a refused series leaves nothing behind.
 */
export async function createSeries(
  deps: AppDeps,
  db: Db,
  actor: UserRow,
  input: SeriesCreate,
): Promise<Series> {
  const columns = eventColumns({ ...input, is_cancelled: false });
  const now = deps.now();
  // As add-or-update: a reversed range first, then the role, then a start in the past.
  assertEventDates(columns, now, null, 'error_date');
  assertAllowed(mayCreateEvent(actor));
  assertEventDates(columns, now, null);
  const zone = currentClub().timezone;
  const firstDay = clubDayOf(columns.start_date, zone);
  const { recurrence } = input;
  if (recurrence.until !== undefined && recurrence.until < firstDay)
    throw new HttpError(400, 'invalid_input', 'recurrence.until');
  if (exceptionsOutside(firstDay, recurrence).length > 0)
    throw new HttpError(400, 'series_skip_outside', 'recurrence.except_dates');
  const starts = sessionStarts(firstDay, clubTimeOf(columns.start_date, zone), recurrence, zone);
  if (starts.length === 0) throw new HttpError(400, 'series_empty', 'recurrence');
  if (starts.length > SERIES_MAX_SESSIONS) throw new HttpError(400, 'series_too_long', 'recurrence');
  const stuffUuids = await validateReferences(db, input);

  const series: SeriesRow = {
    uuid: randomUUID(),
    creator_id: actor.id,
    weekdays: recurrence.weekdays.join(','),
    interval_weeks: recurrence.interval_weeks,
    until_day: recurrence.until ?? null,
    session_count: recurrence.count ?? null,
    except_dates: recurrence.except_dates?.length ? [...recurrence.except_dates].sort().join(',') : null,
    created_at: now,
  };
  await insertSeries(db, series);
  // The duration in real time: a session across a clock change ends as long after its start as the first.
  const duration = columns.end_date.getTime() - columns.start_date.getTime();
  for (const start of starts) {
    const uuid = randomUUID();
    await insertEvent(db, {
      ...columns,
      ...eventWords(input),
      uuid,
      creator_id: actor.id,
      uuid_series: series.uuid,
      start_date: start,
      end_date: new Date(start.getTime() + duration),
    });
    await setEventStuffs(db, uuid, stuffUuids);
  }
  return toSeries(series, await loadEventDtos(db, await seriesSessions(db, series.uuid)));
}
