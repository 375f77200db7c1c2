import { okResponseSchema } from './fields';
import { emailSchema, usernameSchema, userSchema } from './user';
import { z } from './zod';

export const registerRequestSchema = z.object({ username: usernameSchema, email: emailSchema });
export type RegisterRequest = z.infer<typeof registerRequestSchema>;

/**
 * `confirm_url` only when the link cannot reach the member by mail. `invitation_mail` (additive) says what
 * became of the mail, so the dialog tells the truth: `sent` (queued for the SMTP server), `logged` (no SMTP
 * server: written to the server's mail log only) or `off` (invitation mails switched off).
 */
export const registerResponseSchema = userSchema.extend({
  confirm_url: z.string().optional(),
  invitation_mail: z.enum(['sent', 'logged', 'off']).optional(),
});
export type RegisterResponse = z.infer<typeof registerResponseSchema>;

const passwordField = z.string().min(1).max(1024);
export const confirmParamsSchema = z.object({ token: z.string().min(1).max(128) });
export const confirmRequestSchema = z.object({ password: passwordField });

/**
 * A password set through an invitation or a reset link: `ok`, and (additive) `{token, user}` as a sign-in
 * answers, so the app signs the member in (docs/rules.md#accounts-and-sessions). `{Ask}` answers `ok` alone.
 */
export const passwordSetResponseSchema = okResponseSchema.extend({
  token: z.string().optional(),
  user: userSchema.optional(),
});
export type PasswordSetResponse = z.infer<typeof passwordSetResponseSchema>;

const askSchema = z.object({ email: z.string().trim().toLowerCase().max(254).email() });
const resetWithTokenSchema = z.object({ token: z.string().min(1).max(128), password: passwordField });

/** `{Ask:{email}}` or `{Reset:{token,password}}`: exactly one of the two (an object, so errors name the field). */
export const resetRequestSchema = z
  .object({ Ask: askSchema.optional(), Reset: resetWithTokenSchema.optional() })
  .strict()
  .refine((body) => (body.Ask === undefined) !== (body.Reset === undefined), {
    path: ['Ask'],
    message: 'Ask or Reset',
  });
export type ResetRequest = z.infer<typeof resetRequestSchema>;
