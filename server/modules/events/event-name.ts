import type { Kysely } from 'kysely';
import type { Database, EventRow } from '../../db/schema';
import { findModel } from '../catalog/models.repository';

/** What mails and pushes call an event: its own title, else its model's name. */
export async function eventName(
  db: Kysely<Database>,
  event: Pick<EventRow, 'title' | 'model_uuid'>,
): Promise<string> {
  if (event.title) return event.title;
  return (await findModel(db, event.model_uuid))?.name ?? '';
}
