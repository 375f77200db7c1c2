import { NOTIFICATION_TYPES, type NotificationType } from '@common/contract/notifications';
import type { Language } from '@common/contract/user';
import { clubDayOf } from '@common/rules/club-time';
import { isMinorOn } from '@common/rules/family';
import type { Kysely } from 'kysely';
import type { AppDeps } from '../../app-deps';
import { currentClub, linkDomain } from '../../db/club-scope/current-club';
import type { Database, UserRow } from '../../db/schema';
import { catalogueText } from '../../i18n/catalogue';
import { composeMail } from '../../mail/compose-mail';
import { displayName } from '../../mail/display-name';
import type { MailAction } from '../../mail/html-layout';
import { enqueueMail, type MailSender } from '../../mail/mail-queue';
import { hello } from '../../mail/signature';
import type { MailKind, TemplateData } from '../../mail/template-types';
import { renderMail } from '../../mail/templates';
import { readClubBrand } from '../settings/club-settings';
import { unrestrictedGuardiansOf } from './guardians-of.repository';
import { guardianAnswerLinks, type MailLinks, memberLinks } from './mail-links';
import { readSystemSwitches, readUserSwitches } from './notification-settings.repository';
import { readLinkSecret, unsubscribeUrl } from './unsubscribe-links';

// A series' message stands for the messages of its sessions, so the same switch lets it through; a
// reactivation undoes a cancellation, so whoever hears of one hears of the other.
const SWITCH_OF_SERIES: Partial<Record<MailKind, NotificationType>> = {
  event_reactivation: 'event_cancellation',
  series_cancellation: 'event_cancellation',
  series_update: 'event_update',
  series_stuff_unavailable: 'stuff_unavailable',
  series_subscription: 'subscribe_unsubscribe',
  // A nudge is a reminder: the member's reminder switch lets it through, and its link switches it off.
  series_nudge: 'event_reminder',
};

/** The notification switch that gates `kind`; none for those always sent (resets, promotions, group mail). */
const switchOf = (kind: MailKind): NotificationType | undefined =>
  (NOTIFICATION_TYPES as readonly string[]).includes(kind)
    ? (kind as NotificationType)
    : SWITCH_OF_SERIES[kind];

/**
 * Kinds that reach accounts that are revoked or not yet confirmed (docs/rules.md#mails), and addresses
 * marked as bouncing (the member may be at the screen, waiting for that very mail).
 */
/** Account mails are the account's own; every message about taking part reaches a minor's guardians too. */
const GUARDIANS_HEAR_OF: ReadonlySet<MailKind> = new Set<MailKind>([
  'event_comments',
  'event_cancellation',
  'event_reactivation',
  'event_update',
  'subscribe_unsubscribe',
  'stuff_unavailable',
  'event_reminder',
  'waiting_list_promotion',
  'group_email',
  'series_cancellation',
  'series_update',
  'series_stuff_unavailable',
  'series_nudge',
  'series_promotion',
  'series_subscription',
  'waiting_list_dossier_skip',
]);

const REACHES_INACTIVE: ReadonlySet<MailKind> = new Set([
  'user_invitation',
  'password_reset',
  // The address in use hears of a change asked for it, whatever its state (docs/rules.md#accounts-and-sessions).
  'email_change_notice',
  // An Admin's test mail is tried even to a bouncing address: whether it still bounces is the question.
  'email_test',
]);

/**
 * A member, or someone with no account (a guest with an email, an address to confirm): no preferences, system
 * switches only; greeted by `first_name` when given (docs/rules.md#mails).
 */
export type Recipient = UserRow | { email: string; language: Language; first_name?: string | null };
/** A recipient with an address: a child without a login has none (docs/rules.md#families). */
const hasAddress = <R extends Recipient>(recipient: R): recipient is R & { email: string } =>
  recipient.email !== null;
const isMember = (recipient: Recipient): recipient is UserRow => 'id' in recipient;

/**
 * Who `kind` may reach among `recipients` (docs/rules.md#mails): a switchable type only when on in the
 * system settings and in the member's preferences; revoked and unconfirmed accounts get nothing but
 * invitations and resets (a reset never to a revoked one). Emails and pushes are gated alike.
 */
export async function reachableRecipients<R extends Recipient>(
  db: Kysely<Database>,
  kind: MailKind,
  recipients: R[],
): Promise<R[]> {
  const gate = switchOf(kind);
  if (gate && !(await readSystemSwitches(db))[gate]) return [];
  const reachable: R[] = [];
  for (const recipient of recipients) {
    if (!hasAddress(recipient)) continue;
    if (isMember(recipient)) {
      if (recipient.is_revoked) continue;
      if (recipient.confirmed_at === null && !REACHES_INACTIVE.has(kind)) continue;
      if (recipient.email_bouncing && !REACHES_INACTIVE.has(kind)) continue;
      if (gate && !(await readUserSwitches(db, recipient.id))[gate]) continue;
    }
    reachable.push(recipient);
  }
  return reachable;
}

/**
 * Who hears of a message about a minor in `recipients` in their place (docs/rules.md#families): each
 * unrestricted guardian, once for all their children among them, whose own switches let the kind through.
 * A guardian who is a recipient on their own account still gets their own message besides.
 */
