import { mayEditProfile, mayReadProfile, mayRevoke } from '@common/rules/users';
import type { UserRow } from '../../db/schema';
import { HttpError } from '../../http-error';

type Account = Pick<UserRow, 'id' | 'role_name'>;

// Thin wrappers over the shared rules (src/common/rules/users.ts) that the users screens decide with too.

/** Self, or an admin — but never an Admin over a SuperAdmin (docs/rules.md#roles). */
export function assertSelfOrAdminOver(actor: Account, target: Account): void {
  if (!mayEditProfile(actor, target)) throw new HttpError(403, 'forbidden');
}

/** Self or an admin, for reading. */
export function assertSelfOrAdmin(actor: Account, targetId: string): void {
  if (!mayReadProfile(actor, targetId)) throw new HttpError(403, 'forbidden');
}

/** Nobody revokes themself or a SuperAdmin (the route already admits admins only). */
export function assertMayRevoke(actor: Account, target: Account): void {
  if (!mayRevoke(actor, target)) throw new HttpError(403, 'forbidden');
}
