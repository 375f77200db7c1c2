/** The club's news: read into the cache (offline reading), written online only. */

import { LIMITS } from '@common/contract/limits';
import { NEWS_PATH, type NewsPost, newsListSchema, newsPostSchema } from '@common/contract/news';
import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useState } from 'react';
import { apiRequest } from './core/api-client';
import { appDb } from './core/db';

export type { NewsPost };

/** Where this page's read of the news stands: the cache shows meanwhile, and stays when it fails. */
export type NewsReadState = 'reading' | 'read' | 'failed';

/** The server's list replaces the cached one whole: a post deleted elsewhere leaves this device too. */
export async function refreshNews(): Promise<void> {
  const posts = await apiRequest('GET', NEWS_PATH, { schema: newsListSchema, isAnonymous: true });
  const db = appDb();
  await db.transaction('rw', db.news, async () => {
    await db.news.clear();
    await db.news.bulkPut(posts);
  });
}

/** The cached posts, newest first (undefined while the cache opens), and this visit's read of the server. */
export function useNews(): { posts: NewsPost[] | undefined; state: NewsReadState } {
  const posts = useLiveQuery(() => appDb().news.orderBy('created_at').reverse().toArray(), []);
  const [state, setState] = useState<NewsReadState>('reading');
  useEffect(() => {
    let isCurrent = true;
    refreshNews().then(
      () => isCurrent && setState('read'),
      () => isCurrent && setState('failed'),
    );
    return () => {
      isCurrent = false;
    };
  }, []);
  return { posts, state };
}

export interface NewsDraft {
  title: string;
  text: string;
  /** A new picture; null keeps the current one (or none). */
  picture: File | null;
  /** Drops the current picture (ignored when a new one is given). */
  removePicture?: boolean;
}

const PICTURE_TYPES = new Set(['image/jpeg', 'image/png', 'image/webp']);

/**
 * What the server would refuse in a picture, asked before anything is sent: over the upload limit, or not
 * a JPEG, PNG or WebP by its type. The server checks the content again (a renamed file, a bomb).
 */
export function pictureProblem(file: File): 'too_large' | 'unsupported' | null {
  if (!PICTURE_TYPES.has(file.type)) return 'unsupported';
  if (file.size > LIMITS.imageBytesMax) return 'too_large';
  return null;
}

function formOf(draft: NewsDraft): FormData {
  const form = new FormData();
  form.append('title', draft.title.trim());
  form.append('text', draft.text.trim());
  if (draft.removePicture) form.append('remove_picture', 'true');
  if (draft.picture) form.append('file', draft.picture, draft.picture.name);
  return form;
}

export async function postNews(draft: NewsDraft): Promise<NewsPost> {
  const saved = await apiRequest('POST', NEWS_PATH, { formData: formOf(draft), schema: newsPostSchema });
  await appDb().news.put(saved);
  return saved;
}

export async function editNews(uuid: string, draft: NewsDraft): Promise<NewsPost> {
  const saved = await apiRequest('PUT', `${NEWS_PATH}/${uuid}`, {
    formData: formOf(draft),
    schema: newsPostSchema,
  });
  await appDb().news.put(saved);
  return saved;
}

export async function deleteNews(uuid: string): Promise<void> {
  await apiRequest('DELETE', `${NEWS_PATH}/${uuid}`);
  await appDb().news.delete(uuid);
}
