import { PLACES } from './club';
import type { DemoClient } from './demo-client';
import type { PlannedEvent } from './event-plan';

/**
 * The planned events the story calls off (`isCancelled`), cancelled by their organiser through the event form's
 * own call, as the app makes it: the event as it stands, with `is_cancelled`.
 */
export async function callOffEvents(
  api: DemoClient,
  created: ReadonlyMap<PlannedEvent, string>,
  tokenOf: (username: string) => string,
  stuffs: Record<string, string>,
): Promise<void> {
  for (const [event, uuid] of created) {
    if (!event.isCancelled) continue;
    const token = tokenOf(event.organiser);
    const current = await api.call<Record<string, unknown>>(token, 'GET', `/api/event/${uuid}`);
    await api.call(token, 'POST', '/api/event/add-or-update', {
      uuid_event: uuid,
      uuid_model_event: current.uuid_model_event,
      start_date: current.start_date,
      end_date: current.end_date,
      ...PLACES[event.place],
      max_subscribers: event.places,
      stuffs_available: event.stuffs.map((key) => ({ uuid: stuffs[key] })),
      is_cancelled: true,
    });
  }
}
