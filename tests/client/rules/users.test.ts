import type { RoleName } from '@common/contract/user';
import { settingsEntriesFor } from '@common/rules/settings-menu';
import {
  asksOwnPassword,
  mayChangeRole,
  mayEditProfile,
  mayReadProfile,
  mayRevoke,
  mayUnlock,
  rolesOffered,
} from '@common/rules/users';
import { describe, expect, it } from 'vitest';

const ACTOR_ID = '00000000-0000-4000-8000-000000000001';
const OTHER_ID = '00000000-0000-4000-8000-000000000002';

// Written out cell by cell (docs/rules.md#roles): on a locked target, what the user detail screen offers —
// and what the server accepts, since it decides with the same functions.
const TABLE: Array<
  [actor: RoleName, target: RoleName, isSelf: boolean, revoke: boolean, roles: string, unlock: boolean]
> = [
  ['User', 'User', true, false, '', false],
  ['User', 'User', false, false, '', false],
  ['User', 'Contributor', false, false, '', false],
  ['User', 'Admin', false, false, '', false],
  ['User', 'SuperAdmin', false, false, '', false],
  ['Contributor', 'Contributor', true, false, '', false],
  ['Contributor', 'User', false, false, '', false],
  ['Contributor', 'Contributor', false, false, '', false],
  ['Contributor', 'Admin', false, false, '', false],
  ['Contributor', 'SuperAdmin', false, false, '', false],
  ['Admin', 'Admin', true, false, '', true],
  ['Admin', 'User', false, true, 'Contributor,User', true],
  ['Admin', 'Contributor', false, true, 'Contributor,User', true],
  ['Admin', 'Admin', false, true, '', true],
  ['Admin', 'SuperAdmin', false, false, '', true],
  ['SuperAdmin', 'SuperAdmin', true, false, '', true],
  ['SuperAdmin', 'User', false, true, 'Contributor,User,Admin', true],
  ['SuperAdmin', 'Contributor', false, true, 'Contributor,User,Admin', true],
  ['SuperAdmin', 'Admin', false, true, 'Contributor,User,Admin', true],
  ['SuperAdmin', 'SuperAdmin', false, false, '', true],
];

describe('what an account offers to whom (revoke, role selector, unlock)', () => {
  it.each(TABLE)('%s on %s (self: %s)', (actorRole, targetRole, isSelf, revoke, roles, unlock) => {
    const actor = { id: ACTOR_ID, role_name: actorRole };
    const target = { id: isSelf ? ACTOR_ID : OTHER_ID, role_name: targetRole, is_locked: true };
    expect(mayRevoke(actor, target)).toBe(revoke);
    expect(rolesOffered(actor, target).join(',')).toBe(roles);
    expect(mayChangeRole(actor, target)).toBe(roles !== '');
    expect(mayUnlock(actor, target)).toBe(unlock);
    expect(mayUnlock(actor, { ...target, is_locked: false })).toBe(false);
  });
});

describe('profiles', () => {
  it('are read by their owner or an admin', () => {
    expect(mayReadProfile({ id: ACTOR_ID, role_name: 'User' }, ACTOR_ID)).toBe(true);
    expect(mayReadProfile({ id: ACTOR_ID, role_name: 'Contributor' }, OTHER_ID)).toBe(false);
    expect(mayReadProfile({ id: ACTOR_ID, role_name: 'Admin' }, OTHER_ID)).toBe(true);
  });

  it.each([
    ['User', 'User', false],
    ['Contributor', 'User', false],
    // Only where the actor could change the role too (docs/rules.md#roles).
    ['Admin', 'User', true],
    ['Admin', 'Contributor', true],
    ['Admin', 'Admin', false],
    ['Admin', 'SuperAdmin', false],
    ['SuperAdmin', 'Admin', true],
    ['SuperAdmin', 'SuperAdmin', false],
  ] as const)('are edited by %s on another %s: %s', (actorRole, targetRole, expected) => {
    expect(
      mayEditProfile({ id: ACTOR_ID, role_name: actorRole }, { id: OTHER_ID, role_name: targetRole }),
    ).toBe(expected);
    expect(
      mayEditProfile({ id: ACTOR_ID, role_name: actorRole }, { id: ACTOR_ID, role_name: actorRole }),
    ).toBe(true);
  });
});

describe('the password typed again', () => {
  it('is asked for one’s own new email or password, and for every deletion', () => {
    expect(asksOwnPassword('email', ACTOR_ID, ACTOR_ID)).toBe(true);
    expect(asksOwnPassword('email', ACTOR_ID, OTHER_ID)).toBe(false);
    expect(asksOwnPassword('password', ACTOR_ID, ACTOR_ID)).toBe(true);
    expect(asksOwnPassword('delete', ACTOR_ID, ACTOR_ID)).toBe(true);
    expect(asksOwnPassword('delete', ACTOR_ID, OTHER_ID)).toBe(true);
  });
});

describe('the settings menu', () => {
  it.each([
    [undefined, ''],
    ['User', ''],
    ['Contributor', 'report,model,stuff,not_returned'],
    ['Admin', 'app,users,email,report,model,stuff,not_returned'],
    ['SuperAdmin', 'app,users,email,report,model,stuff,not_returned'],
  ] as const)('shows %s: %s', (role, entries) => {
    expect(settingsEntriesFor(role).join(',')).toBe(entries);
  });
});
