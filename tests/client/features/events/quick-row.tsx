import { appDb } from '../../../../src/data/core/db';
import { useEvent } from '../../../../src/data/events';
import { QuickActions } from '../../../../src/features/events/quick-actions';
import { useToastStore } from '../../../../src/state/toast-store';
import { USER } from '../../fake-api';
import { KIT_EVENT_UUID, kitEvent } from './kit-fixtures';

/** A week's row with its one-tap answers, for the member USER, on the event cached by `cacheQuickRowEvent`. */
export function QuickRow() {
  const event = useEvent(KIT_EVENT_UUID);
  return event ? <QuickActions event={event} user={USER} /> : null;
}

/** An empty outbox and no toast, the member signed in, and tomorrow's trip with no kit to ask for. */
export async function cacheQuickRowEvent(): Promise<void> {
  const db = appDb();
  await Promise.all([db.outbox.clear(), db.events.clear()]);
  await db.session.put({ key: 'current', token: 'tok', user: USER });
  await db.events.put(kitEvent({ stuffs_available: [] }));
  useToastStore.setState({ toasts: [] });
}
