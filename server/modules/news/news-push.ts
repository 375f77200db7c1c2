import type { PushMessage } from '@common/contract/push';
import { LANGUAGES, type Language } from '@common/contract/user';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { catalogueText } from '../../i18n/catalogue';
import { queueNewsPushes } from './news.repository';

/**
 * A new post is pushed to every device of the active members who allowed notifications on it, the
 * author's aside, inside the post's transaction (runWrite kicks the worker after the commit). The post's
 * pushes are queued as one batch, a single insert for every recipient's device however many, and the
 * round that kick starts sends them all (docs/rules.md#news). Answers how many pushes were queued.
 */
export async function pushNewPost(
  db: Kysely<Database>,
  now: Date,
  post: { uuid: string; title: string; author_id: string },
): Promise<number> {
  const payloads = Object.fromEntries(
    LANGUAGES.map((language) => {
      const message: PushMessage = {
        title: catalogueText(language, 'push', 'news_title'),
        body: post.title,
        url: '/news',
        tag: `news-${post.uuid}`,
      };
      return [language, JSON.stringify(message)];
    }),
  ) as Record<Language, string>;
  return queueNewsPushes(db, post.author_id, payloads, now);
}
