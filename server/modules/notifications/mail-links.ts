import type { Config } from '../../config';
import type { EventRow, UserRow } from '../../db/schema';
import { catalogueText } from '../../i18n';
import { type AnswerAction, answerUrl } from '../../mail/answer-links';
import { eventPath, preferencesPath } from '../../mail/app-links';
import { SIGNATURE } from '../../mail/signature';

/**
 * The links a mail about an event carries (issue 26 items 2 and 3): the event's deep link, and the answer
 * links asked for (each signed for that member, that event and that action, until the event starts).
 */
export interface MailLinks<R> {
  event?: Pick<EventRow, 'uuid' | 'start_date'>;
  answers?: (recipient: R) => AnswerAction[];
}

const text = (language: UserRow['language'], key: string) => catalogueText(language, 'mail_links', key);

/**
 * The plain text with its links: the event's and the answers above the signature, the preferences below
 * it (the footer of every mail but the invitation, server-rules v4 "Unsubscribe").
 */
export function withLinks<R extends UserRow>(
  config: Pick<Config, 'clubId' | 'publicUrl'>,
  secret: Buffer,
  member: R,
  body: string,
  links: MailLinks<R> & { preferences: boolean },
): string {
  const { language } = member;
  const event = links.event;
  const lines = event
    ? [
        `${text(language, 'open_event')} ${config.publicUrl}${eventPath(event.uuid)}`,
        ...(links.answers?.(member) ?? []).map(
          (action) =>
            `${text(language, `answer_${action}`)} ${answerUrl(config, secret, {
              eventUuid: event.uuid,
              userId: member.id,
              action,
              expiresAt: event.start_date,
            })}`,
        ),
      ]
    : [];
  const signature = SIGNATURE[language];
  const signed = body.endsWith(signature);
  const message = signed ? body.slice(0, -signature.length) : body;
  const footer = links.preferences
    ? `\n\n${text(language, 'preferences')} ${config.publicUrl}${preferencesPath}`
    : '';
  return `${message}${lines.length > 0 ? `\n\n${lines.join('\n')}` : ''}${signed ? signature : ''}${footer}`;
}
