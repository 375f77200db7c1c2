import { FORBIDDEN_CONTROL_CHARACTER } from '@common/contract/fields';
import type { FastifyInstance } from 'fastify';
import { HttpError } from '../http-error';

/**
 * Where the first text holding a forbidden control character sits in a parsed value, as the error's field
 * names it (`a.0.b`, as the validation errors do), or null when there is none. Walked with a stack, not
 * recursion: a 64 KiB body can nest arrays thousands deep.
 */
export function controlCharacterField(value: unknown): string | null {
  const stack: Array<{ value: unknown; path: string }> = [{ value, path: '' }];
  while (stack.length > 0) {
    const item = stack.pop() as { value: unknown; path: string };
    if (typeof item.value === 'string') {
      if (FORBIDDEN_CONTROL_CHARACTER.test(item.value)) return item.path;
    } else if (item.value !== null && typeof item.value === 'object') {
      const entries = Object.entries(item.value);
      // Pushed in reverse so the first field in the body is the one named.
      for (let i = entries.length - 1; i >= 0; i--) {
        const [key, child] = entries[i] as [string, unknown];
        stack.push({ value: child, path: item.path ? `${item.path}.${key}` : key });
      }
    }
  }
  return null;
}

/**
 * Routes whose body is checked piece by piece elsewhere: each write of a replay batch runs as its own
 * request (replay.routes.ts) and meets this check there, so one bad item is refused alone, not the batch.
 */
const BODY_CHECKED_PER_ITEM = new Set(['POST /api/replay']);

/**
 * Every text of every request — path parameters, query and JSON body — is refused with 400 `invalid_input`
 * naming its field when it holds a forbidden control character, before validation and before any database
 * sees it: on PostgreSQL a NUL was a 500. Register before the routes.
 */
export function registerControlCharacterCheck(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    const field =
      controlCharacterField(request.params) ??
      controlCharacterField(request.query) ??
      (BODY_CHECKED_PER_ITEM.has(`${request.method} ${request.routeOptions.url}`)
        ? null
        : controlCharacterField(request.body));
    // A bare string body (not an object) has no field to name.
    if (field !== null) throw new HttpError(400, 'invalid_input', field === '' ? null : field);
  });
}
