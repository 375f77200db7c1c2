import type { Language } from '@common/contract/user';
import { catalogueText } from '../i18n/catalogue';
import { hello, signatureOf } from './signature';
import type { DossierMailKind, Render } from './template-types';

const text = (language: Language, key: string, values?: Record<string, string>) =>
  catalogueText(language, 'dossier_skip', key, values);

const render =
  (language: Language): Render<'waiting_list_dossier_skip'> =>
  ({ event, reasons, link }, { clubName, firstName }) => ({
    subject: text(language, 'subject', { event }),
    text: `${hello(language, firstName)}\n\n${text(language, 'intro', { event })}\n\n${reasons.map((reason) => `- ${reason}`).join('\n')}\n\n${text(language, 'fix', { link })}${signatureOf(clubName)}`,
  });

/**
 * To a waiting member passed over at a freed place because the model blocks an incomplete file
 * (docs/rules.md#members-file): they keep their place in line; the reasons in words and where to fix them.
 */
export const DOSSIER_TEMPLATES: { [K in DossierMailKind]: Record<Language, Render<K>> } = {
  waiting_list_dossier_skip: { fr: render('fr'), en: render('en') },
};
