import type { EventDto } from '@common/contract/event';
import { mayTakeAttendance } from '@common/rules/attendance';
import type { Actor } from '@common/rules/events';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { groupKits, loadEventKits } from '../kit/kit.repository';

/**
 * The event as those who take its attendance read it at the venue (docs/rules.md#kit): each subscriber and guest
 * holding a kit gets `stuffs_state`, whether each item was handed out and given back. Anyone else gets the event
 * unchanged, the key absent; the week read never carries it.
 */
export async function withKitState(db: Kysely<Database>, reader: Actor, event: EventDto): Promise<EventDto> {
  const team = { creatorId: event.creator.id, coOrganiserIds: event.co_organisers ?? [] };
  if (!mayTakeAttendance(reader, team).ok) return event;
  if (event.subscribers_with_stuff.length === 0 && event.invite_list.length === 0) return event;
  const { bySubscription, byGuest } = groupKits(await loadEventKits(db, [event.uuid_event]));
  return {
    ...event,
    subscribers_with_stuff: event.subscribers_with_stuff.map((entry) => {
      const kit = bySubscription.get(entry.uuid);
      return kit ? { ...entry, stuffs_state: kit.state } : entry;
    }),
    invite_list: event.invite_list.map((entry) => {
      const kit = byGuest.get(entry.id);
      return kit ? { ...entry, stuffs_state: kit.state } : entry;
    }),
  };
}
