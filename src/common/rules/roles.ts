import type { RoleName } from '@common/contract/user';

/** Admin means Admin or SuperAdmin (docs/rules.md#roles). */
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

/**
 * Who may give which role (docs/rules.md#roles): an admin gives User or Contributor, only a SuperAdmin gives
 * Admin, and nobody gives SuperAdmin over HTTP (the command line makes them). The role-change route and the
 * re-invitation of an unconfirmed account both decide with this, so the two cannot drift apart.
 */
export function canGiveRole(actor: RoleName | undefined, role: RoleName): boolean {
  switch (role) {
    case 'User':
    case 'Contributor':
      return isAdminRole(actor);
    case 'Admin':
      return actor === 'SuperAdmin';
    case 'SuperAdmin':
      return false;
  }
}
