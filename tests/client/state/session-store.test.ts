import { describe, expect, it } from 'vitest';
import type { RoleName } from '../../../src/common/contract/user';
import { getCachedUser, getToken, setToken } from '../../../src/data/session-storage';
import { useSessionStore } from '../../../src/state/session-store';
import { USER } from '../fake-api';

describe('session store', () => {
  it.each([
    ['User', false, false],
    ['Contributor', false, true],
    ['Admin', true, false],
    ['SuperAdmin', true, false],
  ] as Array<[RoleName, boolean, boolean]>)(
    'a %s is admin: %s, contributor: %s',
    (role, isAdmin, isContributor) => {
      useSessionStore.getState().setUser({ ...USER, role_name: role });
      expect(useSessionStore.getState()).toMatchObject({ isAdmin, isContributor });
    },
  );

  it('caches the user it is given, for offline reloads', () => {
    useSessionStore.getState().setUser(USER);
    expect(useSessionStore.getState().currentUser).toEqual(USER);
    expect(getCachedUser()).toEqual(USER);
  });

  it('clear forgets the user, the token and the cache', () => {
    setToken('tok');
    useSessionStore.getState().setUser({ ...USER, role_name: 'Admin' });
    useSessionStore.getState().clear();
    expect(useSessionStore.getState()).toMatchObject({
      currentUser: null,
      isAdmin: false,
      isContributor: false,
    });
    expect(getToken()).toBeNull();
    expect(getCachedUser()).toBeNull();
  });
});
