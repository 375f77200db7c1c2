/**
 * The one fetch wrapper of the app: bearer token, language, typed answers parsed with the contract's
 * schemas, and the status → error mapping (docs/rules.md#errors). Each call's outcome feeds the connectivity
 * state. A 401 means a lost session only for a request that carried a token: the session module is told (and
 * decides); the sign-in's own 401 is just the sign-in's error.
 */

import { codeForStatus, readErrorBody } from '@common/contract/errors';
import { trackedFetch } from './connectivity';
import { takeEarlyRead } from './early-reads';
import { getToken } from './session-storage';

/** An API refusal or a failure to reach the API; `code` is an i18n key under `errors.`. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly field: string | null = null,
    /** With `stuff_unavailable`: the kit's item that is gone (docs/rules.md#kit). */
    readonly uuidStuff?: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }

  get isNetworkOrServer(): boolean {
    return this.status === 0 || this.status >= 500;
  }
}

const sessionRejectedListeners = new Set<() => void>();

/** Told when the server refused the token a request carried (401): the session is over. */
export function onSessionRejected(listener: () => void): () => void {
  sessionRejectedListeners.add(listener);
  return () => sessionRejectedListeners.delete(listener);
}

let currentLanguage = 'fr';
export function setApiLanguage(language: string): void {
  currentLanguage = language;
}

/** What parses an answer: a contract's zod schema, or a check of the same shape written without zod. */
export interface AnswerParser<T> {
  parse(value: unknown): T;
}

export interface RequestOptions<T> {
  body?: unknown;
  /** A multipart body (uploads): sent as is, the browser sets its Content-Type with the boundary. */
  formData?: FormData;
  /** A file sent as the body with its own media type (a CSV import). */
  file?: { body: Blob; type: string };
  schema?: AnswerParser<T>;
  headers?: Record<string, string>;
  /** Sent without the token (sign-in, public reads): a 401 then says nothing about the session. */
  isAnonymous?: boolean;
  /**
   * Carries the user's own password typed again (a new email or password, a deletion): a 401
   * `invalid_credentials` then means the account is locked, not that the session is lost
   * (docs/rules.md#accounts-and-sessions). It is a refused password, and the session stays.
   */
  isPasswordPrompt?: boolean;
}

async function send(method: string, path: string, options: RequestOptions<unknown>): Promise<Response> {
  const headers: Record<string, string> = { 'Accept-Language': currentLanguage, ...options.headers };
  const token = options.isAnonymous ? null : getToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  if (options.file) headers['Content-Type'] = options.file.type;

  // A plain read the page started at load (early-reads.ts) is answered by that request, not sent again.
  const isPlainRead = method === 'GET' && options.headers === undefined && options.body === undefined;
  const early = isPlainRead ? takeEarlyRead(path, token) : undefined;
  let response: Response;
  try {
    response = await (early ??
      trackedFetch(path, {
        method,
        headers,
        ...(options.formData
          ? { body: options.formData }
          : options.file
            ? { body: options.file.body }
            : options.body !== undefined
              ? { body: JSON.stringify(options.body) }
              : {}),
      }));
  } catch {
    throw new ApiError(0, 'network_error', 'network_error');
  }
  // 304 only ever answers a conditional read (apiConditionalGet): not an error.
  if (!response.ok && response.status !== 304) {
    const error = await errorFrom(response);
    if (options.isPasswordPrompt && error.status === 401 && error.code === 'invalid_credentials') {
      throw new ApiError(401, 'password_prompt_locked', error.message, 'password');
    }
    if (response.status === 401 && token) for (const listener of sessionRejectedListeners) listener();
    throw error;
  }
  return response;
}

export async function apiRequest<T = undefined>(
  method: string,
  path: string,
  options: RequestOptions<T> = {},
): Promise<T> {
  const response = await send(method, path, options);
  if (response.status === 204 || response.status === 304 || !options.schema) return undefined as T;
  return options.schema.parse(await response.json());
}

/** A file the API answers (a CSV export), with the name its Content-Disposition gives. */
export async function apiFile(path: string): Promise<{ blob: Blob; filename: string | null }> {
  const response = await send('GET', path, {});
  const disposition = response.headers.get('content-disposition') ?? '';
  return { blob: await response.blob(), filename: /filename="([^"]+)"/.exec(disposition)?.[1] ?? null };
}

/** What a conditional read learned: nothing changed since `etag`, or the answer and its new tag. */
export type ConditionalAnswer<T> =
  | { isNotModified: true }
  | { isNotModified: false; data: T; etag: string | null };

/**
 * A GET sending `etag` (the tag of the copy the caller holds, when it holds one) as If-None-Match: a 304
 * means that copy is still the server's answer, so there is nothing to parse or store.
 */
export async function apiConditionalGet<T>(
  path: string,
  schema: AnswerParser<T>,
  etag?: string,
): Promise<ConditionalAnswer<T>> {
  const response = await send('GET', path, etag ? { headers: { 'If-None-Match': etag } } : {});
  if (response.status === 304) return { isNotModified: true };
  return {
    isNotModified: false,
    data: schema.parse(await response.json()),
    etag: response.headers.get('etag'),
  };
}

/** The status decides it is an error; the body's code, if any, says which (docs/rules.md#errors). */
async function errorFrom(response: Response): Promise<ApiError> {
  const fallback = codeForStatus(response.status);
  try {
    const body = readErrorBody(await response.json());
    if (body) return new ApiError(response.status, body.code, body.message, body.field, body.uuid_stuff);
  } catch {
    // not JSON: the status alone decides
  }
  return new ApiError(response.status, fallback, fallback);
}
