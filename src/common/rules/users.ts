import type { RoleName } from '@common/contract/user';
import { canGiveRole, isAdminRole } from './roles';

/**
 * Who may do what to a member account (docs/rules.md#roles). The users screens decide what to show with
 * these, and the server's users service refuses with the same functions, so a screen never offers what the
 * server refuses.
 */
export interface Account {
  id: string;
  role_name: RoleName;
}

/** In the selector's order; SuperAdmin is never given over HTTP. */
const ROLE_CHOICES: readonly RoleName[] = ['Contributor', 'User', 'Admin'];

/** Reading a profile: the member themself, or an admin. */
export function mayReadProfile(actor: Account, targetId: string): boolean {
  return actor.id === targetId || isAdminRole(actor.role_name);
}

/**
 * Editing a profile or its picture, its email, exporting or deleting it (docs/rules.md#roles): the member
 * themself, or an admin only where they could also change the account's role (mayChangeRole, below) —
 * Users and Contributors for an Admin, Admins too for a SuperAdmin, never a SuperAdmin. One compromised or
 * angry Admin must not own the other Admins.
 */
export function mayEditProfile(actor: Account, target: Account): boolean {
  return actor.id === target.id || mayChangeRole(actor, target);
}

/** A change that could hand an account to someone else. */
export type AccountChange = 'email' | 'password' | 'delete';

/**
 * Whether the actor types their own password again first (docs/rules.md#accounts-and-sessions): for their
 * own new email or password, and for any deletion, their own or another's.
 */
export function asksOwnPassword(change: AccountChange, actorId: string, targetId: string): boolean {
  return change === 'delete' || actorId === targetId;
}

/** Revoke or reactivate: an admin, never on themself nor on a SuperAdmin. */
export function mayRevoke(actor: Account, target: Account): boolean {
  return isAdminRole(actor.role_name) && actor.id !== target.id && target.role_name !== 'SuperAdmin';
}

/**
 * Changing a role takes the right to give the target's current role too (canGiveRole): so only a
 * SuperAdmin changes an Admin's role (else Admins could demote each other); never oneself nor a SuperAdmin.
 */
export function mayChangeRole(actor: Account, target: Account): boolean {
  return mayRevoke(actor, target) && canGiveRole(actor.role_name, target.role_name);
}

/** The roles the selector offers (Contributor, User, and Admin for a SuperAdmin); none when it is hidden. */
export function rolesOffered(actor: Account, target: Account): RoleName[] {
  if (!mayChangeRole(actor, target)) return [];
  return ROLE_CHOICES.filter((role) => canGiveRole(actor.role_name, role));
}

/** Lifting a lock early (or clearing failed attempts): any admin, on any account. */
export function mayUnlockAccounts(actor: Pick<Account, 'role_name'>): boolean {
  return isAdminRole(actor.role_name);
}

/** The unlock button: shown to admins on a locked account. */
export function mayUnlock(actor: Pick<Account, 'role_name'>, target: { is_locked: boolean }): boolean {
  return mayUnlockAccounts(actor) && target.is_locked;
}

/** Importing members from a spreadsheet (docs/rules.md#members-in-and-out): an admin. */
export function mayImportMembers(actor: Pick<Account, 'role_name'>): boolean {
  return isAdminRole(actor.role_name);
}

/**
 * Deleting an account (docs/rules.md#members-in-and-out): who may edit its profile (mayEditProfile). That the
 * last SuperAdmin is never deleted the server checks too, as only it can count them.
 */
export function mayDeleteAccount(actor: Account, target: Account): boolean {
  return mayEditProfile(actor, target);
}

/** The users screen's « Supprimer le compte »: an admin on someone else (one's own is on the profile). */
export function mayDeleteOthersAccount(actor: Account, target: Account): boolean {
  return actor.id !== target.id && mayDeleteAccount(actor, target);
}

/** An account as the Admins' list has it: whether it was ever confirmed (absent: not known). */
export interface InvitedAccount extends Account {
  email: string | null;
  is_revoked: boolean;
  is_confirmed?: boolean | undefined;
}

/**
 * « Renvoyer l'invitation » (docs/rules.md#accounts-and-sessions): an account invited and never confirmed, with an
 * address and not revoked, for an Admin who may also change its role (mayChangeRole), as a second `register`
 * of it asks: an Admin never voids the link of an Admin a SuperAdmin invited.
 */
export function mayResendInvitation(actor: Account, target: InvitedAccount): boolean {
  return (
    target.is_confirmed === false &&
    target.email !== null &&
    !target.is_revoked &&
    mayChangeRole(actor, target)
  );
}
