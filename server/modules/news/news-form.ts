import { newsInputSchema } from '@common/contract/news';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { HttpError } from '../../http-error';

export interface NewsForm {
  fields: z.output<typeof newsInputSchema>;
  /** The uploaded picture, whole and unchecked (images.ts checks it by content). */
  picture: Buffer | null;
}

/**
 * A post arrives as JSON (title and text) or, with a picture, as multipart: form fields and at most one
 * file, limited by @fastify/multipart (5 MB: 413 `too_large`). Either way the fields meet the shared schema;
 * a refusal names the first field at fault (400 `invalid_input`). `countUpload` runs when a file part
 * arrives, before its bytes are read: a picture counts toward the member's uploads (docs/rules.md#abuse-limits),
 * a post without one does not.
 */
export async function readNewsForm(request: FastifyRequest, countUpload: () => void): Promise<NewsForm> {
  let raw: unknown = request.body;
  let picture: Buffer | null = null;
  if (request.isMultipart()) {
    const fields: Record<string, string> = {};
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        countUpload();
        const content = await part.toBuffer();
        if (part.fieldname !== 'file' || content.length === 0)
          throw new HttpError(400, 'invalid_input', 'file');
        picture = content;
      } else if (typeof part.value === 'string') {
        fields[part.fieldname] = part.value;
      }
    }
    raw = fields;
  }
  const parsed = newsInputSchema.safeParse(raw ?? {});
  if (!parsed.success)
    throw new HttpError(400, 'invalid_input', String(parsed.error.issues[0]?.path[0] ?? ''));
  return { fields: parsed.data, picture };
}
