import type { Config } from '../../config';
import type { EventRow, UserRow } from '../../db/schema';
import { catalogueText } from '../../i18n/catalogue';
import { type AnswerAction, answerUrl } from '../../mail/answer-links';
import { eventPath, preferencesPath } from '../../mail/app-links';
import type { MailAction } from '../../mail/html-layout';

/**
 * The links a mail about an event carries: the event's deep link, and the answer links asked for
 * (each signed for that member, that event and that action, until the event starts).
 */
type LinkedEvent = Pick<EventRow, 'uuid' | 'start_date'>;

export interface MailLinks<R> {
  /** A function where it differs by recipient: a series mail links each member's first session. */
  event?: LinkedEvent | ((recipient: R) => LinkedEvent | undefined);
  answers?: (recipient: R) => AnswerAction[];
  /** The event link opens its thread (« Voir la discussion », docs/rules.md#talking-around-an-event). */
  opensThread?: boolean;
}

/** A member's links in one mail: answers first (the buttons), then the event; the footer's preferences. */
export interface MemberLinks {
  actions: MailAction[];
  preferences?: MailAction;
}

export const linkText = (language: UserRow['language'], key: string) =>
  catalogueText(language, 'mail_links', key);

export function memberLinks<R extends UserRow>(
  config: Pick<Config, 'clubKey' | 'publicUrl'>,
  secret: Buffer,
  member: R,
  links: MailLinks<R> & { preferences: boolean },
): MemberLinks {
  const { language } = member;
  const event = typeof links.event === 'function' ? links.event(member) : links.event;
  const answers = event
    ? (links.answers?.(member) ?? []).map((action) => ({
        label: linkText(language, `answer_${action}`),
        href: answerUrl(config, secret, {
          eventUuid: event.uuid,
          userId: member.id,
          action,
          expiresAt: event.start_date,
        }),
      }))
    : [];
  const open = event
    ? [
        {
          label: linkText(language, links.opensThread ? 'open_thread' : 'open_event'),
          href: `${config.publicUrl}${eventPath(event.uuid)}${links.opensThread ? '#comments' : ''}`,
        },
      ]
    : [];
  return {
    actions: [...answers, ...open],
    ...(links.preferences
      ? {
          preferences: {
            label: linkText(language, 'preferences'),
            href: `${config.publicUrl}${preferencesPath}`,
          },
        }
      : {}),
  };
}

/**
 * The answer buttons of a guardian's copy (docs/rules.md#families): for each child it is about, the answers
 * asked for, named for the child (« Lou Le Bihan vient ») and signed over the guardian, so they act only while
 * that guardian may act for the child.
 */
export function guardianAnswerLinks<R extends UserRow>(
  config: Pick<Config, 'clubKey' | 'publicUrl'>,
  secret: Buffer,
  guardian: UserRow,
  children: R[],
  links: MailLinks<R> | undefined,
  nameOf: (child: R) => string,
): MailAction[] {
  return children.flatMap((child) => {
    const event = typeof links?.event === 'function' ? links.event(child) : links?.event;
    if (!event) return [];
    return (links?.answers?.(child) ?? []).map((action) => ({
      label: catalogueText(guardian.language, 'mail_links', `answer_${action}_for`, { name: nameOf(child) }),
      href: answerUrl(config, secret, {
        eventUuid: event.uuid,
        userId: child.id,
        action,
        expiresAt: event.start_date,
        actingId: guardian.id,
      }),
    }));
  });
}
