import { thumbnailUrl } from '@common/contract/users';
import { MEMBER_SEARCH_MAX, type MemberFound } from '@common/contract/walk-in';
import { mayAddWalkIn } from '@common/rules/attendance';
import type { Kysely } from 'kysely';
import type { Database, UserRow } from '../../db/schema';
import { attendanceEvent } from './attendance-event';
import { searchMemberRows } from './members.repository';

type Db = Kysely<Database>;

/** `%`, `_` and `\` typed by someone are letters, not patterns. */
const likeLiteral = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * `GET /api/event/{uuid}/members?q=` (docs/rules.md#checklist): the club's members whose first or last name
 * holds the text, to add one as a walk-in at that event; for those who take attendance there. Id, first
 * and last name and thumbnail, nothing more. Members registered at the event are left out (they have their
 * row), as are revoked accounts and members who gave no name (nothing here could name them).
 */
export async function searchMembers(
  db: Db,
  actor: UserRow,
  eventUuid: string,
  query: string,
): Promise<MemberFound[]> {
  const event = await attendanceEvent(db, actor, eventUuid, 'id', mayAddWalkIn);
  const pattern = `%${likeLiteral(query.trim().replace(/\s+/g, ' '))}%`;
  const rows = await searchMemberRows(db, event.uuid, pattern, MEMBER_SEARCH_MAX);
  return rows.map((r) => ({ ...r, thumbnail_url: thumbnailUrl(r.id) }));
}
