import { ApiError } from '../data/core/api-client';

/**
 * The field a refusal names (`field` of the error body), to show it on that field; null for any other
 * failure. Its own module: only later-loaded forms use it, and error-text.ts is in the first paint.
 */
export function refusedField(error: unknown): string | null {
  return error instanceof ApiError ? error.field : null;
}
