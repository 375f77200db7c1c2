import { create } from 'zustand';
import type { User } from '../common/contract/user';
import { isAdminRole, isContributorRole } from '../common/rules/roles';
import { onUnauthorised } from '../data/api-client';
import { clearSession, getCachedUser, setCachedUser } from '../data/session-storage';

interface SessionState {
  currentUser: User | null;
  isAdmin: boolean;
  isContributor: boolean;
  setUser(user: User): void;
  clear(): void;
}

function rolesOf(user: User | null) {
  return { isAdmin: isAdminRole(user?.role_name), isContributor: isContributorRole(user?.role_name) };
}

export const useSessionStore = create<SessionState>((set) => {
  const cached = getCachedUser();
  return {
    currentUser: cached,
    ...rolesOf(cached),
    setUser(user) {
      setCachedUser(user);
      set({ currentUser: user, ...rolesOf(user) });
    },
    clear() {
      clearSession();
      set({ currentUser: null, ...rolesOf(null) });
    },
  };
});

onUnauthorised(() => useSessionStore.setState({ currentUser: null, ...rolesOf(null) }));
