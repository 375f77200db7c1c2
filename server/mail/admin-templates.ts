import type { Language } from '@common/contract/user';
import { hello, signatureOf } from './signature';
import type { AdminMailKind, Render } from './template-types';

/**
 * The mail an Admin sends themself from the email settings (docs/rules.md#mails): it goes through the club's
 * queue and mail server like any other, so its arrival shows the club's mails leave, and where they land.
 */
export const ADMIN_TEMPLATES: { [K in AdminMailKind]: Record<Language, Render<K>> } = {
  email_test: {
    fr: ({ when }, { clubName, firstName }) => ({
      subject: `Mail de test de ${clubName}`,
      text: `${hello('fr', firstName)}\n\nVous avez demandé ce mail de test le ${when}, depuis les paramètres des emails de ${clubName}. S'il vous est parvenu, les mails du club partent bien.\n\nS'il est arrivé dans les indésirables, ajoutez l'expéditeur à vos contacts et prévenez les membres d'en faire autant.${signatureOf(clubName)}`,
    }),
    en: ({ when }, { clubName, firstName }) => ({
      subject: `Test mail from ${clubName}`,
      text: `${hello('en', firstName)}\n\nYou asked for this test mail on ${when}, from the email settings of ${clubName}. If it reached you, the club's mails go out.\n\nIf it landed in the spam folder, add the sender to your contacts and ask the members to do the same.${signatureOf(clubName)}`,
    }),
  },
};
