import type { DossierReason } from '@common/contract/member-file';
import type { SeriesSubscribe, SeriesSubscribeAnswer } from '@common/contract/series';
import type { Kysely } from 'kysely';
import type { AppDeps } from '../../app-deps';
import { currentClub } from '../../db/club-scope/current-club';
import type { Database, EventRow, UserRow } from '../../db/schema';
import { DossierIncompleteError, HttpError } from '../../http-error';
import { describeEvent } from '../../mail/templates';
import { runWrite } from '../../writes/run-write';
import { lockEvent } from '../events/event-facts';
import { eventName } from '../events/event-name';
import type { Promotion } from '../events/events.service';
import { memberActedFor, noteActedFor } from '../family/acting-for.service';
import { notify } from '../notifications/notify';
import { readStanding } from '../participation/participation.repository';
import type { Subscriber } from '../participation/subscribe-dossier';
import { writeSubscription } from '../participation/subscriptions.service';
import { writeWaitingEntry } from '../participation/waiting-list.service';
import { findSeries, seriesSessions } from './series.repository';
import { SeriesNotice } from './series-notice';

type Db = Kysely<Database>;
type Outcome = SeriesSubscribeAnswer['sessions'][number];

/**
 * One session, decided as a single subscribe decides it, in the transaction `db` with the event row
 * locked: subscribed; full → on the waiting list (as POST waiting-list would put them); already in →
 * `already`; any refusal → `refused` with its code (and, for a file the model blocks, its reasons: the
 * subscribe's own file check, or the waiting list's when the session is full). Leaving: `unsubscribed` (the
 * fill step runs, as for a single unsubscribe) or `left_waiting_list`. The same writes as the single routes,
 * without reading each event back; no per-session confirmation: the series sends one.
 */
async function decideSession(
  deps: AppDeps,
  db: Db,
  member: UserRow,
  session: EventRow,
  request: SeriesSubscribe,
  onPromotion: (promotion: Promotion) => void,
): Promise<Omit<Outcome, 'uuid_event' | 'start_date'>> {
  const { event, facts } = await lockEvent(deps, db, session.uuid);
  const standing = await readStanding(db, event.uuid, member.id);
  const single = { uuid_event: event.uuid, uuid_user: member.id, ...pickStuff(request) };
  // The member acts for themself here: whoever acted for them was checked once for the whole series.
  const subscriber: Subscriber = {
    member,
    event,
    facts,
    readsHealth: true,
    mayOverride: false,
    byOrganiser: false,
  };
  if (!request.subscribe) {
    if (!standing.isSubscribed && !standing.isWaiting) return { outcome: 'already', code: null };
    await writeSubscription(
      deps,
      db,
      member,
      subscriber,
      { ...single, subscribe: false },
      false,
      onPromotion,
    );
    return { outcome: standing.isSubscribed ? 'unsubscribed' : 'left_waiting_list', code: null };
  }
  if (standing.isSubscribed || standing.isWaiting) return { outcome: 'already', code: null };
  try {
    const warnings = await writeSubscription(
      deps,
      db,
      member,
      subscriber,
      { ...single, subscribe: true },
      false,
    );
    return { outcome: 'subscribed', code: null, ...reasonsOf(warnings) };
  } catch (error) {
    // Refusals are raised before anything is written, so the transaction goes on unharmed.
    if (!(error instanceof HttpError)) throw error;
    if (error.code !== 'event_full') return refusal(error);
  }
  try {
    const warnings = await writeWaitingEntry(deps, db, member, event, facts, single);
    return { outcome: 'waiting', code: null, ...reasonsOf(warnings) };
  } catch (error) {
    if (!(error instanceof HttpError)) throw error;
    return refusal(error);
  }
}

/** What the file lacks under a warning model, the key absent when nothing (docs/rules.md#members-file). */
const reasonsOf = (warnings: DossierReason[]) => (warnings.length > 0 ? { reasons: warnings } : {});

