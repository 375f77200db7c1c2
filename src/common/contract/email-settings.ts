import { z } from './zod';

/** `POST /api/internal/email-settings/test` (Admins): the address the test mail was queued for. */
export const testMailResponseSchema = z.object({ to: z.string() });
export type TestMailResponse = z.infer<typeof testMailResponseSchema>;

/**
 * `GET /api/internal/email-settings` (Admins): who the club's mails come from, as the server sends them: the
 * From display name and address (MAIL_FROM), and the Reply-To when one is set (MAIL_REPLY_TO), else null.
 */
export const mailSenderSchema = z.object({
  from_name: z.string().nullable(),
  from_address: z.string(),
  reply_to: z.string().nullable(),
});
export type MailSenderFacts = z.infer<typeof mailSenderSchema>;
