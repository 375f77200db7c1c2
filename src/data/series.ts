/**
 * Training series (docs/rules.md#series): create a series, read it, change "this session and the following",
 * and subscribe a member to every upcoming session at once. Online only, never queued: each answer is shown
 * to the user (a series write decides up to a hundred sessions; a replay hours later would surprise). After
 * each success the sessions are stored in the cache, so every week shows them — the cached weeks are kept for
 * five minutes and would otherwise show the old sessions when the user moves between them.
 */
import type { EventDto } from '@common/contract/event';
import {
  SERIES_PATH,
  type Series,
  type SeriesCreate,
  type SeriesSubscribe,
  type SeriesSubscribeAnswer,
  type SeriesUpdate,
  seriesCreateSchema,
  seriesPath,
  seriesSchema,
  seriesSubscribeAnswerSchema,
  seriesSubscribePath,
  seriesSubscribeSchema,
  seriesUpdateSchema,
} from '@common/contract/series';
import { useLiveQuery } from 'dexie-react-hooks';
import { apiRequest } from './core/api-client';
import { appDb } from './core/db';
import { withDrainLock } from './core/drain-lock';
import { putServerEvents } from './core/server-events';

export type { Series, SeriesCreate, SeriesSubscribeAnswer, SeriesUpdate };

/**
 * The sessions as the server sent them, into the cache. Under the drain's lock, like every read of the
 * sync engine: a queued write delivered between the read and the store would otherwise vanish.
 */
function cacheSessions(sessions: EventDto[]): Promise<void> {
  return withDrainLock(() => putServerEvents(appDb(), sessions));
}

export function readSeries(uuidSeries: string): Promise<Series> {
  return apiRequest('GET', seriesPath(uuidSeries), { schema: seriesSchema });
}

/** After a subscribe: the series read again, its sessions cached. A failed read leaves the write done. */
async function refreshSeries(uuidSeries: string): Promise<void> {
  await readSeries(uuidSeries)
    .then((series) => cacheSessions(series.sessions))
    .catch(() => undefined);
}

/** Creates the series and its sessions; answers the series (its sessions by start). */
export async function createSeries(input: SeriesCreate): Promise<Series> {
  const series = await apiRequest('POST', SERIES_PATH, {
    body: seriesCreateSchema.parse(input),
    schema: seriesSchema,
  });
  await cacheSessions(series.sessions).catch(() => undefined);
  return series;
}

/** Applies the changes to `from_uuid_event` and every later session of the series (never past ones). */
export async function updateSeriesFrom(uuidSeries: string, update: SeriesUpdate): Promise<Series> {
  const series = await apiRequest('PUT', seriesPath(uuidSeries), {
    body: seriesUpdateSchema.parse(update),
    schema: seriesSchema,
  });
  await cacheSessions(series.sessions).catch(() => undefined);
  return series;
}

/** Joins (or leaves) every upcoming session; answers what happened at each. */
export async function subscribeSeries(
  uuidSeries: string,
  request: SeriesSubscribe,
): Promise<SeriesSubscribeAnswer> {
  const answer = await apiRequest('PUT', seriesSubscribePath(uuidSeries), {
    body: seriesSubscribeSchema.parse(request),
    schema: seriesSubscribeAnswerSchema,
  });
  await refreshSeries(uuidSeries);
  return answer;
}

/** The series' sessions in the cache (the weeks read here); undefined while loading. */
export function useCachedSessions(uuidSeries: string): EventDto[] | undefined {
  return useLiveQuery(
    () =>
      appDb()
        .events.filter((event) => event.uuid_series === uuidSeries)
        .toArray(),
    [uuidSeries],
  );
}
