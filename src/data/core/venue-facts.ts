/**
 * The venue facts of an event (docs/rules.md#families): for those who take attendance, each minor among the
 * subscribers with their guardians' names and phones and the transport and emergency-care consents, as the
 * event's own read gave them. Kept apart from the cached event, which the week read replaces without them,
 * so the checklist shows them at the venue with no signal. Never any health detail.
 */
import type { EventDto } from '@common/contract/event';
import type { EquipeeDb, VenueFactsRow } from './db';

/** Keeps what this read says: no minor marked (none, or a reader who does not take attendance), no row. */
export async function keepVenueFacts(db: EquipeeDb, event: EventDto): Promise<void> {
  const minors: VenueFactsRow['minors'] = event.subscribers_with_stuff
    .filter((entry) => entry.is_minor)
    .map(({ id, guardians, consents }) => ({ id, guardians, consents }));
  if (minors.length > 0) await db.venueFacts.put({ eventUuid: event.uuid_event, minors });
  else await db.venueFacts.delete(event.uuid_event);
}
