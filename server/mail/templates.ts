import type { Language } from '@common/contract/user';
import { catalogueText } from '../i18n/catalogue';
import { ADMIN_TEMPLATES } from './admin-templates';
import { DOSSIER_TEMPLATES } from './dossier-templates';
import { EVENT_TEMPLATES } from './event-templates';
import { FAMILY_TEMPLATES } from './family-templates';
import { PAPER_TEMPLATES } from './paper-templates';
import { SERIES_TEMPLATES } from './series-templates';
import { hello, signatureOf } from './signature';
import { TALK_TEMPLATES } from './talk-templates';
// The types live in template-types.ts, so the event, weekly and series templates use them without
// importing this file.
import type {
  AccountMailKind,
  MailContext,
  MailKind,
  Render,
  TemplateData,
  Templates,
} from './template-types';
import { WEEKLY_TEMPLATES } from './weekly-templates';

const words = (language: Language, key: string, values?: Record<string, string>) =>
  catalogueText(language, 'mail_words', key, values);

/**
 * Account mails (docs/rules.md#mails): each names the club, never the software, greets by first name, and signs
 * with the club's name. The invitation says who invited and what the club's app is for.
 */
const ACCOUNT_TEMPLATES = {
  user_invitation: {
    fr: ({ username, link, byWhom }, { clubName, firstName }) => ({
      subject: `Invitation à rejoindre ${clubName}`,
      text: `${hello('fr', firstName)}\n\n${byWhom ? words('fr', 'invited_by', { name: byWhom, club: clubName }) : words('fr', 'invited', { club: clubName })} Un compte ${clubName} a été créé pour vous (identifiant : ${username}).\n\n${words('fr', 'app_purpose')}\n\nChoisissez votre mot de passe avec ce lien, valable 7 jours :\n${link}${signatureOf(clubName)}`,
    }),
    en: ({ username, link, byWhom }, { clubName, firstName }) => ({
      subject: `Your invitation to ${clubName}`,
      text: `${hello('en', firstName)}\n\n${byWhom ? words('en', 'invited_by', { name: byWhom, club: clubName }) : words('en', 'invited', { club: clubName })} A ${clubName} account was created for you (username: ${username}).\n\n${words('en', 'app_purpose')}\n\nChoose your password with this link, valid for 7 days:\n${link}${signatureOf(clubName)}`,
    }),
  },
  password_reset: {
    fr: ({ username, link }, { clubName, firstName }) => ({
      subject: `${clubName} : réinitialisation de votre mot de passe`,
      text: `${hello('fr', firstName)}\n\nPour choisir un nouveau mot de passe pour votre compte ${clubName} (identifiant : ${username}), ouvrez ce lien, valable 1 heure :\n${link}\n\nSi vous n'avez rien demandé, ignorez ce message.${signatureOf(clubName)}`,
    }),
    en: ({ username, link }, { clubName, firstName }) => ({
      subject: `${clubName}: resetting your password`,
      text: `${hello('en', firstName)}\n\nTo choose a new password for your ${clubName} account (username: ${username}), open this link, valid for 1 hour:\n${link}\n\nIf you did not ask for this, ignore this message.${signatureOf(clubName)}`,
    }),
  },
  account_lock: {
    fr: ({ username, until, link }, { clubName, firstName }) => ({
      subject: `${clubName} : votre compte est temporairement verrouillé`,
      text: `${hello('fr', firstName)}\n\nAprès plusieurs mots de passe erronés, votre compte (identifiant : ${username}) est verrouillé jusqu'au ${until}. Les appareils déjà connectés le restent.\n\nVous pouvez attendre cette heure, ou choisir dès maintenant un nouveau mot de passe avec ce lien, valable 1 heure (il lève le verrouillage) :\n${link}\n\nSi ce n'était pas vous, quelqu'un essaie de deviner votre mot de passe : choisissez-en un nouveau avec ce lien.${signatureOf(clubName)}`,
    }),
    en: ({ username, until, link }, { clubName, firstName }) => ({
      subject: `${clubName}: your account is temporarily locked`,
      text: `${hello('en', firstName)}\n\nAfter several wrong passwords, your account (username: ${username}) is locked until ${until}. Devices already signed in stay signed in.\n\nYou can wait until then, or choose a new password now with this link, valid for 1 hour (it lifts the lock):\n${link}\n\nIf this was not you, someone is trying to guess your password: choose a new one with this link.${signatureOf(clubName)}`,
    }),
  },
  email_change_confirm: {
    fr: ({ link }, { clubName, firstName }) => ({
      subject: `${clubName} : confirmez votre nouvelle adresse email`,
      text: `${hello('fr', firstName)}\n\nCette adresse a été demandée comme nouvelle adresse de votre compte ${clubName}. Pour la confirmer, ouvrez ce lien, valable 24 heures :\n${link}\n\nD'ici là, le club continue d'écrire à l'ancienne adresse. Si vous n'êtes pas à l'origine de cette demande, ignorez ce message : rien ne changera.${signatureOf(clubName)}`,
    }),
    en: ({ link }, { clubName, firstName }) => ({
      subject: `${clubName}: confirm your new email address`,
      text: `${hello('en', firstName)}\n\nThis address was asked for as the new address of your ${clubName} account. To confirm it, open this link, valid for 24 hours:\n${link}\n\nUntil then, the club keeps writing to the old address. If you did not ask for this, ignore this message: nothing will change.${signatureOf(clubName)}`,
    }),
  },
  email_change_notice: {
    fr: ({ newEmail, when, byWhom }, { clubName, firstName }) => ({
      subject: `${clubName} : changement d'adresse email demandé`,
      text: `${hello('fr', firstName)}\n\nLe ${when}, ${byWhom === null ? 'vous avez demandé' : `${byWhom} a demandé`} que votre compte ${clubName} utilise désormais l'adresse ${newEmail}. Le changement n'aura lieu que lorsque cette adresse l'aura confirmé ; d'ici là, le club vous écrit ici.\n\n${byWhom === null ? "Si ce n'était pas vous, changez votre mot de passe et prévenez un responsable du club." : "Si vous n'étiez pas au courant, parlez-en à un responsable du club."}${signatureOf(clubName)}`,
    }),
    en: ({ newEmail, when, byWhom }, { clubName, firstName }) => ({
      subject: `${clubName}: an email address change was asked for`,
      text: `${hello('en', firstName)}\n\nOn ${when}, ${byWhom === null ? 'you asked' : `${byWhom} asked`} for your ${clubName} account to use the address ${newEmail} from now on. The change happens only once that address confirms it; until then, the club writes to you here.\n\n${byWhom === null ? 'If this was not you, change your password and tell someone who runs the club.' : 'If you did not know of it, talk to someone who runs the club.'}${signatureOf(clubName)}`,
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
  ...ADMIN_TEMPLATES,
  ...PAPER_TEMPLATES,
  ...DOSSIER_TEMPLATES,
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

/** One mail's subject and text (and the weekly list's own HTML), in `language`, for the club and recipient of `context`. */
export function renderMail<K extends MailKind>(
  kind: K,
  language: Language,
  data: TemplateData[K],
  context: MailContext,
) {
  return (TEMPLATES[kind][language] as Render<K>)(data, context);
}
