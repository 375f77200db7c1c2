import type { EventDto } from '@common/contract/event';
import type { User } from '@common/contract/user';
import { AttendeesSection } from './attendees/attendees-section';
import { CancelledSections } from './cancelled-sections';
import { GuestSection } from './guest-section';
import { MyAnswer } from './my-answer';
import { MyKit } from './my-kit';
import { RegistrationForm } from './registration-form';

/**
 * The member's own part of an event's sheet: their answer, their kit, the moves, guests, and who's coming.
 * The same for a member's sheet and, under "Mon inscription", for the organiser's edit view. A cancelled event
 * offers no move, only why and « Retirer de mon agenda » (cancelled-sections.tsx).
 */
export function ParticipationSections({ event, user }: { event: EventDto; user: User }) {
  if (event.is_cancelled) return <CancelledSections event={event} user={user} />;
  return (
    <>
      <MyAnswer event={event} user={user} />
      <MyKit event={event} user={user} />
      <RegistrationForm event={event} user={user} />
      <GuestSection event={event} user={user} />
      <AttendeesSection event={event} user={user} />
    </>
  );
}
