import type { Language } from '@common/contract/user';
import { EVENT_TEMPLATES } from './event-templates';
import { FAMILY_TEMPLATES } from './family-templates';
import { SERIES_TEMPLATES } from './series-templates';
import { SIGNATURE } from './signature';
import { TALK_TEMPLATES } from './talk-templates';
// The types live in template-types.ts, so the event, weekly and series templates use them without
// importing this file.
import type { AccountMailKind, MailKind, Render, TemplateData, Templates } from './template-types';
import { WEEKLY_TEMPLATES } from './weekly-templates';

/** « Bonjour Jeanne, », or « Bonjour, » when the member gave no first name. */
const hello = {
  fr: (name: string | null) => (name ? `Bonjour ${name},` : 'Bonjour,'),
  en: (name: string | null) => (name ? `Hello ${name},` : 'Hello,'),
};

const ACCOUNT_TEMPLATES = {
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
  account_lock: {
    fr: ({ username, until, link }) => ({
      subject: 'Votre compte est temporairement verrouillé',
      text: `Bonjour ${username},\n\nAprès plusieurs mots de passe erronés, votre compte est verrouillé jusqu'au ${until}. Les appareils déjà connectés le restent.\n\nVous pouvez attendre cette heure, ou choisir dès maintenant un nouveau mot de passe avec ce lien, valable 1 heure (il lève le verrouillage) :\n${link}\n\nSi ce n'était pas vous, quelqu'un essaie de deviner votre mot de passe : choisissez-en un nouveau avec ce lien.${SIGNATURE.fr}`,
    }),
    en: ({ username, until, link }) => ({
      subject: 'Your account is temporarily locked',
      text: `Hello ${username},\n\nAfter several wrong passwords, your account is locked until ${until}. Devices already signed in stay signed in.\n\nYou can wait until then, or choose a new password now with this link, valid for 1 hour (it lifts the lock):\n${link}\n\nIf this was not you, someone is trying to guess your password: choose a new one with this link.${SIGNATURE.en}`,
    }),
  },
  email_change_confirm: {
    fr: ({ name, link }) => ({
      subject: 'Confirmez votre nouvelle adresse email',
      text: `${hello.fr(name)}\n\nCette adresse a été demandée comme nouvelle adresse de votre compte Équipée. Pour la confirmer, ouvrez ce lien, valable 24 heures :\n${link}\n\nD'ici là, le club continue d'écrire à l'ancienne adresse. Si vous n'êtes pas à l'origine de cette demande, ignorez ce message : rien ne changera.${SIGNATURE.fr}`,
    }),
    en: ({ name, link }) => ({
      subject: 'Confirm your new email address',
      text: `${hello.en(name)}\n\nThis address was asked for as the new address of your Équipée account. To confirm it, open this link, valid for 24 hours:\n${link}\n\nUntil then, the club keeps writing to the old address. If you did not ask for this, ignore this message: nothing will change.${SIGNATURE.en}`,
    }),
  },
  email_change_notice: {
    fr: ({ name, newEmail, when, byWhom }) => ({
      subject: "Changement d'adresse email demandé",
      text: `${hello.fr(name)}\n\nLe ${when}, ${byWhom === null ? 'vous avez demandé' : `${byWhom} a demandé`} que votre compte Équipée utilise désormais l'adresse ${newEmail}. Le changement n'aura lieu que lorsque cette adresse l'aura confirmé ; d'ici là, le club vous écrit ici.\n\n${byWhom === null ? "Si ce n'était pas vous, changez votre mot de passe et prévenez un responsable du club." : "Si vous n'étiez pas au courant, parlez-en à un responsable du club."}${SIGNATURE.fr}`,
    }),
    en: ({ name, newEmail, when, byWhom }) => ({
      subject: 'An email address change was asked for',
      text: `${hello.en(name)}\n\nOn ${when}, ${byWhom === null ? 'you asked' : `${byWhom} asked`} for your Équipée account to use the address ${newEmail} from now on. The change happens only once that address confirms it; until then, the club writes to you here.\n\n${byWhom === null ? 'If this was not you, change your password and tell someone who runs the club.' : 'If you did not know of it, talk to someone who runs the club.'}${SIGNATURE.en}`,
    }),
  },
} satisfies Pick<Templates, AccountMailKind>;

export const TEMPLATES: Templates = {
  ...ACCOUNT_TEMPLATES,
  ...EVENT_TEMPLATES,
  ...WEEKLY_TEMPLATES,
  ...SERIES_TEMPLATES,
  ...FAMILY_TEMPLATES,
  ...TALK_TEMPLATES,
};

/** "Kayak, samedi 28/11/2026 10:00": how messages name an event, in the club's time zone. */
export function describeEvent(modelName: string, start: Date, language: Language, timeZone: string): string {
  return `${modelName}, ${describeInstant(start, language, timeZone)}`;
}

/** "samedi 28/11/2026 10:15": an instant as messages write it, in the club's time zone. */
export function describeInstant(instant: Date, language: Language, timeZone: string): string {
  return new Intl.DateTimeFormat(language === 'fr' ? 'fr-FR' : 'en-GB', {
    timeZone,
    weekday: 'long',
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(instant);
}

export function renderMail<K extends MailKind>(kind: K, language: Language, data: TemplateData[K]) {
  return (TEMPLATES[kind][language] as Render<K>)(data);
}
