import { NEWS_READ_MAX } from '@common/contract/news';
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

/** Every device of the active members but one (the author): where a new post is pushed. */
export function devicesOfActiveMembersBut(db: Db, userId: string) {
  return db
    .selectFrom('push_subscriptions')
    .innerJoin('users', 'users.id', 'push_subscriptions.user_id')
    .select(['push_subscriptions.id as subscription_id', 'users.language as language'])
    .where('users.is_revoked', '=', false)
    .where('users.confirmed_at', 'is not', null)
    .where('users.id', '!=', userId)
    .execute();
}
