import type { UserRow } from '../db/schema';

/** How messages name a member: first and last name, else the username. */
export const displayName = (user: Pick<UserRow, 'first_name' | 'last_name' | 'username'>): string =>
  [user.first_name, user.last_name].filter(Boolean).join(' ').trim() || user.username;