export async function guardianCopies<R extends Recipient>(
  deps: Pick<AppDeps, 'now'>,
  db: Kysely<Database>,
  kind: MailKind,
  recipients: R[],
): Promise<Array<{ guardian: UserRow & { email: string }; children: UserRow[] }>> {
  if (!GUARDIANS_HEAR_OF.has(kind)) return [];
  const today = clubDayOf(deps.now(), currentClub().timezone);
  const minors = recipients
    .filter((recipient): recipient is R & UserRow => isMember(recipient))
    .filter((member) => isMinorOn(member.birth_date, today));
  if (minors.length === 0) return [];
  const byGuardian = new Map<string, { guardian: UserRow; children: UserRow[] }>();
  for (const { child_id, guardian } of await unrestrictedGuardiansOf(
    db,
    minors.map((m) => m.id),
  )) {
    const child = minors.find((m) => m.id === child_id);
    if (!child) continue;
    const entry = byGuardian.get(guardian.id) ?? { guardian, children: [] };
    entry.children.push(child);
    byGuardian.set(guardian.id, entry);
  }
  const copies: Array<{ guardian: UserRow & { email: string }; children: UserRow[] }> = [];
  for (const entry of byGuardian.values()) {
    // Named in alphabetical order: the same message reads the same whatever order the recipients came in.
    entry.children.sort((a, b) => displayName(a).localeCompare(displayName(b), 'fr'));
    const [reachableGuardian] = await reachableRecipients(db, kind, [entry.guardian]);
    if (reachableGuardian && hasAddress(reachableGuardian)) {
      copies.push({ children: entry.children, guardian: reachableGuardian });
    }
  }
  return copies;
}

/**
 * The one way to send an email notification, to those reachableRecipients lets through: one message per
 * recipient, in their language, queued inside the caller's transaction. Answers how many were queued;
 * runWrite (server/writes/run-write.ts) kicks the mail worker after the commit (a kick inside the transaction would
 * not see the rows).
 */
export async function notify<K extends MailKind, R extends Recipient>(
  deps: Pick<AppDeps, 'config' | 'now'>,
  db: Kysely<Database>,
  kind: K,
  recipients: R[],
  data: (recipient: R) => TemplateData[K],
  links?: MailLinks<R>,
  options: {
    /** A member writing (a group mail) rather than the club. */
    sender?: MailSender;
    /** One of many queued at once (an import's invitations), sent behind the account mails. */
    isBulk?: boolean;
  } = {},
): Promise<number> {
  const reachable = await reachableRecipients(db, kind, recipients);
  const copies = await guardianCopies(deps, db, kind, recipients);
  if (reachable.length === 0 && copies.length === 0) return 0;
  const unsubscribable = kind === 'user_invitation' ? undefined : switchOf(kind);
  const secret = reachable.some(isMember) || copies.length > 0 ? await readLinkSecret(db) : undefined;
  const brand = await readClubBrand(db, deps.config);

  /** One message to `to`: `content` rendered in their language, their own links, an opening line if given. */
  const queue = async (
    to: Recipient & { email: string },
    content: TemplateData[K],
    memberLinkSet: MailLinks<UserRow> | undefined,
    opening?: string,
    firstActions: MailAction[] = [],
  ) => {
    // The club's name and the recipient's first name (docs/rules.md#mails); someone with no account: « Bonjour, ».
    const rendered = renderMail(kind, to.language, content, {
      clubName: brand.clubName,
      firstName: to.first_name ?? null,
    });
    // Members get the event's deep link, the answers asked for, and (but in an invitation) the preferences.
    const { actions, preferences } =
      secret && isMember(to)
        ? memberLinks(linkDomain(), secret, to, {
            ...memberLinkSet,
            preferences: kind !== 'user_invitation' && kind !== 'weekly_event_list',
          })
        : { actions: [], preferences: undefined };
    // A guardian's copy says whom it is about right after the greeting (or first, in a mail with none).
    const greeting = hello(to.language, to.first_name ?? null);
    const text = !opening
      ? rendered.text
      : rendered.text.startsWith(`${greeting}\n\n`)
        ? `${greeting}\n\n${opening}${rendered.text.slice(greeting.length)}`
        : `${opening}\n\n${rendered.text}`;
    // A template with its own HTML (the weekly list) keeps it; every other mail gets the club's layout.
    const composed = await composeMail({
      kind,
      language: to.language,
      subject: rendered.subject,
      text,
      actions: [...firstActions, ...actions],
      preferences,
      isSwitchable: unsubscribable !== undefined,
      brand,
      ownHtml: await rendered.html,
    });
    await enqueueMail(db, deps.now(), currentClub().key, {
      kind,
      to: to.email,
      subject: rendered.subject,
      text: composed.text,
      html: composed.html,
      ...(options.sender ? { sender: options.sender } : {}),
      ...(options.isBulk ? { isBulk: true } : {}),
      // A member may switch this type off from the mail itself (docs/rules.md#mails): their own switch.
      ...(unsubscribable && secret && isMember(to)
        ? { listUnsubscribe: unsubscribeUrl(linkDomain(), secret, to.id, unsubscribable) }
        : {}),
    });
  };

  for (const recipient of reachable.filter(hasAddress)) {
    await queue(recipient, data(recipient), links as MailLinks<UserRow> | undefined);
  }
  // A guardian's copy (docs/rules.md#families): the first child's message in the guardian's language,
  // opening with the names of every child it is about; each child's answers, named for the child and signed
  // over the guardian; the event's link; the guardian's own preferences and unsubscribe.
  for (const { guardian, children } of copies) {
    const [first] = children as R[];
    if (!first) continue;
    const event = typeof links?.event === 'function' ? links.event(first) : links?.event;
    const answers =
      secret && links?.answers
        ? guardianAnswerLinks(
            linkDomain(),
            secret,
            guardian,
            children as Array<R & UserRow>,
            links,
            displayName,
          )
        : [];
    await queue(
      guardian,
      data({ ...first, language: guardian.language }),
      event ? { event, opensThread: links?.opensThread === true } : undefined,
      catalogueText(guardian.language, 'mail_words', 'about_children', {
        names: children.map(displayName).join(', '),
      }),
      answers,
    );
  }
  return reachable.length + copies.length;
}
