import type { Language } from '@common/contract/user';
import { catalogueText } from '../i18n/catalogue';
import { hello, signatureOf } from './signature';
import type { MailContext, Render, SeriesMailKind, TemplateData } from './template-types';

const text = (language: Language, key: string, values?: Record<string, string>) =>
  catalogueText(language, 'series_mail', key, values);

/** A heading and its sessions, one per line; nothing when there are none. */
const block = (heading: string, sessions: string[]): string[] =>
  sessions.length === 0 ? [] : [heading, ...sessions.map((line) => `• ${line}`), ''];

/** A message whose body is one heading over the sessions it names (cancellation, update, stuff removed). */
function listing(
  subjectKey: string,
  introKey: string,
): Record<
  Language,
  Render<'series_cancellation' | 'series_update' | 'series_stuff_unavailable' | 'series_promotion'>
> {
  const render =
    (language: Language) =>
    (
      { event, sessions, message }: { event: string; sessions: string[]; message?: string | undefined },
      { clubName, firstName }: MailContext,
    ) => ({
      subject: text(language, subjectKey, { event }),
      text:
        [
          hello(language, firstName),
          '',
          ...block(text(language, introKey, { event }), sessions),
          ...(message ? [catalogueText(language, 'mail_words', 'organiser_message'), message, ''] : []),
          text(language, 'see_app'),
        ].join('\n') + signatureOf(clubName),
    });
  return { fr: render('fr'), en: render('en') };
}

function subscription(language: Language): Render<'series_subscription'> {
  return (
    { event, member, subscribed, waiting, left, isCreatorCopy }: TemplateData['series_subscription'],
    { clubName, firstName }: MailContext,
  ) => {
    // The creator's copy says who; the member's says "you".
    const who = isCreatorCopy ? 'creator_' : '';
    return {
      subject: text(language, left.length > 0 ? 'left_subject' : 'subscribed_subject', { event }),
      text:
        [
          hello(language, firstName),
          '',
          ...block(text(language, `${who}subscribed_intro`, { event, member }), subscribed),
          ...block(text(language, `${who}waiting_intro`, { event, member }), waiting),
          ...block(text(language, `${who}left_intro`, { event, member }), left),
          text(language, 'see_app'),
        ].join('\n') + signatureOf(clubName),
    };
  };
}

/** Training series: one message listing the sessions, in French and English (texts under `series_mail.`). */
export const SERIES_TEMPLATES: { [K in SeriesMailKind]: Record<Language, Render<K>> } = {
  series_cancellation: listing('cancellation_subject', 'cancellation_intro'),
  series_update: listing('update_subject', 'update_intro'),
  series_stuff_unavailable: listing('stuff_subject', 'stuff_intro'),
  series_promotion: listing('promotion_subject', 'promotion_intro'),
  series_subscription: { fr: subscription('fr'), en: subscription('en') },
  // The answer links (Je viens / Je ne viens pas) and the event's link are added by notify.
  series_nudge: {
    fr: ({ event }, { clubName, firstName }) => ({
      subject: `Vous venez ? ${event}`,
      text: `${hello('fr', firstName)}\n\nVous suivez cette série de séances, mais vous n'avez pas encore répondu pour la prochaine : ${event}. Un clic suffit pour répondre.${signatureOf(clubName)}`,
    }),
    en: ({ event }, { clubName, firstName }) => ({
      subject: `Are you coming? ${event}`,
      text: `${hello('en', firstName)}\n\nYou follow this series of sessions, but you have not answered for the next one yet: ${event}. One click is enough to answer.${signatureOf(clubName)}`,
    }),
  },
};
