import type { Language } from '@common/contract/user';
import { hello, signatureOf } from './signature';
import type { DigestEvent, Render, TalkMailKind, TemplateData } from './template-types';

type Comments = TemplateData['event_comments']['comments'];

/** Each comment as a quoted block: who (and for whom), when, then the text as typed, every line quoted. */
function quoted(comments: Comments, forWord: string): string {
  return comments
    .map((c) => {
      const who = c.forChild ? `${c.author}, ${forWord} ${c.forChild}` : c.author;
      const text = c.text
        .split('\n')
        .map((line) => `> ${line}`)
        .join('\n');
      return `${who} — ${c.when}\n${text}`;
    })
    .join('\n\n');
}

const names = (list: string[]) => list.join(', ');

/** One event of the digest: its lines only for what changed, then places left. */
function digestBlock(e: DigestEvent, language: Language): string {
  const fr = language === 'fr';
  const line = (label: string, value: string) => `${label}${fr ? ' : ' : ': '}${value}`;
  const lines = [
    e.joined.length > 0 ? line(fr ? 'Nouvelles inscriptions' : 'Joined', names(e.joined)) : null,
    e.left.length > 0 ? line(fr ? 'Désinscriptions' : 'Left', names(e.left)) : null,
    e.waiting.length > 0 ? line(fr ? "En liste d'attente" : 'Waiting', names(e.waiting)) : null,
    e.placesLeft === null
      ? line(fr ? 'Places' : 'Places', fr ? 'sans limite' : 'no limit')
      : line(fr ? 'Places restantes' : 'Places left', String(e.placesLeft)),
  ].filter((text): text is string => text !== null);
  return `${e.event}\n${lines.join('\n')}`;
}

/** Talking around an event (docs/rules.md#talking-around-an-event): the thread's mail, the organisers' digest. */
export const TALK_TEMPLATES: { [K in TalkMailKind]: Record<Language, Render<K>> } = {
  event_comments: {
    fr: ({ event, comments }, { clubName, firstName }) => ({
      subject:
        comments.length === 1
          ? `Nouveau message : ${event}`
          : `${comments.length} nouveaux messages : ${event}`,
      text: `${hello('fr', firstName)}\n\nDu nouveau dans la discussion de ${event} :\n\n${quoted(comments, 'pour')}\n\nPour répondre, ouvrez la discussion dans l'application.${signatureOf(clubName)}`,
    }),
    en: ({ event, comments }, { clubName, firstName }) => ({
      subject: comments.length === 1 ? `New message: ${event}` : `${comments.length} new messages: ${event}`,
      text: `${hello('en', firstName)}\n\nThere is news in the discussion of ${event}:\n\n${quoted(comments, 'for')}\n\nTo answer, open the discussion in the app.${signatureOf(clubName)}`,
    }),
  },
  organiser_digest: {
    fr: ({ events }, { clubName, firstName }) => ({
      subject:
        events.length === 1
          ? `Inscriptions à votre évènement : ${events[0]?.event ?? ''}`
          : `Inscriptions à vos évènements : ${events.length} évènements`,
      text: `${hello('fr', firstName)}\n\nVoici ce qui a changé dans les inscriptions à vos évènements depuis le dernier résumé.\n\n${events.map((e) => digestBlock(e, 'fr')).join('\n\n')}${signatureOf(clubName)}`,
    }),
    en: ({ events }, { clubName, firstName }) => ({
      subject:
        events.length === 1
          ? `Subscriptions to your event: ${events[0]?.event ?? ''}`
          : `Subscriptions to your events: ${events.length} events`,
      text: `${hello('en', firstName)}\n\nHere is what changed in the subscriptions to your events since the last summary.\n\n${events.map((e) => digestBlock(e, 'en')).join('\n\n')}${signatureOf(clubName)}`,
    }),
  },
};
