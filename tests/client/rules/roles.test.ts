import type { RoleName } from '@common/contract/user';
import { canGiveRole } from '@common/rules/roles';
import { describe, expect, it } from 'vitest';

// Written out cell by cell (docs/rules.md#roles): who may give which role.
const TABLE: Array<
  [actor: RoleName, User: boolean, Contributor: boolean, Admin: boolean, SuperAdmin: boolean]
> = [
  ['User', false, false, false, false],
  ['Contributor', false, false, false, false],
  ['Admin', true, true, false, false],
  ['SuperAdmin', true, true, true, false],
];

describe('who may give which role', () => {
  it.each(TABLE)('%s', (actor, user, contributor, admin, superAdmin) => {
    expect(canGiveRole(actor, 'User')).toBe(user);
    expect(canGiveRole(actor, 'Contributor')).toBe(contributor);
    expect(canGiveRole(actor, 'Admin')).toBe(admin);
    expect(canGiveRole(actor, 'SuperAdmin')).toBe(superAdmin);
  });

  it('gives nothing to nobody signed in', () => {
    expect(canGiveRole(undefined, 'User')).toBe(false);
  });
});
