import type { AdminUser } from '@common/contract/user';
import { isMinorOn } from '@common/rules/family';

/** One line of the Admins' list: the member, and for a child the guardians it is listed under. */
export interface ListedUser {
  user: AdminUser;
  /** Set for a member with guardians: their names, the child shown under the first of them. */
  guardianNames: string[] | null;
  /** A minor on `today` with no guardian left (docs/rules.md#families): the Admins' to follow up. */
  hasNoGuardian: boolean;
  /** Who added the child (their name, when still in the list). */
  addedBy: string | null;
  isMinor: boolean;
}

const nameOf = (user: AdminUser) =>
  [user.first_name, user.last_name].filter(Boolean).join(' ') || user.username;

/**
 * The Admins' list by family (docs/rules.md#families): each member in the given order, each child right under
 * its first guardian in the list (a guardian restricted by a court order counts like any other here: Admins
 * see every link), a child whose guardians are all elsewhere where it stood. `onlyMinors` keeps the minors alone.
 */
export function listByFamily(users: AdminUser[], today: string, onlyMinors = false): ListedUser[] {
  const byId = new Map(users.map((user) => [user.id, user]));
  const line = (user: AdminUser): ListedUser => {
    const guardians = (user.guardian_links ?? []).flatMap((link) => byId.get(link.id) ?? []);
    const isMinor = isMinorOn(user.birth_date ?? null, today);
    const adder = user.added_by ? byId.get(user.added_by) : undefined;
    return {
      user,
      addedBy: adder ? nameOf(adder) : null,
      guardianNames: guardians.length > 0 ? guardians.map(nameOf) : null,
      hasNoGuardian: isMinor && (user.guardian_links ?? []).length === 0,
      isMinor,
    };
  };
  if (onlyMinors) return users.map(line).filter((l) => l.isMinor);
  const firstGuardianShown = (user: AdminUser) =>
    (user.guardian_links ?? []).map((link) => link.id).find((id) => byId.has(id));
  const childrenUnder = new Map<string, AdminUser[]>();
  for (const user of users) {
    const guardian = firstGuardianShown(user);
    if (guardian) childrenUnder.set(guardian, [...(childrenUnder.get(guardian) ?? []), user]);
  }
  const listed: ListedUser[] = [];
  for (const user of users) {
    if (firstGuardianShown(user)) continue;
    listed.push(line(user));
    for (const child of childrenUnder.get(user.id) ?? []) listed.push(line(child));
  }
  return listed;
}
