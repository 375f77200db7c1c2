import { randomUUID } from 'node:crypto';
import type { PushMessage } from '@common/contract/push';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { catalogueText } from '../../i18n/catalogue';
import { insertPush } from '../push/push.repository';
import { devicesOfActiveMembersBut } from './news.repository';

/**
 * A new post is pushed to every device of the active members who allowed notifications on it, the
 * author's aside, inside the post's transaction (runWrite kicks the worker after the commit).
 * Answers how many pushes were queued.
 */
export async function pushNewPost(
  db: Kysely<Database>,
  now: Date,
  post: { uuid: string; title: string; author_id: string },
): Promise<number> {
  const devices = await devicesOfActiveMembersBut(db, post.author_id);
  for (const device of devices) {
    const message: PushMessage = {
      title: catalogueText(device.language, 'push', 'news_title'),
      body: post.title,
      url: '/news',
      tag: `news-${post.uuid}`,
    };
    await insertPush(
      db,
      {
        id: randomUUID(),
        subscription_id: device.subscription_id,
        payload: JSON.stringify(message),
        urgency: 'normal',
      },
      now,
    );
  }
  return devices.length;
}
