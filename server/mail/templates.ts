import type { Language } from '../../src/common/contract/user';

/** What each kind of message needs; later issues add their kinds here. */
export interface TemplateData {
  user_invitation: { username: string; link: string };
  password_reset: { username: string; link: string };
}
export type MailKind = keyof TemplateData;

type Render<K extends MailKind> = (data: TemplateData[K]) => { subject: string; text: string };
type Templates = { [K in MailKind]: Record<Language, Render<K>> };

const SIGNATURE = { fr: "\n\n— L'équipe Équipée", en: '\n\n— The Équipée team' };

export const TEMPLATES: Templates = {
  user_invitation: {
    fr: ({ username, link }) => ({
      subject: 'Invitation à rejoindre Équipée',
      text: `Bonjour,\n\nUn compte Équipée a été créé pour vous (identifiant : ${username}).\nChoisissez votre mot de passe avec ce lien, valable 7 jours :\n${link}${SIGNATURE.fr}`,
    }),
    en: ({ username, link }) => ({
      subject: 'Your invitation to Équipée',
      text: `Hello,\n\nAn Équipée account was created for you (username: ${username}).\nChoose your password with this link, valid for 7 days:\n${link}${SIGNATURE.en}`,
    }),
  },
  password_reset: {
    fr: ({ username, link }) => ({
      subject: 'Réinitialisation de votre mot de passe',
      text: `Bonjour ${username},\n\nPour choisir un nouveau mot de passe, ouvrez ce lien, valable 1 heure :\n${link}\n\nSi vous n'avez rien demandé, ignorez ce message.${SIGNATURE.fr}`,
    }),
    en: ({ username, link }) => ({
      subject: 'Resetting your password',
      text: `Hello ${username},\n\nTo choose a new password, open this link, valid for 1 hour:\n${link}\n\nIf you did not ask for this, ignore this message.${SIGNATURE.en}`,
    }),
  },
};

export function renderMail<K extends MailKind>(kind: K, language: Language, data: TemplateData[K]) {
  return (TEMPLATES[kind][language] as Render<K>)(data);
}
