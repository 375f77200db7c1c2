import { userSchema } from '@common/contract/user';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  CACHED_USER_KEY,
  getCachedUser,
  getToken,
  setCachedUser,
  setToken,
  USER_FIELDS,
} from '../../../src/data/core/session-storage';
import { USER } from '../fake-api';

afterEach(() => {
  vi.restoreAllMocks();
  localStorage.clear();
});

describe('the token', () => {
  it('reads as none when the storage refuses to be read (site data blocked, a page torn down)', () => {
    setToken('tok');
    expect(getToken()).toBe('tok');
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new DOMException('denied', 'SecurityError');
    });
    expect(getToken()).toBeNull();
  });
});

describe('the cached user', () => {
  it('lists exactly the fields of the contract (so a new field makes older stored users unreadable)', () => {
    expect([...USER_FIELDS].sort()).toEqual(Object.keys(userSchema.shape).sort());
  });

  it('reads back the user stored at sign-in', () => {
    setCachedUser(USER);
    expect(getCachedUser()).toEqual(USER);
  });

  it('ignores a user stored by a version with another shape, and anything that is not a user', () => {
    const { language: _dropped, ...older } = USER;
    for (const stored of [
      JSON.stringify(older),
      '"marie"',
      'null',
      '{not json',
      JSON.stringify({ ...USER, id: 7 }),
    ]) {
      localStorage.setItem(CACHED_USER_KEY, stored);
      expect(getCachedUser(), stored).toBeNull();
    }
  });
});
