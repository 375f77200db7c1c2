import type { EventDto } from '@common/contract/event';
import type { User } from '@common/contract/user';
import { clubDayOf } from '@common/rules/club-time';
import { useEventMarks } from '../../../../src/data/events';
import { useGuardedChildren } from '../../../../src/features/events/children-lines';
import { EventRow } from '../../../../src/features/events/event-row';

const ZONE = 'Europe/Paris';

/** A card as the week's list renders it, with what the list reads once for all its cards (week-screen.tsx). */
export function ListedRow({ event, user }: { event: EventDto; user: User }) {
  const context = {
    marks: useEventMarks([event.uuid_event], user.id),
    guarded: useGuardedChildren(user.id, clubDayOf(new Date(), ZONE)),
    zone: ZONE,
  };
  return <EventRow event={event} user={user} context={context} />;
}
