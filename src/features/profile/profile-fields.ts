import type { User } from '@common/contract/user';
import { type ProfileUpdate, profileUpdateSchema } from '@common/contract/users';

/**
 * The form's text inputs: exactly the profile fields the server writes (docs/rules.md#accounts-and-sessions).
 */
export const TEXT_FIELDS = ['last_name', 'first_name', 'street', 'city', 'zip_code', 'phone'] as const;
export type TextField = (typeof TEXT_FIELDS)[number];

export interface ProfileDraft extends Record<TextField, string> {
  shoe_size: string;
  has_shoes: boolean;
  language: User['language'];
  hidden_from_members: boolean;
}

export function draftOf(user: User): ProfileDraft {
  return {
    last_name: user.last_name ?? '',
    first_name: user.first_name ?? '',
    street: user.street ?? '',
    city: user.city ?? '',
    zip_code: user.zip_code ?? '',
    phone: user.phone ?? '',
    shoe_size: user.shoe_size === null ? '' : String(user.shoe_size),
    has_shoes: user.has_shoes,
    language: user.language,
    hidden_from_members: user.hidden_from_members ?? false,
  };
}

/** Checked as the member types: digits, spaces and + only. */
export const isPhoneTyping = (phone: string): boolean => /^[0-9 +]*$/.test(phone);

/** The shared schema decides; answers the body to send, or the first field it refuses. */
export function validateDraft(
  draft: ProfileDraft,
): { ok: true; update: ProfileUpdate } | { ok: false; field: string } {
  const shoeSize = draft.shoe_size.trim() === '' ? null : Number(draft.shoe_size.replace(',', '.'));
  const result = profileUpdateSchema.safeParse({ ...draft, shoe_size: shoeSize });
  if (result.success) return { ok: true, update: result.data };
  return { ok: false, field: String(result.error.issues[0]?.path[0] ?? '') };
}
