import type { Kysely } from 'kysely';
import { NOTIFICATION_TYPES, type NotificationType } from '../../../src/common/contract/notifications';
import type { Language } from '../../../src/common/contract/user';
import type { AppDeps } from '../../app-deps';
import type { Database, UserRow } from '../../db/schema';
import { enqueueMail } from '../../mail/mail-queue';
import type { MailKind, TemplateData } from '../../mail/template-types';
import { renderMail } from '../../mail/templates';
import { readSystemSwitches, readUserSwitches } from './notification-settings.repository';

const isSwitchable = (kind: MailKind): kind is MailKind & NotificationType =>
  (NOTIFICATION_TYPES as readonly string[]).includes(kind);

/** Kinds that reach accounts that are revoked or not yet confirmed (server-rules "Emails"). */
const REACHES_INACTIVE: ReadonlySet<MailKind> = new Set(['user_invitation', 'password_reset']);

/** A member, or someone with no account (a guest with an email): no preferences, system switches only. */
export type Recipient = UserRow | { email: string; language: Language };
const isMember = (recipient: Recipient): recipient is UserRow => 'id' in recipient;

/**
 * The one way to send a notification. Applies the gating of server-rules: a switchable type goes out only
 * when on in the system settings and in the recipient's preferences; revoked and unconfirmed accounts get
 * nothing but invitations and resets (a reset never to a revoked one). Queues one message per recipient,
 * in their language, inside the caller's transaction. Answers how many were queued; runWrite (replays/
 * write.ts) kicks the mail worker after the commit (a kick inside the transaction would not see the rows).
 */
export async function notify<K extends MailKind, R extends Recipient>(
  deps: Pick<AppDeps, 'config' | 'now'>,
  db: Kysely<Database>,
  kind: K,
  recipients: R[],
  data: (recipient: R) => TemplateData[K],
): Promise<number> {
  const systemSwitches = isSwitchable(kind) ? await readSystemSwitches(db) : null;
  if (systemSwitches && isSwitchable(kind) && !systemSwitches[kind]) return 0;
  let queued = 0;
  for (const recipient of recipients) {
    if (isMember(recipient)) {
      if (recipient.is_revoked) continue;
      if (recipient.confirmed_at === null && !REACHES_INACTIVE.has(kind)) continue;
      if (isSwitchable(kind) && !(await readUserSwitches(db, recipient.id))[kind]) continue;
    }
    const { subject, text, html } = renderMail(kind, recipient.language, data(recipient));
    await enqueueMail(db, deps.now(), deps.config.clubId, {
      kind,
      to: recipient.email,
      subject,
      text,
      ...(html ? { html } : {}),
    });
    queued++;
  }
  return queued;
}
