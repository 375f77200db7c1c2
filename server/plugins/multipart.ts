import { LIMITS } from '@common/contract/limits';
import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';

/**
 * Registers `routes` in a scope of their own that parses multipart bodies (one image file and a few fields):
 * pictures and the logo, news posts. Only there: the plugin adds two hooks to every request of the scope it
 * is in (one listens for the connection closing early, one cleans saved files after the answer), which every
 * other request, the week's read first, would pay for. Elsewhere a multipart body is refused (415) as any
 * type without a parser.
 */
export async function withUploads(
  parent: FastifyInstance,
  routes: (uploads: FastifyInstance) => Promise<void>,
): Promise<void> {
  await parent.register(async (uploads) => {
    await uploads.register(multipart, {
      limits: { fileSize: LIMITS.imageBytesMax, files: 1, fields: 5, parts: 6 },
    });
    await routes(uploads);
  });
}
