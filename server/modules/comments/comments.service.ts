import { randomUUID } from 'node:crypto';
import type { Comment, CommentEdit, CommentInput } from '@common/contract/comments';
import { LIMITS } from '@common/contract/limits';
import type { AttendanceTeam } from '@common/rules/attendance';
import { isThreadOpen, mayDeleteComment, mayEditComment } from '@common/rules/comments';
import type { Kysely } from 'kysely';
import type { AppDeps } from '../../app-deps';
import type { Database, EventRow, UserRow } from '../../db/schema';
import { assertAllowed, HttpError, TooManyRequestsError } from '../../http-error';
import { coOrganiserIds } from '../events/co-organisers.repository';
import type { EventViewer } from '../events/event-view';
import { findEvent } from '../events/events.repository';
import { memberActedFor } from '../family/acting-for.service';
import { tellNewComment } from './comment-notices';
import { threadForViewer } from './comment-view';
import {
  authorCommentsSince,
  deleteComment,
  findThreadRow,
  insertComment,
  listThread,
  lockComment,
  lockCommentAuthor,
  updateCommentText,
} from './comments.repository';

type Db = Kysely<Database>;
type Deps = Pick<AppDeps, 'config' | 'now'>;
const HOUR_MS = 3_600_000;

/** The event a thread hangs on, and who runs it; 404 when it does not exist in this club (or no longer does). */
async function eventAndTeam(db: Db, eventUuid: string): Promise<{ event: EventRow; team: AttendanceTeam }> {
  const event = await findEvent(db, eventUuid);
  if (!event) throw new HttpError(404, 'not_found', 'id');
  return {
    event,
    team: { creatorId: event.creator_id, coOrganiserIds: await coOrganiserIds(db, eventUuid) },
  };
}

/** GET: the whole thread, oldest first, as this reader may see it. */
export async function readThread(db: Db, viewer: EventViewer, eventUuid: string): Promise<Comment[]> {
  // Read side by side: a thread of an event that is not there is empty anyway, and answered 404.
  const [{ team }, rows] = await Promise.all([eventAndTeam(db, eventUuid), listThread(db, eventUuid)]);
  return threadForViewer(rows, viewer, team);
}

async function readOne(db: Db, viewer: EventViewer, team: AttendanceTeam, id: string): Promise<Comment> {
  const row = await findThreadRow(db, id);
  const [comment] = row ? threadForViewer([row], viewer, team) : [];
  if (!comment) throw new HttpError(404, 'not_found', 'id');
  return comment;
}

/**
 * At most LIMITS.commentsPerHour comments per author over the last hour, every event together: past it, 429
 * `rate_limited` until the oldest of them is an hour old. Under the author's row lock, so two comments sent at
 * once are counted one after the other.
 */
async function assertMayComment(db: Db, authorId: string, now: Date): Promise<void> {
  await lockCommentAuthor(db, authorId);
  const { count, oldest } = await authorCommentsSince(db, authorId, new Date(now.getTime() - HOUR_MS));
  if (count < LIMITS.commentsPerHour) return;
  const freeAt = (oldest ?? now).getTime() + HOUR_MS;
  throw new TooManyRequestsError(Math.max(1, Math.ceil((freeAt - now.getTime()) / 1000)), 'rate_limited');
}

/**
 * POST, in the write's transaction (docs/rules.md#talking-around-an-event): a thread open until 7 days after the
 * event ends (409 `thread_closed`, a cancelled event's included); `acting_for` a minor the author may act for
 * (mayActFor: else 403, or 404 for a restricted guardian); then the rate limit, the comment and who is told.
 */
export async function postComment(
  deps: Deps,
  db: Db,
  author: UserRow,
  viewer: EventViewer,
  eventUuid: string,
  input: CommentInput,
): Promise<Comment> {
  const now = deps.now();
  const { event, team } = await eventAndTeam(db, eventUuid);
  if (!isThreadOpen(event.end_date, now)) throw new HttpError(409, 'thread_closed', 'id');
  const forId = input.acting_for && input.acting_for !== author.id ? input.acting_for : null;
  const child = forId
    ? (await memberActedFor(deps, db, author, forId, 'comment', 'acting_for', eventUuid)).member
    : null;
  await assertMayComment(db, author.id, now);
  const id = randomUUID();
  await insertComment(db, {
    id,
    event_uuid: eventUuid,
    author_id: author.id,
    acting_for: child?.id ?? null,
    text: input.text,
    created_at: now,
    edited_at: null,
  });
  const comment = await readOne(db, viewer, team, id);
  await tellNewComment(deps, db, { event, team, author, child, text: input.text, createdAt: now });
  return comment;
}

/** PUT: the author only, while the thread is open; no one is told again of an edit. */
export async function editComment(
  deps: Deps,
  db: Db,
  actor: UserRow,
  viewer: EventViewer,
  id: string,
  input: CommentEdit,
): Promise<Comment> {
  const comment = await lockComment(db, id);
  if (!comment) throw new HttpError(404, 'not_found', 'id');
  const { event, team } = await eventAndTeam(db, comment.event_uuid);
  assertAllowed(mayEditComment(actor, { authorId: comment.author_id }));
  if (!isThreadOpen(event.end_date, deps.now())) throw new HttpError(409, 'thread_closed', 'id');
  await updateCommentText(db, id, input.text, deps.now());
  return readOne(db, viewer, team, id);
}

/** DELETE: the author, those who take attendance for the event, an Admin; allowed once the thread is closed too. */
export async function removeComment(db: Db, actor: UserRow, id: string): Promise<void> {
  const comment = await lockComment(db, id);
  if (!comment) throw new HttpError(404, 'not_found', 'id');
  const { team } = await eventAndTeam(db, comment.event_uuid);
  assertAllowed(mayDeleteComment(actor, { authorId: comment.author_id }, team));
  await deleteComment(db, id);
}
