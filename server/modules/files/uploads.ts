import type { FastifyRequest } from 'fastify';
import { HttpError } from '../../http-error';

/** The one uploaded file of a multipart request, whole; limits are enforced by @fastify/multipart. */
export async function readUploadedFile(request: FastifyRequest): Promise<Buffer> {
  const file = await request.file();
  if (!file) throw new HttpError(400, 'invalid_input', 'file');
  const content = await file.toBuffer();
  if (content.length === 0) throw new HttpError(400, 'invalid_input', 'file');
  return content;
}
