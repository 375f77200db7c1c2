import type { FastifyInstance } from 'fastify';

/**
 * HTML forms' bodies (application/x-www-form-urlencoded) as a plain object of strings, at most 1 KB: the
 * pages reached from mails (unsubscribe, answer links) post their one button with it. Registered per scope,
 * so the JSON API accepts no form bodies.
 */
export function acceptFormBodies(scope: FastifyInstance): void {
  scope.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 1024 },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );
}
