/**
 * The one fetch wrapper of the app: bearer token, language, typed answers parsed with the contract's
 * schemas, and the spec's status → error mapping (product-spec §8). Each call's outcome feeds the
 * connectivity state. A 401 means a lost session only for a request that carried a token: the
 * session module is told (and decides); the sign-in's own 401 is just the sign-in's error.
 */
import type { z } from 'zod';
import { codeForStatus, readErrorBody } from '../../common/contract/errors';
import { trackedFetch } from './connectivity';
import { getToken } from './session-storage';

/** An API refusal or a failure to reach the API; `code` is an i18n key under `errors.`. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly field: string | null = null,
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

export interface RequestOptions<T> {
  body?: unknown;
  /** A multipart body (uploads): sent as is, the browser sets its Content-Type with the boundary. */
  formData?: FormData;
  schema?: z.ZodType<T>;
  headers?: Record<string, string>;
  /** Sent without the token (sign-in, public reads): a 401 then says nothing about the session. */
  isAnonymous?: boolean;
}

export async function apiRequest<T = undefined>(
  method: string,
  path: string,
  options: RequestOptions<T> = {},
): Promise<T> {
  const headers: Record<string, string> = { 'Accept-Language': currentLanguage, ...options.headers };
  const token = options.isAnonymous ? null : getToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';

  let response: Response;
  try {
    response = await trackedFetch(path, {
      method,
      headers,
      ...(options.formData
        ? { body: options.formData }
        : options.body !== undefined
          ? { body: JSON.stringify(options.body) }
          : {}),
    });
  } catch {
    throw new ApiError(0, 'network_error', 'network_error');
  }

  if (!response.ok) {
    if (response.status === 401 && token) for (const listener of sessionRejectedListeners) listener();
    throw await errorFrom(response);
  }
  if (response.status === 204 || !options.schema) return undefined as T;
  return options.schema.parse(await response.json());
}

/** Product-spec §8: the status decides it is an error; the body's code, when there is one, says which. */
async function errorFrom(response: Response): Promise<ApiError> {
  const fallback = codeForStatus(response.status);
  try {
    const body = readErrorBody(await response.json());
    if (body) return new ApiError(response.status, body.code, body.message, body.field);
  } catch {
    // not JSON: the status alone decides
  }
  return new ApiError(response.status, fallback, fallback);
}
