import { z } from './zod';

export const ROLE_NAMES = ['User', 'Contributor', 'Admin', 'SuperAdmin'] as const;
export const roleNameSchema = z.enum(ROLE_NAMES);
export type RoleName = z.infer<typeof roleNameSchema>;

/** role_id is the role's rank: the higher, the more rights. */
export const ROLE_IDS: Record<RoleName, number> = { User: 1, Contributor: 2, Admin: 3, SuperAdmin: 4 };

export const LANGUAGES = ['fr', 'en'] as const;
export const languageSchema = z.enum(LANGUAGES);
export type Language = z.infer<typeof languageSchema>;

/** Usernames after lowercasing (docs/rules.md#limits). */
export const usernameSchema = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^[a-z0-9._-]{3,32}$/);
export const emailSchema = z.string().trim().toLowerCase().max(254).email();

export const userSchema = z.object({
  id: z.string().uuid(),
  username: z.string(),
  /** None for a child without a login (docs/rules.md#families). */
  email: z.string().nullable(),
  connection_attempt: z.number().int(),
  is_locked: z.boolean(),
  is_revoked: z.boolean(),
  role_id: z.number().int(),
  role_name: roleNameSchema,
  last_name: z.string().nullable(),
  first_name: z.string().nullable(),
  street: z.string().nullable(),
  city: z.string().nullable(),
  zip_code: z.string().nullable(),
  phone: z.string().nullable(),
  shoe_size: z.number().nullable(),
  has_shoes: z.boolean(),
  language: languageSchema,
  /** Appears to other members as « Un membre » in who's coming (organisers see the name). */
  hidden_from_members: z.boolean().optional(),
  /** The mail server refused this address for good; notifications skip it until it changes. */
  email_bouncing: z.boolean().optional(),
  /** `yyyy-mm-dd`; a minor is under 18 on the club day (docs/rules.md#families). */
  birth_date: z.string().nullable().optional(),
  /** A new address asked for and not yet confirmed from its inbox (the member and admins read it). */
  pending_email: z.string().nullable().optional(),
});
export type User = z.infer<typeof userSchema>;

/**
 * `GET /api/user` (Admins): each account with its guardian links (docs/rules.md#families), restricted ones
 * included, and for a child who added it; absent for a member with none. The last three fields are also in
 * `GET /api/user/profile/{id}` when an Admin reads it, and absent for anyone else (docs/rules.md#roles).
 */
export const adminUserSchema = userSchema.extend({
  guardian_links: z.array(z.object({ id: z.string().uuid(), is_restricted: z.boolean() })).optional(),
  added_by: z.string().uuid().nullable().optional(),
  /** The member chose a password from their invitation (or a reset); false: invited, never confirmed. */
  is_confirmed: z.boolean().optional(),
  /** When the newest invitation link not yet used was issued (it works 7 days); null when there is none. */
  invitation_sent_at: z.iso.datetime({ offset: true }).nullable().optional(),
  /** Since when the mail server refuses the address for good (docs/rules.md#mails); null: not known or not bouncing. */
  email_bouncing_since: z.iso.datetime({ offset: true }).nullable().optional(),
});
export type AdminUser = z.infer<typeof adminUserSchema>;

export const loginRequestSchema = z.object({
  username_or_email: z.string().trim().min(1).max(254),
  password: z.string().min(1).max(1024),
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;

export const loginResponseSchema = z.object({
  token: z.string(),
  user: userSchema,
});
export type LoginResponse = z.infer<typeof loginResponseSchema>;
