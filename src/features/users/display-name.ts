import type { User } from '@common/contract/user';

/** The username, with the first and last name when both are known. */
export function displayName(user: Pick<User, 'username' | 'first_name' | 'last_name'>): string {
  return user.first_name && user.last_name
    ? `${user.username} (${user.first_name} ${user.last_name})`
    : user.username;
}
