import type { EventDto } from '@common/contract/event';

/**
 * The reader's place in the event's line (1 first), or null when not waiting. Its own module: the week's cards
 * show it at first paint, and the attendee list it once lived beside is the sheet's, loaded later.
 */
export function myWaitingPosition(event: EventDto, meId: string): number | null {
  const index = event.waiting_list.findIndex((w) => w.uuid_user === meId);
  if (index < 0) return null;
  return event.waiting_list[index]?.position ?? index + 1;
}
