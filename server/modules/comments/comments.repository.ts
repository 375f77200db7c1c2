import type { Kysely } from 'kysely';
import type { Database, RowOf, UserRow } from '../../db/schema';
import type { EventCommentsTable } from '../../db/talk-schema';

type Db = Kysely<Database>;
export type CommentRow = RowOf<EventCommentsTable>;

/** A comment with what a thread shows of its author and of the child it was written for. */
export interface ThreadRow extends CommentRow {
  author_first_name: string | null;
  author_last_name: string | null;
  author_hidden: boolean | null;
  author_deleted_at: Date | null;
  for_first_name: string | null;
  for_last_name: string | null;
  for_hidden: boolean | null;
}

function threadRows(db: Db) {
  return db
    .selectFrom('event_comments as c')
    .leftJoin('users as a', 'a.id', 'c.author_id')
    .leftJoin('users as f', 'f.id', 'c.acting_for')
    .selectAll('c')
    .select([
      'a.first_name as author_first_name',
      'a.last_name as author_last_name',
      'a.hidden_from_members as author_hidden',
      'a.deleted_at as author_deleted_at',
      'f.first_name as for_first_name',
      'f.last_name as for_last_name',
      'f.hidden_from_members as for_hidden',
    ]);
}

/** An event's thread, oldest first (ties broken by id, so every reader sees one order). */
export function listThread(db: Db, eventUuid: string): Promise<ThreadRow[]> {
  return threadRows(db)
    .where('c.event_uuid', '=', eventUuid)
    .orderBy('c.created_at')
    .orderBy('c.id')
    .execute();
}

export function findThreadRow(db: Db, id: string): Promise<ThreadRow | undefined> {
  return threadRows(db).where('c.id', '=', id).executeTakeFirst();
}

export function lockComment(db: Db, id: string): Promise<CommentRow | undefined> {
  return db.selectFrom('event_comments').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}

export async function insertComment(db: Db, row: CommentRow): Promise<void> {
  await db.insertInto('event_comments').values(row).execute();
}

export async function updateCommentText(db: Db, id: string, text: string, editedAt: Date): Promise<void> {
  await db.updateTable('event_comments').set({ text, edited_at: editedAt }).where('id', '=', id).execute();
}

export async function deleteComment(db: Db, id: string): Promise<void> {
  await db.deleteFrom('event_comments').where('id', '=', id).execute();
}

/** Takes the author's row lock: two comments of one author are counted one after the other. */
export async function lockCommentAuthor(db: Db, authorId: string): Promise<void> {
  await db.selectFrom('users').select('id').where('id', '=', authorId).forUpdate().execute();
}

/** The author's comments since `since` (every event), and the oldest of them (when the window frees a slot). */
export async function authorCommentsSince(
  db: Db,
  authorId: string,
  since: Date,
): Promise<{ count: number; oldest: Date | null }> {
  const row = await db
    .selectFrom('event_comments')
    .select((eb) => [eb.fn.countAll<string>().as('count'), eb.fn.min('created_at').as('oldest')])
    .where('author_id', '=', authorId)
    .where('created_at', '>', since)
    .executeTakeFirst();
  const oldest = row?.oldest ? new Date(row.oldest as unknown as string) : null;
  return { count: Number(row?.count ?? 0), oldest };
}

/** Who already wrote in a thread (they hear of what follows). */
export async function threadAuthorIds(db: Db, eventUuid: string): Promise<string[]> {
  const rows = await db
    .selectFrom('event_comments')
    .select('author_id')
    .distinct()
    .where('event_uuid', '=', eventUuid)
    .where('author_id', 'is not', null)
    .execute();
  return rows.flatMap((r) => (r.author_id ? [r.author_id] : []));
}

/** A thread's comments written in [from, to] by others than `readerId`, oldest first (a mail gathers them). */
export function threadRowsBetween(
  db: Db,
  eventUuid: string,
  from: Date,
  to: Date,
  readerId: string,
): Promise<ThreadRow[]> {
  return threadRows(db)
    .where('c.event_uuid', '=', eventUuid)
    .where('c.created_at', '>=', from)
    .where('c.created_at', '<=', to)
    .where((eb) => eb.or([eb('c.author_id', 'is', null), eb('c.author_id', '!=', readerId)]))
    .orderBy('c.created_at')
    .orderBy('c.id')
    .execute();
}

/** Every comment an account wrote, for its data export. */
export function commentsByAuthor(db: Db, authorId: string): Promise<CommentRow[]> {
  return db
    .selectFrom('event_comments')
    .selectAll()
    .where('author_id', '=', authorId)
    .orderBy('created_at')
    .execute();
}

/**
 * Who hears of a new comment (docs/rules.md#talking-around-an-event): those subscribed or waiting, the event's
 * creator and co-organisers, and those who already wrote, the author aside; deleted accounts never.
 */
export function threadAudience(db: Db, eventUuid: string, authorId: string): Promise<UserRow[]> {
  return db
    .selectFrom('users')
    .selectAll('users')
    .where('users.id', '!=', authorId)
    .where('users.deleted_at', 'is', null)
    .where((eb) =>
      eb.or([
        eb(
          'users.id',
          'in',
          eb.selectFrom('subscriptions').select('user_id').where('event_uuid', '=', eventUuid),
        ),
        eb(
          'users.id',
          'in',
          eb.selectFrom('waiting_list').select('user_id').where('event_uuid', '=', eventUuid),
        ),
        eb(
          'users.id',
          'in',
          eb.selectFrom('event_co_organisers').select('user_id').where('event_uuid', '=', eventUuid),
        ),
        eb('users.id', 'in', eb.selectFrom('events').select('creator_id').where('uuid', '=', eventUuid)),
        eb(
          'users.id',
          'in',
          eb
            .selectFrom('event_comments')
            .select('author_id')
            .where('event_uuid', '=', eventUuid)
            .where('author_id', 'is not', null)
            .$narrowType<{ author_id: string }>(),
        ),
      ]),
    )
    .orderBy('users.id')
    .execute();
}
