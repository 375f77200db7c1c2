import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { settingResponseSchema } from '../../../src/common/contract/settings';
import {
  pictureQuerySchema,
  pictureResponseSchema,
  pictureUrl,
  thumbnailUrl,
} from '../../../src/common/contract/users';
import type { AppDeps } from '../../app-deps';
import { HttpError } from '../../http-error';
import { authOf, requireAdmin } from '../../plugins/auth';
import { LOGO_URL, publicFilesDir } from '../../plugins/public-files';
import { assertSelfOrAdminOver } from '../users/permissions';
import { findUserById } from '../users/users.repository';
import { writeAtomically } from './file-store';
import { reencodeAsPng, THUMBNAIL_SIZE, toPng } from './images';
import { readUploadedFile } from './uploads';

const LOGO_MAX_SIZE = 512;

/** Signed-in routes (registered inside the signed-in scope); the pictures themselves are public files. */
export async function picturesRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const publicDir = publicFilesDir(deps.config);

  routes.post(
    '/api/user/profile/picture',
    {
      schema: {
        querystring: pictureQuerySchema,
        response: { 200: pictureResponseSchema },
        description:
          'Multipart, one image file (JPEG, PNG or WebP, at most 5 MB and 25 megapixels). Stored as PNG.',
      },
    },
    async (request) => {
      const actor = authOf(request).user;
      const ownerId = request.query.user_id ?? actor.id;
      const owner = ownerId === actor.id ? actor : await findUserById(deps.db, ownerId);
      if (!owner) throw new HttpError(404, 'not_found', 'user_id');
      assertSelfOrAdminOver(actor, owner);
      const image = await reencodeAsPng(await readUploadedFile(request));
      const [picture, thumbnail] = await Promise.all([toPng(image), toPng(image, THUMBNAIL_SIZE)]);
      const dir = path.join(publicDir, 'profile');
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
          'Multipart, one image file (JPEG, PNG or WebP, at most 5 MB and 25 megapixels). Stored as logo.png.',
      },
      onRequest: requireAdmin,
    },
    async (request) => {
      const image = await reencodeAsPng(await readUploadedFile(request));
      const logo = await image
        .clone()
        .resize(LOGO_MAX_SIZE, LOGO_MAX_SIZE, { fit: 'inside', withoutEnlargement: true })
        .png()
        .toBuffer();
      await writeAtomically(publicDir, 'logo.png', logo);
      return { key: 'logo' as const, value: LOGO_URL };
    },
  );
}
