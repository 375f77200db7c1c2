import type { RoleName } from '@common/contract/user';
import { maySeeNotReturned } from './kit';
import { canManageContent, isAdminRole } from './roles';

/** The settings menu's entries, in order, and who sees each (the route guards). */
export const SETTINGS_ENTRIES = [
  'app',
  'users',
  'email',
  'report',
  'model',
  'stuff',
  'not_returned',
] as const;
export type SettingsEntry = (typeof SETTINGS_ENTRIES)[number];

const ADMIN_ENTRIES: ReadonlySet<SettingsEntry> = new Set(['app', 'users', 'email', 'report']);

/**
 * Application, users, email and the season report for admins; models and stuff for contributors and admins; the
 * kit not returned for whoever reads it (docs/rules.md#kit).
 */
export function settingsEntriesFor(role: RoleName | undefined): SettingsEntry[] {
  return SETTINGS_ENTRIES.filter((entry) => {
    if (entry === 'not_returned') return maySeeNotReturned(role ? { role_name: role } : null);
    return ADMIN_ENTRIES.has(entry) ? isAdminRole(role) : canManageContent(role);
  });
}
