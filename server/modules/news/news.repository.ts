import { NEWS_READ_MAX } from '@common/contract/news';
import { LANGUAGES, type Language } from '@common/contract/user';
import { type Kysely, sql } from 'kysely';
import type { Database, NewsPostRow } from '../../db/schema';

type Db = Kysely<Database>;

/** A post as read, with its author's name (the username when they gave no name; '' once deleted). */
export type NewsPostRead = NewsPostRow & { author_name: string };

function postsWithAuthor(db: Db) {
  return db
    .selectFrom('news_posts')
    .leftJoin('users', 'users.id', 'news_posts.author_id')
    .selectAll('news_posts')
    .select(
      sql<string>`coalesce(nullif(trim(concat_ws(' ', users.first_name, users.last_name)), ''), users.username, '')`.as(
        'author_name',
      ),
    );
}

export function listNews(db: Db): Promise<NewsPostRead[]> {
  return postsWithAuthor(db)
    .orderBy('news_posts.created_at', 'desc')
    .orderBy('news_posts.uuid')
    .limit(NEWS_READ_MAX)
    .execute();
}

export function findNews(db: Db, uuid: string): Promise<NewsPostRead | undefined> {
  return postsWithAuthor(db).where('news_posts.uuid', '=', uuid).executeTakeFirst();
}

/** Locked for the write that follows, so two edits of one post apply one after the other. */
export function lockNews(db: Db, uuid: string): Promise<NewsPostRow | undefined> {
  return db.selectFrom('news_posts').selectAll().where('uuid', '=', uuid).forUpdate().executeTakeFirst();
}

export async function insertNews(db: Db, row: Omit<NewsPostRow, 'updated_at'>): Promise<void> {
  await db
    .insertInto('news_posts')
    .values({ ...row, updated_at: row.created_at })
    .execute();
}

export async function updateNews(
  db: Db,
  uuid: string,
  changes: Pick<NewsPostRow, 'title' | 'text' | 'has_picture' | 'updated_at'>,
): Promise<void> {
  await db.updateTable('news_posts').set(changes).where('uuid', '=', uuid).execute();
}

export async function deleteNews(db: Db, uuid: string): Promise<void> {
  await db.deleteFrom('news_posts').where('uuid', '=', uuid).execute();
}

/** Locks the author's row, so two posts of one author are counted one after the other. */
export async function lockAuthor(db: Db, authorId: string): Promise<void> {
  await db.selectFrom('users').select('id').where('id', '=', authorId).forUpdate().execute();
}

/** How many posts the author made in [from, to). */
export async function countNewsByAuthorBetween(
  db: Db,
  authorId: string,
  from: Date,
  to: Date,
): Promise<number> {
  const row = await db
    .selectFrom('news_posts')
    .select((eb) => eb.fn.countAll<string>().as('posts'))
    .where('author_id', '=', authorId)
    .where('created_at', '>=', from)
    .where('created_at', '<', to)
    .executeTakeFirstOrThrow();
  return Number(row.posts);
}

/**
 * Queues one push per device of the active members but the author, all in one statement (however many
 * devices), each with the payload of its member's language (`fr` when none matches). Answers how many.
 */
export async function queueNewsPushes(
  db: Db,
  authorId: string,
  payloads: Record<Language, string>,
  now: Date,
): Promise<number> {
  const [fallback, ...others] = LANGUAGES;
  const devices = db
    .selectFrom('push_subscriptions')
    .innerJoin('users', 'users.id', 'push_subscriptions.user_id')
    .select([
      // An insert … select names its club itself: the devices' own (club-scope/club-id-conditions.ts).
      'push_subscriptions.club_id as club_id',
      sql<string>`gen_random_uuid()`.as('id'),
      'push_subscriptions.id as subscription_id',
      sql<string>`case ${sql.ref('users.language')} ${sql.join(
        others.map((language) => sql`when ${language} then ${payloads[language]}::text`),
        sql` `,
      )} else ${payloads[fallback]}::text end`.as('payload'),
      sql<string>`'normal'`.as('urgency'),
      sql<Date>`${now}::timestamptz`.as('next_attempt_at'),
      sql<Date>`${now}::timestamptz`.as('created_at'),
    ])
    .where('users.is_revoked', '=', false)
    .where('users.confirmed_at', 'is not', null)
    .where('users.id', '!=', authorId);
  const result = await db
    .insertInto('push_queue')
    .columns(['club_id', 'id', 'subscription_id', 'payload', 'urgency', 'next_attempt_at', 'created_at'])
    .expression(devices)
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0);
}
