import type { Comment } from '@common/contract/comments';
import { thumbnailUrl } from '@common/contract/users';
import type { AttendanceTeam } from '@common/rules/attendance';
import { seesEveryName } from '@common/rules/attendees';
import type { EventViewer } from '../events/event-view';
import type { ThreadRow } from './comments.repository';

const NO_NAME = { first_name: null, last_name: null } as const;

/**
 * Shapes a thread for one reader (docs/rules.md#talking-around-an-event). A member hidden from others is
 * « Un membre » to members (`is_hidden`, under a per-thread alias instead of their id) and named to those who take
 * attendance; a restricted guardian never sees the child, organiser or not. A deleted account is « Membre
 * supprimé » (`is_deleted`); a revoked one keeps its name. The reader always sees themself and the children
 * they answer for.
 */
export function threadForViewer(rows: ThreadRow[], viewer: EventViewer, team: AttendanceTeam): Comment[] {
  const seesNames = seesEveryName(viewer, team);
  const own = new Set([viewer.id, ...(viewer.ownChildIds ?? [])]);
  const keptFrom = new Set(viewer.hiddenChildIds ?? []);
  const aliases = new Map<string, string>();
  const alias = (id: string) => {
    const known = aliases.get(id) ?? `hidden-${aliases.size + 1}`;
    aliases.set(id, known);
    return known;
  };
  const isHiddenTo = (id: string, hidden: boolean | null) =>
    !own.has(id) && (keptFrom.has(id) || (hidden === true && !seesNames));

  return rows.map((row): Comment => {
    const base = {
      id: row.id,
      uuid_event: row.event_uuid,
      text: row.text,
      created_at: row.created_at.toISOString(),
      edited_at: row.edited_at?.toISOString() ?? null,
    };
    const authorId = row.author_id;
    let author: Comment['author'];
    let flags: Pick<Comment, 'is_hidden' | 'is_deleted'> = {};
    if (authorId === null || row.author_deleted_at !== null) {
      author = { id: authorId === null ? 'deleted' : alias(authorId), ...NO_NAME, thumbnail: null };
      flags = { is_deleted: true };
    } else if (isHiddenTo(authorId, row.author_hidden)) {
      author = { id: alias(authorId), ...NO_NAME, thumbnail: null };
      flags = { is_hidden: true };
    } else {
      author = {
        id: authorId,
        first_name: row.author_first_name,
        last_name: row.author_last_name,
        thumbnail: thumbnailUrl(authorId),
      };
    }
    const forId = row.acting_for;
    const actingFor =
      forId === null
        ? undefined
        : isHiddenTo(forId, row.for_hidden)
          ? { id: alias(forId), ...NO_NAME }
          : { id: forId, first_name: row.for_first_name, last_name: row.for_last_name };
    return { ...base, author, ...(actingFor ? { acting_for: actingFor } : {}), ...flags };
  });
}
