import { adminUserSchema } from './user';
import { z } from './zod';

/**
 * `POST /api/user/{id}/invitation` (Admins, docs/rules.md#accounts-and-sessions): the account as the Admins' list
 * shows it, with its new `invitation_sent_at`; `invitation_mail` and `confirm_url` as the register answer has
 * them (the link handed back only when no mail will carry it).
 */
export const invitationResentSchema = adminUserSchema.extend({
  invitation_mail: z.enum(['sent', 'logged', 'off']),
  confirm_url: z.string().optional(),
});
export type InvitationResent = z.infer<typeof invitationResentSchema>;
