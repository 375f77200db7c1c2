import { birthDateField, nameField } from './fields';
import { emailSchema, userSchema } from './user';
import { z } from './zod';

/** `POST /api/family/children` (docs/rules.md#families): a child without a login, its names and birth date. */
export const childCreateSchema = z.object({
  first_name: nameField,
  last_name: nameField,
  birth_date: birthDateField,
});
export type ChildCreate = z.infer<typeof childCreateSchema>;

/** A guardian as others see them: names only, never their address or phone. */
export const guardianSchema = z.object({
  id: z.string().uuid(),
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
});
export type Guardian = z.infer<typeof guardianSchema>;

/** A child as its guardians read it: the User, and its unrestricted guardians. */
export const familyChildSchema = userSchema.extend({ guardians: z.array(guardianSchema) });
export type FamilyChild = z.infer<typeof familyChildSchema>;

/** `GET /api/family`: the caller's children, and the caller's own guardians (for a child with a login). */
export const familySchema = z.object({
  children: z.array(familyChildSchema),
  guardians: z.array(guardianSchema),
  /** Whether the caller may link another guardian to their children (an Admin, or the club allows it). */
  may_invite_guardians: z.boolean().optional(),
});
export type Family = z.infer<typeof familySchema>;

/** `POST /api/user/{id}/guardians`: the account with this address becomes a guardian (invited when none). */
export const guardianLinkSchema = z.object({ email: emailSchema });
export type GuardianLink = z.infer<typeof guardianLinkSchema>;

/** `PUT /api/user/{id}/guardians/{guardianId}`: an Admin's court-order mark. */
export const guardianRestrictionSchema = z.object({ restricted: z.boolean() });

export const guardianParams = z.object({ id: z.string().uuid(), guardianId: z.string().uuid() });
