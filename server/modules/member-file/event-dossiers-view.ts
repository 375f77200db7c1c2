import type { EventDto } from '@common/contract/event';
import { mayTakeAttendance } from '@common/rules/attendance';
import { clubDayOf } from '@common/rules/club-time';
import type { Actor } from '@common/rules/events';
import { dossierForOrganiser } from '@common/rules/member-file';
import type { Kysely } from 'kysely';
import { currentClub } from '../../db/club-scope/current-club';
import type { Database } from '../../db/schema';
import { dossiersOfMembers } from './event-dossier.service';

/**
 * `GET /api/event/{id}` with the members' files (docs/rules.md#members-file), for an event whose model asks
 * something, judged on the event's first club day: `my_dossier`, the reader's own file (read whole: it is
 * theirs), and for those who take attendance each subscriber's `dossier` as an organiser may read it
 * (`caci_required` as `health_missing`, never a health item). One batch for the reader and the list. An event
 * that asks nothing answers `my_dossier: null` and no subscriber's `dossier`; anyone else gets no `dossier`
 * key. The week read never calls this: it carries the model's requirements only.
 */
export async function withEventDossiers(
  db: Kysely<Database>,
  reader: Actor,
  event: EventDto,
): Promise<EventDto> {
  if (!event.requirements) return { ...event, my_dossier: null };
  const team = { creatorId: event.creator.id, coOrganiserIds: event.co_organisers ?? [] };
  const organises = mayTakeAttendance(reader, team).ok;
  const subscriberIds = organises ? event.subscribers_with_stuff.map((s) => s.id) : [];
  const day = clubDayOf(new Date(event.start_date), currentClub().timezone);
  const dossiers = await dossiersOfMembers(db, [reader.id, ...subscriberIds], event.requirements, day);
  const own = dossiers.get(reader.id) ?? null;
  if (!organises) return { ...event, my_dossier: own };
  return {
    ...event,
    my_dossier: own,
    subscribers_with_stuff: event.subscribers_with_stuff.map((entry) => {
      const found = dossiers.get(entry.id);
      return found ? { ...entry, dossier: dossierForOrganiser(found) } : entry;
    }),
  };
}
