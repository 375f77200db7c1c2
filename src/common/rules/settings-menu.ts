import type { RoleName } from '@common/contract/user';
import { mayReadSeasonReport } from './attendance';
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

const ADMIN_ENTRIES: ReadonlySet<SettingsEntry> = new Set(['app', 'users', 'email']);

/**
 * Application, users and email for admins; models and stuff for contributors and admins; the season report
 * (docs/rules.md#season-report) and the kit not returned (docs/rules.md#kit) for whoever reads them.
 */
export function settingsEntriesFor(role: RoleName | undefined): SettingsEntry[] {
  return SETTINGS_ENTRIES.filter((entry) => {
    if (entry === 'not_returned') return maySeeNotReturned(role ? { role_name: role } : null);
    if (entry === 'report') return role !== undefined && mayReadSeasonReport({ role_name: role }).ok;
    return ADMIN_ENTRIES.has(entry) ? isAdminRole(role) : canManageContent(role);
  });
}
