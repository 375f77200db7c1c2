import type { RoleName } from '../contract/user';

/** Admin means Admin or SuperAdmin (server-rules "Roles"). */
export function isAdminRole(role: RoleName | undefined): boolean {
  return role === 'Admin' || role === 'SuperAdmin';
}

export function isContributorRole(role: RoleName | undefined): boolean {
  return role === 'Contributor';
}

/** Who sees settings and event creation: contributors and admins. */
export function canManageContent(role: RoleName | undefined): boolean {
  return isAdminRole(role) || isContributorRole(role);
}