/** A refused session: its code, and what the file lacks when that is the reason. */
const refusal = (error: HttpError): Omit<Outcome, 'uuid_event' | 'start_date'> => ({
  outcome: 'refused',
  code: error.code,
  ...(error instanceof DossierIncompleteError ? { reasons: [...error.reasons] } : {}),
});

/** The kit each session books, as the request sent it (docs/rules.md#kit). */
const pickStuff = (request: SeriesSubscribe) =>
  request.stuffs !== undefined
    ? { stuffs: request.stuffs }
    : request.uuid_stuff
      ? { uuid_stuff: request.uuid_stuff }
      : {};

/**
 * `PUT /api/event/series/{uuid}/subscribe`: every upcoming, non-cancelled session in start order, each in
 * its own locked transaction exactly as a single subscribe (so a series holds no lock on its other
 * sessions, and concurrent members interleave session by session), then one confirmation for all of them.
 */
export async function subscribeSeries(
  deps: AppDeps,
  actor: UserRow,
  uuidSeries: string,
  request: SeriesSubscribe,
): Promise<SeriesSubscribeAnswer> {
  // Every session is then decided for the member, as their own subscribe would be (docs/rules.md#families).
  const { member, isForAChild } = await memberActedFor(
    deps,
    deps.db,
    actor,
    request.uuid_user,
    'series_subscribe',
  );
  const series = await findSeries(deps.db, uuidSeries);
  if (!series) throw new HttpError(404, 'not_found');
  const now = deps.now();
  const upcoming = (await seriesSessions(deps.db, uuidSeries)).filter(
    (s) => s.start_date > now && !s.is_cancelled,
  );
  const sessions: Outcome[] = [];
  // Members a leaving member's places promote, session by session: told once for all, like the member.
  const promotions: Promotion[] = [];
  for (const session of upcoming) {
    const promotedHere: Promotion[] = [];
    const decided = await deps.db
      .transaction()
      .execute((trx) => decideSession(deps, trx, member, session, request, (p) => promotedHere.push(p)));
    promotions.push(...promotedHere); // only once its session committed
    sessions.push({ uuid_event: session.uuid, start_date: session.start_date.toISOString(), ...decided });
  }
  await runWrite(deps, async (trx) => {
    if (isForAChild)
      await noteActedFor(deps, trx, actor, member, 'series_subscribe', upcoming[0]?.uuid ?? null);
    await confirm(deps, trx, member, upcoming, sessions);
    const notice = new SeriesNotice(deps, trx);
    for (const promotion of promotions) await notice.promoted(promotion);
    await notice.send();
  });
  return { uuid_series: uuidSeries, sessions };
}

/** One message to the member listing what changed (nothing: none); the organisers read it in their digest. */
async function confirm(
  deps: AppDeps,
  db: Db,
  member: UserRow,
  upcoming: EventRow[],
  outcomes: Outcome[],
): Promise<void> {
  const changed = outcomes.filter((o) => o.outcome !== 'already' && o.outcome !== 'refused');
  const first = upcoming[0];
  if (changed.length === 0 || !first) return;
  const modelName = await eventName(db, first);
  const byUuid = new Map(upcoming.map((s) => [s.uuid, s]));
  const lines = (language: UserRow['language'], ...kinds: Outcome['outcome'][]) =>
    changed
      .filter((o) => kinds.includes(o.outcome))
      .map((o) => {
        const session = byUuid.get(o.uuid_event) as EventRow;
        return describeEvent(modelName, session.start_date, language, currentClub().timezone);
      });
  const data = (r: UserRow) => ({
    event: modelName,
    member: member.username,
    subscribed: lines(r.language, 'subscribed'),
    waiting: lines(r.language, 'waiting'),
    left: lines(r.language, 'unsubscribed', 'left_waiting_list'),
    isCreatorCopy: false,
  });
  // The mail links the first session that changed; the organisers hear of each session in their digest.
  const links = { event: byUuid.get((changed[0] as Outcome).uuid_event) };
  await notify(deps, db, 'series_subscription', [member], data, links);
}
