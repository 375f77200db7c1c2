import type { FastifyInstance, FastifyRequest } from 'fastify';
import { HttpError } from '../http-error';

export const URLENCODED_FORM = 'application/x-www-form-urlencoded';
export const MULTIPART_FORM = 'multipart/form-data';

/** Room for the one-click field plus a few others, the boundaries and each part's headers. */
const MULTIPART_FORM_LIMIT = 4 * 1024;

/**
 * A form's fields as a plain object: a name sent once is its string, a name sent again (the answer page's one choice
 * of kit per kind, all named `stuffs`) the list of its values in order. Built from a Map, so no field name
 * (`__proto__`) reaches an object's prototype.
 */
export function formFields(entries: Iterable<[string, string]>): Record<string, string | string[]> {
  const fields = new Map<string, string | string[]>();
  for (const [name, value] of entries) {
    const before = fields.get(name);
    fields.set(name, before === undefined ? value : [...(Array.isArray(before) ? before : [before]), value]);
  }
  return Object.fromEntries(fields);
}

/**
 * HTML forms' bodies (application/x-www-form-urlencoded) as a plain object (formFields), at most 1 KB: the
 * pages reached from mails (unsubscribe, answer links) post their form with it. Registered per scope,
 * so the JSON API accepts no form bodies.
 *
 * With `multipart`, the scope also reads multipart/form-data the same way (its text fields; a file part is
 * dropped), at most 4 KB: RFC 8058 lets a mail provider send its one-click unsubscribe in either encoding
 * (docs/rules.md#answer-links). It replaces, in this scope only, @fastify/multipart's streaming parser, which
 * the upload routes keep.
 */
export function acceptFormBodies(scope: FastifyInstance, options: { multipart?: boolean } = {}): void {
  scope.addContentTypeParser(
    URLENCODED_FORM,
    { parseAs: 'string', bodyLimit: 1024 },
    (_request, body, done) => done(null, formFields(new URLSearchParams(String(body)))),
  );
  if (!options.multipart) return;
  scope.removeContentTypeParser(MULTIPART_FORM);
  scope.addContentTypeParser(
    MULTIPART_FORM,
    { parseAs: 'buffer', bodyLimit: MULTIPART_FORM_LIMIT },
    async (request: FastifyRequest, body: Buffer) => {
      // The platform's own multipart reader (the Fetch API's), given the boundary the request named.
      const contentType = request.headers['content-type'] ?? MULTIPART_FORM;
      const form = await new Response(new Uint8Array(body), { headers: { 'content-type': contentType } })
        .formData()
        .catch(() => {
          throw new HttpError(400, 'invalid_input');
        });
      const fields: Record<string, string> = {};
      for (const [name, value] of form) if (typeof value === 'string') fields[name] = value;
      return fields;
    },
  );
}
