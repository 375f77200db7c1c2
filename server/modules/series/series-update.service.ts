import { type EventInput, eventInputSchema } from '@common/contract/event';
import type { Series, SeriesUpdate } from '@common/contract/series';
import { clubDateTime, clubDayOf } from '@common/rules/club-time';
import { isPast } from '@common/rules/events';
import { mayManageSeries } from '@common/rules/series';
import type { Kysely } from 'kysely';
import type { AppDeps } from '../../app-deps';
import { currentClub } from '../../db/club-scope/current-club';
import type { Database, EventRow, UserRow } from '../../db/schema';
import { assertAllowed, HttpError } from '../../http-error';
import { eventStuffUuids } from '../events/events.repository';
import { type AfterEventUpdate, applyEventUpdate } from '../events/events.service';
import { findSeries, seriesSessions } from './series.repository';
import { seriesDto } from './series.service';
import { SeriesNotice } from './series-notice';

type Db = Kysely<Database>;

/**
 * A session as add-or-update would receive it with the series' changes on top: only the fields the
 * request names change; every other field keeps the session's own value (even one edited alone). A new
 * time keeps the session's club day; a new duration counts from its (new) start.
 */
async function sessionInput(
  db: Db,
  session: EventRow,
  update: SeriesUpdate,
): Promise<EventInput & { uuid_event: string }> {
  const zone = currentClub().timezone;
  const start =
    update.start_time === undefined
      ? session.start_date
      : clubDateTime(clubDayOf(session.start_date, zone), update.start_time, zone);
  const duration =
    update.duration_minutes === undefined
      ? session.end_date.getTime() - session.start_date.getTime()
      : update.duration_minutes * 60_000;
  const keepOr = <T>(changed: T | undefined, kept: T): T => (changed === undefined ? kept : changed);
  const input = {
    uuid_event: session.uuid,
    uuid_model_event: session.model_uuid,
    start_date: start.toISOString(),
    end_date: new Date(start.getTime() + duration).toISOString(),
    street: keepOr(update.street, session.street),
    city: keepOr(update.city, session.city),
    zip_code: keepOr(update.zip_code, session.zip_code),
    location: keepOr(update.location, session.location),
    subscriber_is_infinite: keepOr(update.subscriber_is_infinite, session.subscriber_is_infinite),
    max_subscribers: keepOr(update.max_subscribers, session.max_subscribers),
    is_cancelled: keepOr(update.is_cancelled, session.is_cancelled),
    stuffs_available:
      update.stuffs_available ?? (await eventStuffUuids(db, session.uuid)).map((uuid) => ({ uuid })),
    // Absent, each keeps its own, as add-or-update reads an absent title, notes, meeting point or co-organisers.
    ...(update.title !== undefined ? { title: update.title } : {}),
    ...(update.notes !== undefined ? { notes: update.notes } : {}),
    ...(update.meeting_point !== undefined ? { meeting_point: update.meeting_point } : {}),
    ...(update.co_organisers !== undefined ? { co_organisers: update.co_organisers } : {}),
    // Kept on each session the update cancels, so the app says why (docs/rules.md#events).
    ...(update.cancel_message !== undefined ? { cancel_message: update.cancel_message } : {}),
  };
  // The body add-or-update would have been sent must pass its contract too: e.g. a session that is no
  // longer unlimited (`subscriber_is_infinite` false) needs a number of places.
  const parsed = eventInputSchema.safeParse({
    ...input,
    // An unlimited session stores 0 places, which add-or-update would never be sent.
    max_subscribers: input.max_subscribers > 0 ? input.max_subscribers : undefined,
  });
  if (!parsed.success)
    throw new HttpError(400, 'invalid_input', parsed.error.issues[0]?.path.join('.') || null);
  return { ...parsed.data, uuid_event: session.uuid };
}

/**
 * `PUT /api/event/series/{uuid}`: "this session and the following". The changes go to `from_uuid_event`
 * and every later session of the series that has not ended, each through the very update add-or-update
 * runs (role, past event, dates, model and stuff, then the fill step), all in the caller's one
 * transaction: one refusal leaves every session as it was. Members hear once (SeriesNotice).
 */
export async function updateSeries(
  deps: AppDeps,
  db: Db,
  actor: UserRow,
  uuidSeries: string,
  update: SeriesUpdate,
  afterUpdate: AfterEventUpdate,
): Promise<Series> {
  const series = await findSeries(db, uuidSeries);
  if (!series) throw new HttpError(404, 'not_found');
  assertAllowed(mayManageSeries(actor, { creatorId: series.creator_id }));
  const sessions = await seriesSessions(db, uuidSeries);
  const from = sessions.findIndex((s) => s.uuid === update.from_uuid_event);
  const chosen = sessions[from];
  if (!chosen) throw new HttpError(404, 'not_found', 'from_uuid_event');
  // The chosen session itself goes through the checks (a past one is refused: 409 event_past); later
  // ones that have already ended (a session moved alone to an earlier day) are left as they are.
  const now = deps.now();
  const affected = [chosen, ...sessions.slice(from + 1).filter((s) => !isPast({ endsAt: s.end_date }, now))];
  const notice = new SeriesNotice(deps, db, update.cancel_message ?? undefined);
  for (const session of affected) {
    const input = await sessionInput(db, session, update);
    await applyEventUpdate(
      deps,
      db,
      actor,
      input,
      (d, trx, event) => afterUpdate(d, trx, event, (promotion) => notice.promoted(promotion)),
      (change) => notice.collect(change),
    );
  }
  await notice.send();
  return seriesDto(db, uuidSeries);
}
