/**
 * The API's error codes and the error answer's shape. No zod here on purpose: the page reads error
 * answers before the contract's schemas are loaded (they load after the first paint).
 */

/**
 * Every error code the API can answer; each is also an i18n key under `errors.`: in fr.json and en.json when
 * the first paint or the sign-in may say it, else in the later texts (i18n/later), which come with the moves.
 */
export const ERROR_CODES = [
  'invalid_input',
  'unauthorised',
  'forbidden',
  'not_found',
  'method_not_allowed',
  'conflict',
  'unsupported_media',
  'too_large',
  'too_many_requests',
  'rate_limited',
  'server_error',
  'network_error',
  'invalid_credentials',
  'account_revoked',
  'account_not_confirmed',
  'password_too_weak',
  'username_taken',
  'email_taken',
  'token_invalid',
  'error_date',
  'error_date_past',
  'event_past',
  'event_not_cancelled',
  'event_cancelled',
  'event_full',
  'stuff_locked',
  'stuff_unavailable',
  'waiting_list_refused',
  'guest_limit_reached',
  'walk_in_registered',
  'import_unreadable',
  'import_empty',
  'import_no_email_column',
  'import_too_many_rows',
  'password_incorrect',
  'last_superadmin',
  'request_in_progress',
  'idempotency_key_reused',
  'model_in_use',
  'stuff_in_use',
  'series_empty',
  'series_too_long',
  'series_skip_outside',
  'guardian_loop',
  'thread_closed',
  'invitation_not_pending',
  'dossier_incomplete',
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

/** An error answer's body (docs/rules.md#errors). */
export interface ErrorBody {
  code: string;
  message: string;
  field: string | null;
  /** With `stuff_unavailable`: the kit's item that is not there (docs/rules.md#kit). */
  uuid_stuff?: string;
  /** With `dossier_incomplete`: what the member's file lacks (docs/rules.md#members-file). */
  reasons?: string[];
}

/** The body as an error answer, or null when it is not one (any other JSON, or none). */
export function readErrorBody(body: unknown): ErrorBody | null {
  if (typeof body !== 'object' || body === null) return null;
  const { code, message, field } = body as Record<string, unknown>;
  if (typeof code !== 'string' || typeof message !== 'string') return null;
  if (field !== undefined && field !== null && typeof field !== 'string') return null;
  const { uuid_stuff, reasons } = body as Record<string, unknown>;
  const reasonList =
    Array.isArray(reasons) && reasons.every((r) => typeof r === 'string') ? (reasons as string[]) : null;
  return {
    code,
    message,
    field: field ?? null,
    ...(typeof uuid_stuff === 'string' ? { uuid_stuff } : {}),
    ...(reasonList ? { reasons: reasonList } : {}),
  };
}

/** The generic code for an HTTP status when the body names none (docs/rules.md#errors). */
export function codeForStatus(status: number): ErrorCode {
  switch (status) {
    case 400:
      return 'invalid_input';
    case 401:
      return 'unauthorised';
    case 403:
      return 'forbidden';
    case 404:
      return 'not_found';
    case 405:
      return 'method_not_allowed';
    case 409:
      return 'conflict';
    case 413:
      return 'too_large';
    case 415:
      return 'unsupported_media';
    case 429:
      return 'too_many_requests';
    default:
      return 'server_error';
  }
}
