import type { z } from 'zod';
import { codeForStatus, errorBodySchema } from '../common/contract/errors';
import { type SettingResponse, settingResponseSchema } from '../common/contract/settings';
import {
  type LoginRequest,
  type LoginResponse,
  loginResponseSchema,
  type User,
  userSchema,
} from '../common/contract/user';
import { clearSession, getToken } from './session-storage';

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

type UnauthorisedListener = () => void;
const unauthorisedListeners = new Set<UnauthorisedListener>();

/** Told when a 401 dropped the token, so the session store can forget the user. */
export function onUnauthorised(listener: UnauthorisedListener): () => void {
  unauthorisedListeners.add(listener);
  return () => unauthorisedListeners.delete(listener);
}

let currentLanguage = 'fr';
export function setApiLanguage(language: string): void {
  currentLanguage = language;
}

interface RequestOptions<T> {
  body?: unknown;
  schema?: z.ZodType<T>;
  headers?: Record<string, string>;
}

export async function apiRequest<T = undefined>(method: string, path: string, options: RequestOptions<T> = {}): Promise<T> {
  const headers: Record<string, string> = { 'Accept-Language': currentLanguage, ...options.headers };
  const token = getToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';

  let response: Response;
  try {
    response = await fetch(path, {
      method,
      headers,
      ...(options.body !== undefined ? { body: JSON.stringify(options.body) } : {}),
    });
  } catch {
    throw new ApiError(0, 'network_error', 'network_error');
  }

  if (!response.ok) throw await errorFrom(response);
  if (response.status === 204 || !options.schema) return undefined as T;
  return options.schema.parse(await response.json());
}

/** Product-spec §8: the status decides it is an error; the body's code, when there is one, says which. */
async function errorFrom(response: Response): Promise<ApiError> {
  if (response.status === 401) {
    // The only place that drops the token: a network error or a 5xx never signs anyone out.
    clearSession();
    for (const listener of unauthorisedListeners) listener();
  }
  const fallback = codeForStatus(response.status);
  try {
    const body = errorBodySchema.safeParse(await response.json());
    if (body.success) return new ApiError(response.status, body.data.code, body.data.message, body.data.field);
  } catch {
    // not JSON: the status alone decides
  }
  return new ApiError(response.status, fallback, fallback);
}

export const login = (request: LoginRequest): Promise<LoginResponse> =>
  apiRequest('POST', '/api/user/login', { body: request, schema: loginResponseSchema });

export const fetchMe = (): Promise<User> => apiRequest('GET', '/api/user/me', { schema: userSchema });

export const logout = (): Promise<void> => apiRequest('POST', '/api/user/logout');

export const fetchSetting = (key: 'slogan' | 'logo'): Promise<SettingResponse> =>
  apiRequest('GET', `/api/internal/settings?key=${key}`, { schema: settingResponseSchema });
