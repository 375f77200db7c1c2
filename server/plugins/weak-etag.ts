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
 * Sends JSON bytes already serialised, with their weak ETag; a request whose If-None-Match holds that tag
 * gets 304 with no body instead (the week read: the client's sync engine keeps the tag of each range it
 * stored and learns "nothing changed" without the bytes). The tag is taken from the bytes rather than from
 * a version counter, so it cannot go stale, and equal answers from two processes carry equal tags.
 * The bytes go out as they are: no serialiser runs (the caller built them from the contract's type).
 */
export function sendJsonWithWeakETag(
  request: FastifyRequest,
  reply: FastifyReply,
  answer: { body: Buffer; etag: string },
): FastifyReply {
  return sendWithWeakETag(request, reply, answer, 'application/json; charset=utf-8');
}

/** The same for any bytes of `contentType` (the web manifest, the club's stylesheet and icon). */
export function sendWithWeakETag(
  request: FastifyRequest,
  reply: FastifyReply,
  answer: { body: Buffer; etag: string },
  contentType: string,
): FastifyReply {
  reply.header('etag', answer.etag);
  if (matches(request.headers['if-none-match'], answer.etag)) return reply.code(304).send();
  return reply.type(contentType).send(answer.body);
}
