import type { AccountDeletion } from '@common/contract/users';
/** The admin's users screens: list, read, invite, revoke/reactivate, unlock, change role (online only). */

import {
  type RegisterRequest,
  type RegisterResponse,
  registerResponseSchema,
} from '@common/contract/account';
import { type InvitationResent, invitationResentSchema } from '@common/contract/invitation';
import {
  MEMBER_IMPORT_PATH,
  type MemberImportResponse,
  memberImportResponseSchema,
} from '@common/contract/member-import';
import { type AdminUser, adminUserSchema, type RoleName, type User, userSchema } from '@common/contract/user';
import type { EmailChange, StatusUpdate } from '@common/contract/users';
import { z } from '@common/contract/zod';
import { apiRequest } from './core/api-client';

export const fetchUsers = (): Promise<AdminUser[]> =>
  apiRequest('GET', '/api/user', { schema: z.array(adminUserSchema) });

/** An Admin's read of one account: with its pending invitation and since when its address bounces. */
export const fetchUser = (id: string): Promise<AdminUser> =>
  apiRequest('GET', `/api/user/profile/${id}`, { schema: adminUserSchema });

/**
 * « Renvoyer l'invitation »: a new link voids the old one (docs/rules.md#accounts-and-sessions); `confirm_url` comes
 * back only when no mail will carry it.
 */
export const resendInvitation = (id: string): Promise<InvitationResent> =>
  apiRequest('POST', `/api/user/${id}/invitation`, { schema: invitationResentSchema });

/**
 * An Admin corrects a member's address: it takes over once the link mailed to it is used, the account's
 * `pending_email` until then (docs/rules.md#accounts-and-sessions). An Admin types no password for another account.
 */
export const changeMemberEmail = (id: string, email: string): Promise<User> =>
  apiRequest('PUT', `/api/user/email/${id}`, {
    body: { email } satisfies EmailChange,
    schema: userSchema,
  });

/** The server lowercases both; `confirm_url` comes back only when no mail will carry the link. */
export const inviteUser = (request: RegisterRequest): Promise<RegisterResponse> =>
  apiRequest('POST', '/api/user/register', { body: request, schema: registerResponseSchema });

const putStatus = (id: string, body: StatusUpdate): Promise<User> =>
  apiRequest('PUT', `/api/user/status/${id}`, { body, schema: userSchema });

/** Revoke (true) or reactivate (false); answers the account as it now is. */
export const setRevoked = (id: string, isRevoked: boolean): Promise<User> =>
  putStatus(id, { status: 'Revok', action: isRevoked });

export const unlockUser = (id: string): Promise<User> => putStatus(id, { status: 'Lock', action: false });

export const changeRole = (id: string, role: RoleName): Promise<User> =>
  apiRequest('PUT', `/api/user/role/${id}`, { body: { role_name: role }, schema: userSchema });

/**
 * A spreadsheet of members: `isDryRun` answers what each row would become and writes nothing; otherwise the
 * new rows are created and invited, all or none. The server reads UTF-8 or Windows-1252. `federation` names a
 * licence export's federation when the file has no column for it.
 */
export const importMembers = (
  file: Blob,
  isDryRun: boolean,
  federation = '',
): Promise<MemberImportResponse> =>
  apiRequest('POST', `${MEMBER_IMPORT_PATH}?dry_run=${isDryRun}${federationQuery(federation)}`, {
    file: { body: file, type: 'text/csv' },
    schema: memberImportResponseSchema,
  });

const federationQuery = (federation: string) =>
  federation.trim() === '' ? '' : `&federation=${encodeURIComponent(federation.trim())}`;

/** Deletes a member's account for good, confirmed with the admin's own password. */
export const deleteMember = (id: string, password: string): Promise<void> =>
  apiRequest('DELETE', `/api/user/${id}`, {
    body: { password } satisfies AccountDeletion,
    isPasswordPrompt: true,
  });
