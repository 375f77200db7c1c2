import path from 'node:path';
import { settingResponseSchema } from '@common/contract/settings';
import { pictureQuerySchema, pictureResponseSchema, pictureUrl, thumbnailUrl } from '@common/contract/users';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app-deps';
import { HttpError } from '../../http-error';
import { authOf, requireAdmin } from '../../plugins/auth';
import { errorAnswers } from '../../plugins/error-answers';
import { logoUrl, publicFilesDir } from '../../plugins/public-files';
import { assertMayActOnAccount } from '../users/member-access';
import { findUserById } from '../users/users.repository';
import { writeAtomically } from './file-store';
import { LOGO_MAX_SIZE, PICTURE_MAX_SIZE, renderPngs, THUMBNAIL_SIZE } from './images';
import { uploadCounter } from './upload-limit';
import { readUploadedFile } from './uploads';

/** Signed-in routes (registered inside the signed-in scope); the pictures themselves are public files. */
export async function picturesRoutes(
  app: FastifyInstance,
  deps: AppDeps,
  hooks: { afterLogo: () => Promise<void> },
): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  // The requesting club's folder, asked per upload.
  const publicDir = () => publicFilesDir(deps.config);
  // The app's one upload counter, shared with news pictures (docs/rules.md#abuse-limits), keyed on the
  // member: a route onRequest hook runs after the signed-in scope's, which has authenticated. Past it: 429
  // `too_many_requests` with Retry-After, before the body is read. Refused uploads count too: they cost.
  const countUpload = uploadCounter(deps);
  const uploadRate = async (request: FastifyRequest) => countUpload(authOf(request).user.id);

  routes.post(
    '/api/user/profile/picture',
    {
      schema: {
        querystring: pictureQuerySchema,
        response: { ...errorAnswers(403, 404), 200: pictureResponseSchema },
        description:
          'Multipart, one image file (JPEG, PNG or WebP, at most 5 MB and 25 megapixels, and no more than ' +
          'its size can hold). Stored as PNG, at most 1024 px a side. 10 uploads (pictures, logo and news pictures ' +
          'together) per user per 10 minutes.',
      },
      onRequest: uploadRate,
    },
    async (request) => {
      const actor = authOf(request).user;
      const ownerId = request.query.user_id ?? actor.id;
      const owner = ownerId === actor.id ? actor : await findUserById(deps.db, ownerId);
      if (!owner) throw new HttpError(404, 'not_found', 'user_id');
      await assertMayActOnAccount(deps, deps.db, actor, owner, 'picture', 'edit');
      const [picture, thumbnail] = await renderPngs(await readUploadedFile(request), [
        { size: PICTURE_MAX_SIZE, fit: 'inside' },
        { size: THUMBNAIL_SIZE, fit: 'cover' },
      ]);
      const dir = path.join(publicDir(), 'profile');
      await writeAtomically(dir, `${owner.id}.png`, picture);
      await writeAtomically(dir, `thumbnail-${owner.id}.png`, thumbnail);
      return { picture_url: pictureUrl(owner.id), thumbnail_url: thumbnailUrl(owner.id) };
    },
  );

  routes.put(
    '/api/internal/settings/logo',
    {
      schema: {
        response: { 200: settingResponseSchema },
        description:
          'Multipart, one image file (JPEG, PNG or WebP, at most 5 MB and 25 megapixels, and no more than ' +
          'its size can hold). Stored as logo.png, at most 512 px a side. 10 uploads (pictures, logo and news ' +
          'pictures together) per user per 10 minutes. The home-screen icons (/manifest.webmanifest) are made from it.',
      },
      onRequest: [requireAdmin, uploadRate],
    },
    async (request) => {
      const [logo] = await renderPngs(await readUploadedFile(request), [
        { size: LOGO_MAX_SIZE, fit: 'inside' },
      ]);
      await writeAtomically(publicDir(), 'logo.png', logo);
      // The home-screen icons made from it (club-icons.ts); a failure leaves the bundled ones.
      await hooks.afterLogo();
      return { key: 'logo' as const, value: logoUrl(deps.config) };
    },
  );
}
