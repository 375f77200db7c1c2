import type { AdminUser, RoleName } from '@common/contract/user';

/** How the Admins' list may be ordered: by last name (« Nom », the default), first name, or role. */
export const USER_SORTS = ['last_name', 'first_name', 'role'] as const;
export type UserSort = (typeof USER_SORTS)[number];

/** Lowercase with the accents taken off, so « lena » finds « Léna » and « BOSSER » finds « Bosser ». */
export const folded = (text: string): string =>
  text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();

/**
 * Whether the member answers the search: every word typed is found in their first name, last name, username or
 * email (« lena bos » finds Léna Bosser). An empty search keeps everyone.
 */
export function matchesSearch(user: AdminUser, search: string): boolean {
  const words = folded(search).split(/\s+/).filter(Boolean);
  if (words.length === 0) return true;
  const fields = [user.first_name, user.last_name, user.username, user.email]
    .filter((field): field is string => Boolean(field))
    .map(folded);
  return words.every((word) => fields.some((field) => field.includes(word)));
}

/** Highest first: who runs the club reads the list from the top. */
const ROLE_RANK: Record<RoleName, number> = { SuperAdmin: 0, Admin: 1, Contributor: 2, User: 3 };

const collator = new Intl.Collator('fr', { sensitivity: 'base' });
/** A name to sort on; members who gave none go after the others, by username. */
const byName = (a: string | null, b: string | null) => (a && b ? collator.compare(a, b) : a ? -1 : b ? 1 : 0);

/** A copy of `users` in the order asked; ties by last name, first name, then username, so the order is stable. */
export function sortUsers(users: AdminUser[], sort: UserSort): AdminUser[] {
  const tieBreak = (a: AdminUser, b: AdminUser) =>
    byName(a.last_name, b.last_name) ||
    byName(a.first_name, b.first_name) ||
    collator.compare(a.username, b.username);
  return [...users].sort((a, b) => {
    if (sort === 'first_name') return byName(a.first_name, b.first_name) || tieBreak(a, b);
    if (sort === 'role') return ROLE_RANK[a.role_name] - ROLE_RANK[b.role_name] || tieBreak(a, b);
    return tieBreak(a, b);
  });
}
