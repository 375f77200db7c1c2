import type { Language } from '../../src/common/contract/user';

/** What each kind of message needs; later issues add their kinds here. */
export interface TemplateData {
  user_invitation: { username: string; link: string };
  password_reset: { username: string; link: string };
  /** `until`: the lock's end, already written in the club's time zone and the recipient's language. */
  account_lock: { username: string; until: string; link: string };
  event_cancellation: { event: string };
  event_update: { event: string };
  /** `member` is who (un)subscribed: the recipient themself, or one of their members for the creator. */
  subscribe_unsubscribe: { event: string; member: string; isSubscribed: boolean; isCreatorCopy: boolean };
  stuff_unavailable: { event: string; stuff: string };
  waiting_list_promotion: { event: string; stuff: string | null };
  group_email: { subject: string; message: string; event: string };
}
export type MailKind = keyof TemplateData;
/** The kinds templates.ts writes; event-templates.ts writes all the others. */
export type AccountMailKind = 'user_invitation' | 'password_reset' | 'account_lock';

export type Render<K extends MailKind> = (data: TemplateData[K]) => { subject: string; text: string };
export type Templates = { [K in MailKind]: Record<Language, Render<K>> };
