import { randomUUID } from 'node:crypto';
import { okResponseSchema, uuidParam } from '@common/contract/fields';
import { NEWS_PATH, type NewsPost, newsListSchema, newsPostSchema } from '@common/contract/news';
import { mayEditNews } from '@common/rules/news';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app-deps';
import { currentClub } from '../../db/club-scope/current-club';
import { HttpError } from '../../http-error';
import { authOf, requireContributor } from '../../plugins/auth';
import { errorAnswers } from '../../plugins/error-answers';
import { runWrite } from '../../writes/run-write';
import { uploadCounter } from '../files/upload-limit';
import {
  deleteNews,
  findNews,
  insertNews,
  listNews,
  lockAuthor,
  lockNews,
  type NewsPostRead,
  updateNews,
} from './news.repository';
import { assertMayPostToday } from './news-day-limit';
import { readNewsForm } from './news-form';
import { newsPictureUrl, removeNewsPicture, renderNewsPicture, writeNewsPicture } from './news-pictures';
import { pushNewPost } from './news-push';

const FORM_DESCRIPTION =
  'JSON `{title, text}`, or multipart with the fields `title`, `text`' +
  ' and an optional image `file` (JPEG, PNG or WebP, at most 5 MB and 25 megapixels), stored as PNG.';

function toPost(row: NewsPostRead): NewsPost {
  return {
    uuid: row.uuid,
    title: row.title,
    text: row.text,
    picture_url: row.has_picture ? newsPictureUrl(row.uuid, row.updated_at) : null,
    author_id: row.author_id,
    author_name: row.author_name,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

/** Public (outside the signed-in scope): the `/news` page is visible without a token (docs/rules.md#news). */
export async function publicNewsRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  routes.get(
    NEWS_PATH,
    {
      schema: {
        response: { 200: newsListSchema },
        description: 'The newest 100 posts, newest first. Anyone may read them.',
      },
    },
    async () => (await listNews(deps.db)).map(toPost),
  );
}

/** Signed-in writes: contributors and admins post; the author and admins edit and delete (rules/news.ts). */
export async function newsRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  // A picture counts toward the member's uploads, with profile pictures and the logo (docs/rules.md#abuse-limits).
  const countUpload = uploadCounter(deps);

  async function readPost(uuid: string): Promise<NewsPost> {
    const row = await findNews(deps.db, uuid);
    if (!row) throw new HttpError(404, 'not_found', 'uuid');
    return toPost(row);
  }

  routes.post(
    NEWS_PATH,
    {
      schema: {
        response: { ...errorAnswers(400, 413, 415, 429), 200: newsPostSchema },
        description: `${FORM_DESCRIPTION} At most 10 posts per author per club day; a picture counts toward the 10 uploads per user per 10 minutes.`,
      },
      onRequest: requireContributor,
    },
    async (request) => {
      const author = authOf(request).user;
      const timeZone = currentClub().timezone;
      // Refused before the form is read, so a post over the day's limit costs no upload and no decode;
      // counted again below, under the author's lock, for posts sent at the same time (docs/rules.md#news).
      await assertMayPostToday(deps.db, author.id, deps.now(), timeZone);
      const { fields, picture } = await readNewsForm(request, () => countUpload(author.id));
      // Rendered before the transaction: a refused picture saves nothing.
      const png = picture ? await renderNewsPicture(picture) : null;
      const uuid = randomUUID();
      await runWrite(deps, async (trx) => {
        const now = deps.now();
        await lockAuthor(trx, author.id);
        await assertMayPostToday(trx, author.id, now, timeZone);
        await insertNews(trx, {
          uuid,
          title: fields.title,
          text: fields.text,
          has_picture: png !== null,
          author_id: author.id,
          created_at: now,
        });
        await pushNewPost(trx, now, { uuid, title: fields.title, author_id: author.id });
        // Inside the transaction: a failed write rolls the post back.
        if (png) await writeNewsPicture(deps.config, uuid, png);
      });
      return readPost(uuid);
    },
  );

  routes.put(
    `${NEWS_PATH}/:id`,
    {
      schema: {
        params: uuidParam,
        response: { ...errorAnswers(400, 403, 404, 413, 415, 429), 200: newsPostSchema },
        description: `${FORM_DESCRIPTION} \`remove_picture\`: true drops the picture. By its author or an admin. A picture counts toward the 10 uploads per user per 10 minutes.`,
      },
    },
    async (request) => {
      const actor = authOf(request).user;
      const { id } = request.params;
      const { fields, picture } = await readNewsForm(request, () => countUpload(actor.id));
      const png = picture ? await renderNewsPicture(picture) : null;
      let dropPicture = false;
      await runWrite(deps, async (trx) => {
        const post = await lockNews(trx, id);
        if (!post) throw new HttpError(404, 'not_found', 'uuid');
        if (!mayEditNews(actor, post)) throw new HttpError(403, 'forbidden');
        const hasPicture = png !== null || (post.has_picture && !fields.remove_picture);
        dropPicture = post.has_picture && !hasPicture;
        await updateNews(trx, id, {
          title: fields.title,
          text: fields.text,
          has_picture: hasPicture,
          updated_at: deps.now(),
        });
        if (png) await writeNewsPicture(deps.config, id, png);
      });
      if (dropPicture) await removeNewsPicture(deps.config, id);
      return readPost(id);
    },
  );

  routes.delete(
    `${NEWS_PATH}/:id`,
    {
      schema: {
        params: uuidParam,
        response: { ...errorAnswers(403, 404), 200: okResponseSchema },
        description: 'By its author or an admin; its picture goes with it.',
      },
    },
    async (request) => {
      const actor = authOf(request).user;
      const { id } = request.params;
      await runWrite(deps, async (trx) => {
        const post = await lockNews(trx, id);
        if (!post) throw new HttpError(404, 'not_found', 'uuid');
        if (!mayEditNews(actor, post)) throw new HttpError(403, 'forbidden');
        await deleteNews(trx, id);
      });
      await removeNewsPicture(deps.config, id);
      return { ok: true as const };
    },
  );
}
