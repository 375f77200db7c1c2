import { type AdminUser, ROLE_IDS, type User } from '@common/contract/user';
import type { UserRow } from '../../db/schema';

/** A lock whose time has passed no longer counts, even before the next login clears it. */
export function isLockActive(row: Pick<UserRow, 'is_locked' | 'locked_until'>, now: Date): boolean {
  return row.is_locked && (row.locked_until === null || row.locked_until > now);
}

export function toUser(row: UserRow, now: Date): User {
  return {
    id: row.id,
    username: row.username,
    email: row.email,
    connection_attempt: row.connection_attempt,
    is_locked: isLockActive(row, now),
    is_revoked: row.is_revoked,
    role_id: ROLE_IDS[row.role_name],
    role_name: row.role_name,
    last_name: row.last_name,
    first_name: row.first_name,
    street: row.street,
    city: row.city,
    zip_code: row.zip_code,
    phone: row.phone,
    shoe_size: row.shoe_size,
    has_shoes: row.has_shoes,
    language: row.language,
    hidden_from_members: row.hidden_from_members,
    email_bouncing: row.email_bouncing,
    birth_date: row.birth_date,
    pending_email: row.pending_email,
  };
}

/**
 * What only Admins read of an account (docs/rules.md#roles): whether it was ever confirmed, when its pending
 * invitation link was issued, and since when its address bounces.
 */
export function adminFacts(
  row: Pick<UserRow, 'confirmed_at' | 'email_bouncing_since'>,
  invitationSentAt: Date | undefined,
): Pick<AdminUser, 'is_confirmed' | 'invitation_sent_at' | 'email_bouncing_since'> {
  return {
    is_confirmed: row.confirmed_at !== null,
    invitation_sent_at: row.confirmed_at === null && invitationSentAt ? invitationSentAt.toISOString() : null,
    email_bouncing_since: row.email_bouncing_since?.toISOString() ?? null,
  };
}
