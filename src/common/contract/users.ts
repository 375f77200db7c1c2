import { birthDateField, optionalName, optionalText, phoneField } from './fields';
import { LIMITS } from './limits';
import { emailSchema, languageSchema, roleNameSchema } from './user';
import { z } from './zod';

/**
 * The only fields a profile update writes; anything else in the body is ignored
 * (docs/rules.md#accounts-and-sessions).
 */
export const profileUpdateSchema = z.object({
  last_name: optionalName(LIMITS.nameMax).optional(),
  first_name: optionalName(LIMITS.nameMax).optional(),
  street: optionalText(1, LIMITS.nameMax).optional(),
  city: optionalText(1, LIMITS.nameMax).optional(),
  zip_code: optionalText(LIMITS.zipMin, LIMITS.zipMax).optional(),
  phone: phoneField.optional(),
  shoe_size: z.number().min(LIMITS.shoeSizeMin).max(LIMITS.shoeSizeMax).multipleOf(0.5).nullable().optional(),
  has_shoes: z.boolean().optional(),
  language: languageSchema.optional(),
  hidden_from_members: z.boolean().optional(),
  /** `yyyy-mm-dd`; null forgets it (docs/rules.md#families). */
  birth_date: birthDateField.nullable().optional(),
});
export type ProfileUpdate = z.infer<typeof profileUpdateSchema>;

/**
 * `DELETE /api/user/{id}`: whoever deletes an account, their own or someone else's, confirms with their own
 * password (optional in the schema: its absence is refused as a wrong password, counted toward the lock).
 */
export const accountDeletionSchema = z.object({ password: z.string().min(1).max(1024).optional() });
export type AccountDeletion = z.infer<typeof accountDeletionSchema>;
/** The route's body: none at all is an admin's empty request (a DELETE often carries no body). */
export const accountDeletionBodySchema = z.preprocess((body) => body ?? {}, accountDeletionSchema);

/**
 * `PUT /api/user/email/{id}`: asks for a new address. It becomes the account's `email` (and clears
 * `email_bouncing`) only when the link mailed to it is used; until then it is the User's `pending_email`.
 * Asking for the current address again withdraws a pending change. The member changing their own confirms
 * with their password; an admin sends none.
 */
export const emailChangeSchema = z.object({
  email: emailSchema,
  password: z.string().min(1).max(1024).optional(),
});
export type EmailChange = z.infer<typeof emailChangeSchema>;

/** `POST /api/user/email/confirm/{token}` (no sign-in): the address the account now has. */
export const emailConfirmResponseSchema = z.object({ ok: z.literal(true), email: z.string() });
export type EmailConfirmResponse = z.infer<typeof emailConfirmResponseSchema>;

/**
 * `PUT /api/user/password/{id}`: the member themself, with their current `password`; `new_password` meets the
 * same policy as a reset (400 `password_too_weak`, field `new_password`).
 */
export const passwordChangeSchema = z.object({
  password: z.string().min(1).max(1024),
  new_password: z.string().min(1).max(1024),
});
export type PasswordChange = z.infer<typeof passwordChangeSchema>;

/** Reads only `role_name`. SuperAdmins are made from the command line, never over HTTP. */
export const roleUpdateSchema = z.object({ role_name: roleNameSchema });

export const statusUpdateSchema = z.object({
  status: z.enum(['Lock', 'Revok']),
  action: z.boolean(),
});
export type StatusUpdate = z.infer<typeof statusUpdateSchema>;

/** Public picture URLs (docs/rules.md#files): served with ETag revalidation. */
export const pictureUrl = (userId: string) => `/files/profile/${userId}.png`;
export const thumbnailUrl = (userId: string) => `/files/profile/thumbnail-${userId}.png`;

export const pictureQuerySchema = z.object({ user_id: z.string().uuid().optional() });
export const pictureResponseSchema = z.object({ picture_url: z.string(), thumbnail_url: z.string() });
