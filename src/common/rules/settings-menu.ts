import type { RoleName } from '@common/contract/user';
import { canManageContent, isAdminRole } from './roles';

/** The settings menu's entries, in order, and who sees each (the route guards). */
export const SETTINGS_ENTRIES = ['app', 'users', 'email', 'report', 'model', 'stuff'] as const;
export type SettingsEntry = (typeof SETTINGS_ENTRIES)[number];

const ADMIN_ENTRIES: ReadonlySet<SettingsEntry> = new Set(['app', 'users', 'email', 'report']);

/** Application, users, email and the season report for admins; models and stuff for contributors and admins. */
export function settingsEntriesFor(role: RoleName | undefined): SettingsEntry[] {
  return SETTINGS_ENTRIES.filter((entry) =>
    ADMIN_ENTRIES.has(entry) ? isAdminRole(role) : canManageContent(role),
  );
}
