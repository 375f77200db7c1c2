import type { Language } from '@common/contract/user';
import { catalogueText } from '../i18n/catalogue';
import { hello, signatureOf } from './signature';
import type {
  AccountMailKind,
  AdminMailKind,
  DossierMailKind,
  FamilyMailKind,
  PaperMailKind,
  ReminderDetails,
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

/** « Prévenez vos invités sans adresse : Paul Martin. », nothing when every guest has one (docs/rules.md#mails). */
const guestsToTell = (language: Language, guests: string[] | undefined) =>
  guests && guests.length > 0
    ? `\n\n${catalogueText(language, 'mail_words', 'tell_guests', { names: listOf(language, guests) })}`
    : '';

/**
 * The reminder's facts (docs/rules.md#reminders), each on its own line and only when the event has it: the address
 * and its map link, the meeting point, then the organiser's notes as typed.
 */
function reminderFacts(language: Language, details: ReminderDetails | undefined): string {
  if (!details) return '';
  const word = (key: string, values: Record<string, string>) =>
    catalogueText(language, 'mail_words', key, values);
  const place = [
    details.address ? word('reminder_address', { address: details.address }) : null,
    details.mapUrl ? word('reminder_map', { url: details.mapUrl }) : null,
    details.meetingPoint ? word('reminder_meeting_point', { place: details.meetingPoint }) : null,
  ].filter((line): line is string => line !== null);
  const notes = details.notes ? [word('reminder_notes', {}), details.notes].join('\n') : null;
  return [place.length > 0 ? place.join('\n') : null, notes]
    .filter((paragraph): paragraph is string => paragraph !== null)
    .map((paragraph) => `\n\n${paragraph}`)
    .join('');
}

/**
 * Event messages (docs/rules.md#mails): plain text in French and English, greeting by first name, wording that
 * assumes no gender, signed with the club's name.
 */
export const EVENT_TEMPLATES = {
  event_cancellation: {
    fr: ({ event, message, guestsWithoutAddress }, { clubName, firstName }) => ({
      subject: `Annulé : ${event}`,
      text: `${hello('fr', firstName)}\n\nL'évènement ${event} est annulé.${message ? `\n\nMessage de l'organisation :\n${message}` : ''}${guestsToTell('fr', guestsWithoutAddress)}${signatureOf(clubName)}`,
    }),
    en: ({ event, message, guestsWithoutAddress }, { clubName, firstName }) => ({
      subject: `Cancelled: ${event}`,
      text: `${hello('en', firstName)}\n\nThe event ${event} is cancelled.${message ? `\n\nA word from the organiser:\n${message}` : ''}${guestsToTell('en', guestsWithoutAddress)}${signatureOf(clubName)}`,
    }),
  },
  event_reactivation: {
    fr: ({ event }, { clubName, firstName }) => ({
      subject: `Rétabli : ${event}`,
      text: `${hello('fr', firstName)}\n\nBonne nouvelle : l'évènement ${event}, annulé plus tôt, a finalement lieu. Votre place, ou votre rang sur la liste d'attente, est conservé.${signatureOf(clubName)}`,
    }),
    en: ({ event }, { clubName, firstName }) => ({
      subject: `Back on: ${event}`,
      text: `${hello('en', firstName)}\n\nGood news: the event ${event}, cancelled earlier, takes place after all. Your place, or your place on the waiting list, is kept.${signatureOf(clubName)}`,
    }),
  },
  event_update: {
    fr: ({ event }, { clubName, firstName }) => ({
      subject: `Modifié : ${event}`,
      text: `${hello('fr', firstName)}\n\nL'évènement ${event} a changé (date, lieu, places ou matériel). Consultez-le dans l'application.${signatureOf(clubName)}`,
    }),
    en: ({ event }, { clubName, firstName }) => ({
      subject: `Updated: ${event}`,
      text: `${hello('en', firstName)}\n\nThe event ${event} changed (date, place, places or equipment). See it in the app.${signatureOf(clubName)}`,
    }),
  },
  subscribe_unsubscribe: {
    fr: ({ event, member, isSubscribed, isCreatorCopy, kit }, { clubName, firstName }) => ({
      subject: isCreatorCopy
        ? `${isSubscribed ? 'Nouvelle inscription' : 'Désinscription'} : ${event}`
        : `${isSubscribed ? 'Inscription confirmée' : 'Désinscription confirmée'} : ${event}`,
      text: isCreatorCopy
        ? `${hello('fr', firstName)}\n\n${member} ${isSubscribed ? 'a rejoint' : 'a quitté'} ${event}.${signatureOf(clubName)}`
        : `${hello('fr', firstName)}\n\n${isSubscribed ? 'Inscription confirmée' : 'Désinscription confirmée'} : ${event}.${isSubscribed ? kitLine('fr', kit) : ''}${signatureOf(clubName)}`,
    }),
    en: ({ event, member, isSubscribed, isCreatorCopy, kit }, { clubName, firstName }) => ({
      subject: isCreatorCopy
        ? `${isSubscribed ? 'New subscription' : 'Unsubscribed'}: ${event}`
        : `${isSubscribed ? 'Subscription confirmed' : 'Unsubscription confirmed'}: ${event}`,
      text: isCreatorCopy
        ? `${hello('en', firstName)}\n\n${member} ${isSubscribed ? 'joined' : 'left'} ${event}.${signatureOf(clubName)}`
        : `${hello('en', firstName)}\n\n${isSubscribed ? 'Subscription confirmed' : 'Unsubscription confirmed'}: ${event}.${isSubscribed ? kitLine('en', kit) : ''}${signatureOf(clubName)}`,
    }),
  },
  stuff_unavailable: {
    fr: ({ event, stuff, holdsItself, guests }, { clubName, firstName }) => {
      const you = holdsItself ? ` Votre place est conservée, avec ${ON_OWN.fr}.` : '';
      const them =
        guests.length === 0
          ? ''
          : guests.length === 1
            ? ` La place de votre invité ${guests[0]} est conservée, avec son propre matériel.`
            : ` Les places de vos invités ${listOf('fr', guests)} sont conservées, avec leur propre matériel.`;
      return {
        subject: `Matériel retiré : ${event}`,
        text: `${hello('fr', firstName)}\n\nLe matériel « ${stuff} » n'est plus proposé pour ${event}.${you}${them}${signatureOf(clubName)}`,
      };
    },
    en: ({ event, stuff, holdsItself, guests }, { clubName, firstName }) => {
      const you = holdsItself ? ` You keep your place, with ${ON_OWN.en}.` : '';
      const them =
        guests.length === 0
          ? ''
          : ` Your ${guests.length === 1 ? 'guest' : 'guests'} ${listOf('en', guests)} ${guests.length === 1 ? 'keeps their place' : 'keep their places'}, with their own equipment.`;
      return {
        subject: `Equipment removed: ${event}`,
        text: `${hello('en', firstName)}\n\nThe equipment "${stuff}" is no longer offered for ${event}.${you}${them}${signatureOf(clubName)}`,
      };
    },
  },
  event_reminder: {
    fr: ({ event, kit, details }, { clubName, firstName }) => ({
      subject: `Rappel : ${event}`,
      text: `${hello('fr', firstName)}\n\nPetit rappel : votre place est réservée pour ${event}.${reminderFacts('fr', details)}${kitLine('fr', kit)}${signatureOf(clubName)}`,
    }),
    en: ({ event, kit, details }, { clubName, firstName }) => ({
      subject: `Reminder: ${event}`,
      text: `${hello('en', firstName)}\n\nA reminder: your place is booked for ${event}.${reminderFacts('en', details)}${kitLine('en', kit)}${signatureOf(clubName)}`,
    }),
  },
  waiting_list_promotion: {
    fr: (data, { clubName, firstName }) => ({
      subject: `Une place s'est libérée : ${data.event}`,
      text: `${hello('fr', firstName)}\n\nUne place s'est libérée : inscription confirmée à ${data.event}.${promotedKit('fr', data)}${signatureOf(clubName)}`,
    }),
    en: (data, { clubName, firstName }) => ({
      subject: `A place opened up: ${data.event}`,
      text: `${hello('en', firstName)}\n\nA place opened up: your subscription to ${data.event} is confirmed.${promotedKit('en', data)}${signatureOf(clubName)}`,
    }),
  },
  // The organiser's own words, as typed (no greeting of ours), then the event, signed with their name and the club's.
  group_email: {
    fr: ({ subject, message, event, sender }, { clubName }) => ({
      subject,
      text: `${message}\n\n${catalogueText('fr', 'mail_words', 'group_about', { event })}${signatureOf(clubName, sender)}`,
    }),
    en: ({ subject, message, event, sender }, { clubName }) => ({
      subject,
      text: `${message}\n\n${catalogueText('en', 'mail_words', 'group_about', { event })}${signatureOf(clubName, sender)}`,
    }),
  },
} satisfies Omit<
  Templates,
  | AccountMailKind
  | WeeklyMailKind
  | SeriesMailKind
  | FamilyMailKind
  | TalkMailKind
  | AdminMailKind
  | PaperMailKind
  | DossierMailKind
>;
