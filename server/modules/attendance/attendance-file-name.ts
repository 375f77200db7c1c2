import type { Language } from '@common/contract/user';
import { clubDayOf } from '@common/rules/club-time';
import { attendanceFileName } from '@common/rules/file-names';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { catalogueText } from '../../i18n/catalogue';
import { eventName } from '../events/event-name';
import { findEvent } from '../events/events.repository';

/**
 * The attendance CSV's name (docs/rules.md#file-names): « presences-sortie-riviere-2026-12-02.csv », the
 * event's name and its club day, as the app names the same download. Called once the record was allowed.
 */
export async function attendanceFileNameOf(
  db: Kysely<Database>,
  eventUuid: string,
  language: Language,
  timeZone: string,
): Promise<string> {
  const event = await findEvent(db, eventUuid);
  const word = catalogueText(language, 'fileNames', 'attendance');
  if (!event) return attendanceFileName(word, '', '');
  return attendanceFileName(word, await eventName(db, event), clubDayOf(event.start_date, timeZone));
}
