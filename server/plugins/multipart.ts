import { LIMITS } from '@common/contract/limits';
import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';

/**
 * Multipart bodies (one image file and a few fields), for the routes that take an upload: pictures and the
 * logo, news posts. Registered in their own scope only: the plugin adds two hooks to every request of the
 * scope it is in (one listens for the connection closing early, one cleans saved files after the answer),
 * which every other request, the week's read first, would pay for. Elsewhere a multipart body is refused
 * (415) as any type without a parser.
 */
export async function acceptMultipart(scope: FastifyInstance): Promise<void> {
  await scope.register(multipart, {
    limits: { fileSize: LIMITS.imageBytesMax, files: 1, fields: 5, parts: 6 },
  });
}
