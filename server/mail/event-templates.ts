import type { Language } from '@common/contract/user';
import { catalogueText } from '../i18n/catalogue';
import { SIGNATURE } from './signature';
import type {
  AccountMailKind,
  FamilyMailKind,
  SeriesMailKind,
  TalkMailKind,
  Templates,
  WeeklyMailKind,
} from './template-types';

const ON_OWN = { fr: 'votre propre matériel', en: 'your own equipment' };

/** Names joined as each language says a list: "A, B et C", "A, B and C". */
const listOf = (language: 'fr' | 'en', names: string[]) =>
  new Intl.ListFormat(language, { type: 'conjunction' }).format(names);

/** The booked kit as its own paragraph (docs/rules.md#mails): « Votre matériel : A, B, C. », nothing without one. */
const kitLine = (language: Language, kit: string[] | undefined) =>
  kit && kit.length > 0
    ? `\n\n${catalogueText(language, 'mail_words', 'kit', { items: kit.join(', ') })}`
    : '';

/**
 * A promotion's kit (docs/rules.md#kit): the items booked from the wish (own equipment when none), then those no
 * longer there, for which the member brings their own. A caller naming only `stuff` stands for a kit of one.
 */
function promotedKit(
  language: Language,
  { stuff, kit, missing }: { stuff: string | null; kit?: string[]; missing?: string[] },
): string {
  const booked = kit ?? (stuff ? [stuff] : []);
  const lines = [
    booked.length > 0
      ? catalogueText(language, 'mail_words', 'kit', { items: booked.join(', ') })
      : catalogueText(language, 'mail_words', 'kit_own'),
    ...(missing && missing.length > 0
      ? [catalogueText(language, 'mail_words', 'kit_missing', { items: missing.join(', ') })]
      : []),
  ];
  return `\n\n${lines.join('\n')}`;
}

/** Event messages: plain text in French and English. */
export const EVENT_TEMPLATES = {
  event_cancellation: {
    fr: ({ event, message }) => ({
      subject: `Annulé : ${event}`,
      text: `Bonjour,\n\nL'évènement ${event} est annulé.${message ? `\n\nMessage de l'organisateur :\n${message}` : ''}${SIGNATURE.fr}`,
    }),
    en: ({ event, message }) => ({
      subject: `Cancelled: ${event}`,
      text: `Hello,\n\nThe event ${event} is cancelled.${message ? `\n\nA word from the organiser:\n${message}` : ''}${SIGNATURE.en}`,
    }),
  },
  event_reactivation: {
    fr: ({ event }) => ({
      subject: `Rétabli : ${event}`,
      text: `Bonjour,\n\nBonne nouvelle : l'évènement ${event}, annulé plus tôt, a finalement lieu. Votre place, ou votre rang sur la liste d'attente, est conservé.${SIGNATURE.fr}`,
    }),
    en: ({ event }) => ({
      subject: `Back on: ${event}`,
      text: `Hello,\n\nGood news: the event ${event}, cancelled earlier, takes place after all. Your place, or your place on the waiting list, is kept.${SIGNATURE.en}`,
    }),
  },
  event_update: {
    fr: ({ event }) => ({
      subject: `Modifié : ${event}`,
      text: `Bonjour,\n\nL'évènement ${event} a changé (date, lieu, places ou matériel). Consultez-le dans l'application.${SIGNATURE.fr}`,
    }),
    en: ({ event }) => ({
      subject: `Updated: ${event}`,
      text: `Hello,\n\nThe event ${event} changed (date, place, places or equipment). See it in the app.${SIGNATURE.en}`,
    }),
  },
  subscribe_unsubscribe: {
    fr: ({ event, member, isSubscribed, isCreatorCopy, kit }) => ({
      subject: `${isSubscribed ? 'Inscription' : 'Désinscription'} : ${event}`,
      text: isCreatorCopy
        ? `Bonjour,\n\n${member} ${isSubscribed ? "s'est inscrit à" : "s'est désinscrit de"} ${event}.${SIGNATURE.fr}`
        : `Bonjour ${member},\n\nVous êtes ${isSubscribed ? 'inscrit à' : 'désinscrit de'} ${event}.${isSubscribed ? kitLine('fr', kit) : ''}${SIGNATURE.fr}`,
    }),
    en: ({ event, member, isSubscribed, isCreatorCopy, kit }) => ({
      subject: `${isSubscribed ? 'Subscribed' : 'Unsubscribed'}: ${event}`,
      text: isCreatorCopy
        ? `Hello,\n\n${member} ${isSubscribed ? 'subscribed to' : 'unsubscribed from'} ${event}.${SIGNATURE.en}`
        : `Hello ${member},\n\nYou are ${isSubscribed ? 'subscribed to' : 'unsubscribed from'} ${event}.${isSubscribed ? kitLine('en', kit) : ''}${SIGNATURE.en}`,
    }),
  },
  stuff_unavailable: {
    fr: ({ event, stuff, holdsItself, guests }) => {
      const you = holdsItself ? ` Vous restez inscrit, avec ${ON_OWN.fr}.` : '';
      const them =
        guests.length === 0
          ? ''
          : guests.length === 1
            ? ` Votre invité ${guests[0]} reste inscrit, avec son propre matériel.`
            : ` Vos invités ${listOf('fr', guests)} restent inscrits, avec leur propre matériel.`;
      return {
        subject: `Matériel retiré : ${event}`,
        text: `Bonjour,\n\nLe matériel « ${stuff} » n'est plus proposé pour ${event}.${you}${them}${SIGNATURE.fr}`,
      };
    },
    en: ({ event, stuff, holdsItself, guests }) => {
      const you = holdsItself ? ` You stay subscribed, with ${ON_OWN.en}.` : '';
      const them =
        guests.length === 0
          ? ''
          : ` Your ${guests.length === 1 ? 'guest' : 'guests'} ${listOf('en', guests)} ${guests.length === 1 ? 'stays' : 'stay'} subscribed, with their own equipment.`;
      return {
        subject: `Equipment removed: ${event}`,
        text: `Hello,\n\nThe equipment "${stuff}" is no longer offered for ${event}.${you}${them}${SIGNATURE.en}`,
      };
    },
  },
  event_reminder: {
    fr: ({ event, kit }) => ({
      subject: `Rappel : ${event}`,
      text: `Bonjour,\n\nPetit rappel : vous êtes inscrit à ${event}.${kitLine('fr', kit)}${SIGNATURE.fr}`,
    }),
    en: ({ event, kit }) => ({
      subject: `Reminder: ${event}`,
      text: `Hello,\n\nA reminder: you are subscribed to ${event}.${kitLine('en', kit)}${SIGNATURE.en}`,
    }),
  },
  waiting_list_promotion: {
    fr: (data) => ({
      subject: `Une place s'est libérée : ${data.event}`,
      text: `Bonjour,\n\nUne place s'est libérée : vous êtes inscrit à ${data.event}.${promotedKit('fr', data)}${SIGNATURE.fr}`,
    }),
    en: (data) => ({
      subject: `A place opened up: ${data.event}`,
      text: `Hello,\n\nA place opened up: you are subscribed to ${data.event}.${promotedKit('en', data)}${SIGNATURE.en}`,
    }),
  },
  group_email: {
    fr: ({ subject, message, event }) => ({ subject, text: `${message}\n\n— ${event}` }),
    en: ({ subject, message, event }) => ({ subject, text: `${message}\n\n— ${event}` }),
  },
} satisfies Omit<
  Templates,
  AccountMailKind | WeeklyMailKind | SeriesMailKind | FamilyMailKind | TalkMailKind
>;
