import type { TFunction } from 'i18next';
import { ApiError } from '../data/core/api-client';
import { StorageFullError } from '../data/core/sync';

/** The user's words for a failure: our translation of its code, else the server's own message. */
export function errorText(t: TFunction, error: unknown): string {
  if (error instanceof ApiError) return t(`errors.${error.code}`, { defaultValue: error.message });
  if (error instanceof StorageFullError) return t('sync.storage_full');
  return t('errors.server_error');
}
