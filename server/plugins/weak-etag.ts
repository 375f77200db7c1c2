import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** A weak validator for an answer's bytes: equal bytes, equal tag, whichever process answered. */
export function weakETagOf(payload: string | Buffer): string {
  return `W/"${createHash('sha256').update(payload).digest('base64url').slice(0, 32)}"`;
}

/** If-None-Match holds the tag (weak comparison, RFC 9110 §13.1.2): `*` or any listed tag, W/ or not. */
function matches(ifNoneMatch: string | undefined, tag: string): boolean {
  if (!ifNoneMatch) return false;
  const opaque = tag.slice(2);
  return ifNoneMatch
    .split(',')
    .map((listed) => listed.trim())
    .some(
      (listed) =>
        listed === '*' || listed === tag || listed === opaque || listed.replace(/^W\//, '') === opaque,
    );
}

/**
 * A route's onSend hook: a 200 carries a weak ETag computed from the serialised answer, and a request
 * whose If-None-Match holds that tag gets 304 with no body instead (the week read: the client's sync
 * engine keeps the tag of each range it stored and learns "nothing changed" without the bytes). The tag
 * is taken from the bytes rather than from a version counter, so it cannot go stale: the answer is still
 * built each time, only its transfer (and the client's parse and rewrite) is saved.
 */
export async function weakETag(
  request: FastifyRequest,
  reply: FastifyReply,
  payload: unknown,
): Promise<unknown> {
  if (reply.statusCode !== 200 || (typeof payload !== 'string' && !Buffer.isBuffer(payload))) return payload;
  const tag = weakETagOf(payload);
  reply.header('etag', tag);
  if (!matches(request.headers['if-none-match'], tag)) return payload;
  reply.code(304);
  reply.removeHeader('content-type');
  reply.removeHeader('content-length');
  return null;
}
