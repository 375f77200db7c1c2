import { isAdminRole } from '../../../src/common/rules/roles';
import type { UserRow } from '../../db/schema';
import { HttpError } from '../../http-error';

type Account = Pick<UserRow, 'id' | 'role_name'>;

/** Self, or an admin — but never an Admin over a SuperAdmin (server-rules "Roles"). */
export function assertSelfOrAdminOver(actor: Account, target: Account): void {
  if (actor.id === target.id) return;
  if (!isAdminRole(actor.role_name)) throw new HttpError(403, 'forbidden');
  if (actor.role_name === 'Admin' && target.role_name === 'SuperAdmin') throw new HttpError(403, 'forbidden');
}

/** Self or an admin, for reading. */
export function assertSelfOrAdmin(actor: Account, targetId: string): void {
  if (actor.id !== targetId && !isAdminRole(actor.role_name)) throw new HttpError(403, 'forbidden');
}

/** Nobody revokes or re-roles themself or a SuperAdmin. */
export function assertNotSelfNorSuperAdmin(actor: Account, target: Account): void {
  if (actor.id === target.id || target.role_name === 'SuperAdmin') throw new HttpError(403, 'forbidden');
}
