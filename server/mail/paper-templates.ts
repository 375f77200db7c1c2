import type { Language } from '@common/contract/user';
import { catalogueText } from '../i18n/catalogue';
import { hello, signatureOf } from './signature';
import type { PaperMailKind, Render, TemplateData } from './template-types';

const text = (language: Language, key: string, values?: Record<string, string>) =>
  catalogueText(language, 'paper_reminder', key, values);

/** `2027-10-12` in words: « 12 octobre 2027 », "12 October 2027". */
export function dayInWords(day: string, language: Language): string {
  const [y = 0, m = 1, d = 1] = day.split('-').map(Number);
  return new Intl.DateTimeFormat(language === 'fr' ? 'fr-FR' : 'en-GB', {
    timeZone: 'UTC',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
  }).format(new Date(Date.UTC(y, m - 1, d)));
}

/**
 * The one sentence a paper reminder says (docs/rules.md#members-file): the kind of paper and its last day, or
 * the season whose licence is not recorded; about a child in a guardian's copy. Never any other health detail.
 */
export function paperSentence(language: Language, data: TemplateData['paper_reminder']): string {
  const values = {
    date: dayInWords(data.endsOn, language),
    season: data.season ?? '',
    ...(data.child ? { name: data.child } : {}),
  };
  return text(language, `${data.child ? 'child' : 'own'}.${data.item}`, values);
}

const render =
  (language: Language): Render<'paper_reminder'> =>
  (data, { clubName, firstName }) => {
    const sentence = paperSentence(language, data);
    const next = data.item === 'licence' || data.item === 'renewal' ? 'next_licence' : 'next_health';
    return {
      subject: sentence.replace(/\.$/, ''),
      text: `${hello(language, firstName)}\n\n${sentence}\n\n${text(language, next)}\n\n${text(language, 'link', { link: data.link })}${signatureOf(clubName)}`,
    };
  };

/** Reminders before a paper of the member's file ends, and at the season start (docs/rules.md#members-file). */
export const PAPER_TEMPLATES: { [K in PaperMailKind]: Record<Language, Render<K>> } = {
  paper_reminder: { fr: render('fr'), en: render('en') },
};
