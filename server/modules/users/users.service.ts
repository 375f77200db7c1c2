import type { AdminUser, RoleName, User } from '@common/contract/user';
import type { ProfileUpdate, StatusUpdate } from '@common/contract/users';
import { isAdminRole } from '@common/rules/roles';
import { mayReadProfile, mayUnlockAccounts, rolesOffered } from '@common/rules/users';
import type { AppDeps } from '../../app-deps';
import type { UserRow } from '../../db/schema';
import { HttpError } from '../../http-error';
import type { AccessEnded } from './access-ended';
import {
  deleteAccountTokens,
  findLatestTokenIssuedAt,
  latestTokensIssuedAt,
} from './account-tokens.repository';
import { everyGuardianLink } from './guardian-links.repository';
import { assertMayActOnAccount } from './member-access';
import { assertMayRevoke } from './permissions';
import { deleteUserSessions } from './sessions.repository';
import { adminFacts, toUser } from './user-mapper';
import { findUserById, findUserByIdForUpdate, listUsers, updateUser } from './users.repository';

async function targetOrNotFound(db: AppDeps['db'], id: string, forUpdate = false): Promise<UserRow> {
  const row = forUpdate ? await findUserByIdForUpdate(db, id) : await findUserById(db, id);
  if (!row || row.deleted_at) throw new HttpError(404, 'not_found');
  return row;
}

/**
 * `GET /api/user` (Admins): every account, each child with its guardian links, restricted ones included, and
 * who added it (docs/rules.md#families: Admins see every child and who added it), and what only Admins read
 * (adminFacts: the pending invitation, the bounce's date).
 */
export async function listAllUsers(deps: AppDeps): Promise<AdminUser[]> {
  const now = deps.now();
  const links = await everyGuardianLink(deps.db);
  const invitations = await latestTokensIssuedAt(deps.db, 'confirm');
  return (await listUsers(deps.db)).map((row) => {
    const own = links.filter((link) => link.child_id === row.id);
    const user = { ...toUser(row, now), ...adminFacts(row, invitations.get(row.id)) };
    if (own.length === 0) return user;
    return {
      ...user,
      guardian_links: own.map((link) => ({ id: link.guardian_id, is_restricted: link.is_restricted })),
      added_by: own[0]?.created_by ?? null,
    };
  });
}

/** A profile; an Admin reads what only Admins read besides (adminFacts). */
export async function getProfile(deps: AppDeps, actor: UserRow, id: string): Promise<AdminUser> {
  if (!mayReadProfile(actor, id)) {
    // A stranger learns nothing of the account, not even whether it exists; a guardian reads their child.
    const target = await findUserById(deps.db, id);
    if (!target || target.deleted_at) throw new HttpError(403, 'forbidden');
    await assertMayActOnAccount(deps, deps.db, actor, target, 'read', 'read');
    return toUser(target, deps.now());
  }
  const target = await targetOrNotFound(deps.db, id);
  if (!isAdminRole(actor.role_name)) return toUser(target, deps.now());
  const invitedAt = await findLatestTokenIssuedAt(deps.db, id, 'confirm');
  return { ...toUser(target, deps.now()), ...adminFacts(target, invitedAt) };
}

/** Writes only the profile fields of the contract; the schema has already dropped every other key. */
export async function updateProfile(
  deps: AppDeps,
  trx: AppDeps['db'],
  actor: UserRow,
  id: string,
  changes: ProfileUpdate,
): Promise<User> {
  const target = await targetOrNotFound(trx, id, true);
  await assertMayActOnAccount(deps, trx, actor, target, 'profile', 'edit');
  const defined = Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== undefined));
  if (Object.keys(defined).length > 0) await updateUser(trx, id, defined);
  return toUser({ ...target, ...defined }, deps.now());
}

/**
 * The new role must be one the users screen offers (rolesOffered, shared with it): that takes the right to
 * give both the old role and the new one (canGiveRole, shared with the re-invitation of an unconfirmed
 * account), so only a SuperAdmin gives Admin or changes an Admin's role (else Admins could demote each
 * other), and SuperAdmin is never given over HTTP. Nobody re-roles themself or a SuperAdmin.
 */
export async function updateRole(
  deps: AppDeps,
  trx: AppDeps['db'],
  actor: UserRow,
  id: string,
  role: RoleName,
): Promise<User> {
  const target = await targetOrNotFound(trx, id, true);
  if (!rolesOffered(actor, target).includes(role)) throw new HttpError(403, 'forbidden');
  await updateUser(trx, id, { role_name: role });
  return toUser({ ...target, role_name: role }, deps.now());
}

/** Unlock (Lock/false) any account; revoke or reactivate (Revok/true|false) anyone but oneself or a SuperAdmin. */
export async function updateStatus(
  deps: AppDeps,
  trx: AppDeps['db'],
  actor: UserRow,
  id: string,
  update: StatusUpdate,
  onAccessEnded: AccessEnded,
): Promise<User> {
  const target = await targetOrNotFound(trx, id, true);
  let changes: Partial<UserRow>;
  if (update.status === 'Lock') {
    if (!mayUnlockAccounts(actor)) throw new HttpError(403, 'forbidden');
    // Locks come only from failed sign-ins; admins can lift them early, not set them.
    if (update.action) throw new HttpError(400, 'invalid_input', 'action');
    changes = { is_locked: false, locked_until: null, connection_attempt: 0, lock_count: 0 };
  } else {
    assertMayRevoke(actor, target);
    changes = { is_revoked: update.action };
    if (update.action) {
      // A revoked member keeps no way in: no session, and no pending confirm, reset or email link either.
      await deleteUserSessions(trx, id);
      await deleteAccountTokens(trx, id);
      changes = { ...changes, pending_email: null };
    }
  }
  await updateUser(trx, id, changes);
  // After the revocation is written: the places it frees tell the promoted, never the revoked member.
  if (update.status === 'Revok' && update.action) await onAccessEnded(trx, id, 'revoked');
  return toUser({ ...target, ...changes }, deps.now());
}
