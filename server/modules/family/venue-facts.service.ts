import type { EventDto } from '@common/contract/event';
import { mayTakeAttendance } from '@common/rules/attendance';
import { seasonOf } from '@common/rules/consents';
import { isMinorOn } from '@common/rules/family';
import type { Kysely } from 'kysely';
import type { AppDeps } from '../../app-deps';
import type { Database, UserRow } from '../../db/schema';
import { clubToday } from './acting-for.service';
import { consentsOf } from './consents.repository';
import { birthDatesOf, venueGuardiansOf } from './guardianships.repository';

/**
 * The event as those who take its attendance read it at the venue (docs/rules.md#families): each minor
 * among the subscribers marked, with their unrestricted guardians' names and phones and this season's
 * transport and emergency-care consents (null while never answered). Anyone else gets the event unchanged: the keys are absent. Never any
 * health detail.
 */
export async function withVenueFacts(
  deps: Pick<AppDeps, 'now'>,
  db: Kysely<Database>,
  reader: Pick<UserRow, 'id' | 'role_name'>,
  event: EventDto,
): Promise<EventDto> {
  const team = { creatorId: event.creator.id, coOrganiserIds: event.co_organisers ?? [] };
  if (!mayTakeAttendance(reader, team).ok || event.subscribers_with_stuff.length === 0) return event;
  const today = clubToday(deps);
  const births = await birthDatesOf(
    db,
    event.subscribers_with_stuff.map((s) => s.id),
  );
  const minors = [...births].filter(([, birthDate]) => isMinorOn(birthDate, today)).map(([id]) => id);
  const guardians = await venueGuardiansOf(db, minors);
  const consents = await consentsOf(db, minors, seasonOf(today));
  const answer = (childId: string, kind: 'transport' | 'emergency_care') =>
    consents.find((row) => row.child_id === childId && row.kind === kind)?.given ?? null;
  return {
    ...event,
    subscribers_with_stuff: event.subscribers_with_stuff.map((entry) =>
      minors.includes(entry.id)
        ? {
            ...entry,
            is_minor: true,
            guardians: guardians
              .filter((g) => g.child_id === entry.id)
              .map(({ id, first_name, last_name, phone }) => ({ id, first_name, last_name, phone })),
            consents: {
              transport: answer(entry.id, 'transport'),
              emergency_care: answer(entry.id, 'emergency_care'),
            },
          }
        : entry,
    ),
  };
}
