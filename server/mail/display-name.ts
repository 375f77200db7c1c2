import type { UserRow } from '../db/schema';

/** How messages name a member: first and last name, else the username. */
export const displayName = (user: Pick<UserRow, 'first_name' | 'last_name' | 'username'>): string =>
  [user.first_name, user.last_name].filter(Boolean).join(' ').trim() || user.username;

/** A member's first and last name as a person is named in a mail's sentence; null when they gave neither. */
export const fullName = (user: Pick<UserRow, 'first_name' | 'last_name'>): string | null =>
  [user.first_name, user.last_name].filter(Boolean).join(' ').trim() || null;
