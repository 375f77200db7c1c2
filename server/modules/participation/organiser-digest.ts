import { clubDayOf, clubDayStart, clubTimeOf, shiftDay } from '@common/rules/club-time';
import type { Standing } from '@common/rules/events';
import type { Kysely } from 'kysely';
import type { AppDeps } from '../../app-deps';
import { currentClub } from '../../db/club-scope/current-club';
import type { Database, EventRow, UserRow } from '../../db/schema';
import type { DigestState } from '../../db/talk-schema';
import { displayName } from '../../mail/display-name';
import type { DigestEvent } from '../../mail/template-types';
import { describeEvent } from '../../mail/templates';
import { coOrganiserIds } from '../events/co-organisers.repository';
import { eventName } from '../events/event-name';
import { countParticipants, findEvent } from '../events/events.repository';
import { notify } from '../notifications/notify';
import { findUserById } from '../users/users.repository';
import {
  claimDigestDay,
  type DigestChangeRow,
  deleteDigestChanges,
  lockDigestChanges,
  noteDigestChange,
} from './organiser-digest.repository';

type Db = Kysely<Database>;
type Deps = Pick<AppDeps, 'config' | 'now' | 'db'>;

/** The organisers' digest goes out at this club time (docs/rules.md#talking-around-an-event). */
export const DIGEST_TIME = '07:00';

export const digestStateOf = (standing: Pick<Standing, 'isSubscribed' | 'isWaiting'>): DigestState =>
  standing.isSubscribed ? 'subscribed' : standing.isWaiting ? 'waiting' : 'none';

/**
 * A member's place changed, in the change's transaction: kept for the organisers' next digest, from the state
 * before the first change since the last one to the latest (joined then left again tells nothing).
 */
export async function noteForOrganisers(
  deps: Pick<AppDeps, 'now'>,
  db: Db,
  eventUuid: string,
  userId: string,
  before: DigestState,
  after: DigestState,
): Promise<void> {
  if (before === after) return;
  await noteDigestChange(db, { eventUuid, userId, before, after, at: deps.now() });
}

/**
 * Writes the organisers' digests that are due (run before each round of the mail worker): from 07:00 club time,
 * once a club day, every change kept since the last digest; after that, on an event's own day, its changes at
 * once. Each organiser (the creator and co-organisers still active, but the member who changed) gets one mail
 * for all their events, event by event: who joined, left, waits, and places left. Answers how many were queued.
 */
export async function sendDueOrganiserDigests(deps: Deps): Promise<number> {
  const now = deps.now();
  const timeZone = currentClub().timezone;
  if (clubTimeOf(now, timeZone) < DIGEST_TIME) return 0;
  const today = clubDayOf(now, timeZone);
  return deps.db.transaction().execute(async (trx) => {
    const isMorning = await claimDigestDay(trx, today, now);
    const changes = await lockDigestChanges(
      trx,
      isMorning
        ? undefined
        : { from: clubDayStart(today, timeZone), to: clubDayStart(shiftDay(today, 1), timeZone) },
    );
    if (changes.length === 0) return 0;
    const queued = await tellOrganisers(deps, trx, changes);
    await deleteDigestChanges(trx, changes);
    return queued;
  });
}

async function tellOrganisers(deps: Deps, db: Db, changes: DigestChangeRow[]): Promise<number> {
  const byEvent = new Map<string, DigestChangeRow[]>();
  for (const change of changes.filter((c) => c.state_before !== c.state_after)) {
    byEvent.set(change.event_uuid, [...(byEvent.get(change.event_uuid) ?? []), change]);
  }
  const people = new Map<string, UserRow | undefined>();
  const person = async (id: string) => {
    if (!people.has(id)) people.set(id, await findUserById(db, id));
    return people.get(id);
  };
  // Per organiser: their events' blocks, each as facts named in the organiser's language when mailed.
  const blocks = new Map<
    string,
    Array<{ event: EventRow; name: string; block: Omit<DigestEvent, 'event'> }>
  >();
  for (const [eventUuid, eventChanges] of byEvent) {
    const event = await findEvent(db, eventUuid);
    if (!event) continue;
    const organisers = [event.creator_id, ...(await coOrganiserIds(db, eventUuid))];
    const participants = await countParticipants(db, eventUuid);
    for (const organiserId of new Set(organisers)) {
      const mine = eventChanges.filter((c) => c.user_id !== organiserId);
      if (mine.length === 0) continue;
      const names = async (keep: (c: DigestChangeRow) => boolean) => {
        const list: string[] = [];
        for (const c of mine.filter(keep)) {
          const member = await person(c.user_id);
          if (member) list.push(displayName(member));
        }
        return list.sort((a, b) => a.localeCompare(b, 'fr'));
      };
      const block = {
        joined: await names((c) => c.state_after === 'subscribed'),
        left: await names((c) => c.state_before === 'subscribed' && c.state_after === 'none'),
        waiting: await names((c) => c.state_after === 'waiting'),
        placesLeft: event.subscriber_is_infinite ? null : Math.max(0, event.max_subscribers - participants),
      };
      const list = blocks.get(organiserId) ?? [];
      list.push({ event, name: await eventName(db, event), block });
      blocks.set(organiserId, list);
    }
  }
  let queued = 0;
  const timeZone = currentClub().timezone;
  for (const [organiserId, events] of blocks) {
    const organiser = await person(organiserId);
    if (!organiser || organiser.deleted_at) continue;
    events.sort((a, b) => a.event.start_date.getTime() - b.event.start_date.getTime());
    const [only] = events;
    queued += await notify(
      deps,
      db,
      'organiser_digest',
      [organiser],
      (r) => ({
        events: events.map(({ event, name, block }) => ({
          event: describeEvent(name, event.start_date, r.language, timeZone),
          ...block,
        })),
      }),
      events.length === 1 && only ? { event: only.event } : undefined,
    );
  }
  return queued;
}
