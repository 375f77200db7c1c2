import type { Language } from '@common/contract/user';
import { hello, signatureOf } from './signature';
import type { FamilyMailKind, Render } from './template-types';

/** `2017-05-01` as a club writes it in either language: 01/05/2017. */
const dayOf = (isoDay: string) => isoDay.split('-').reverse().join('/');

/** Families (docs/rules.md#families): a guardian told of their link, the Admins told of a child added twice. */
export const FAMILY_TEMPLATES: { [K in FamilyMailKind]: Record<Language, Render<K>> } = {
  guardian_linked: {
    fr: ({ child, byWhom }, { clubName, firstName }) => ({
      subject: `Vous êtes responsable de ${child}`,
      text: `${hello('fr', firstName)}\n\n${byWhom} vous a indiqué comme responsable de ${child} à ${clubName}. Vous pouvez désormais répondre aux séances à sa place et recevoir les messages à son sujet.\n\nSi ce lien est une erreur, retirez-le depuis « Ma famille » dans votre profil, ou parlez-en à un responsable du club.${signatureOf(clubName)}`,
    }),
    en: ({ child, byWhom }, { clubName, firstName }) => ({
      subject: `You are a guardian of ${child}`,
      text: `${hello('en', firstName)}\n\n${byWhom} named you as a guardian of ${child} at ${clubName}. You can now answer for them and receive the messages about them.\n\nIf this link is a mistake, remove it from « My family » in your profile, or talk to someone who runs the club.${signatureOf(clubName)}`,
    }),
  },
  came_of_age: {
    fr: (_data, { clubName, firstName }) => ({
      subject: 'Vous avez 18 ans : votre compte est à vous',
      text: `${hello('fr', firstName)}\n\nVous avez 18 ans : vos responsables ne peuvent plus répondre ni agir à votre place au club. Vous gérez désormais vous-même vos inscriptions, votre profil et vos préférences.${signatureOf(clubName)}`,
    }),
    en: (_data, { clubName, firstName }) => ({
      subject: 'You are 18: your account is yours',
      text: `${hello('en', firstName)}\n\nYou are 18: your guardians can no longer answer or act for you at the club. From now on you manage your sessions, your profile and your preferences yourself.${signatureOf(clubName)}`,
    }),
  },
  child_duplicate: {
    fr: ({ child, birthDate, byWhom }, { clubName, firstName }) => ({
      subject: `${child} existe déjà : un parent demande à être relié`,
      text: `${hello('fr', firstName)}\n\n${byWhom} a voulu ajouter ${child} (date de naissance : ${dayOf(birthDate)}) à sa famille, mais un membre porte déjà ces noms et cette date de naissance. L'ajout a été refusé pour ne pas créer de doublon.\n\nSi ${byWhom} est bien un responsable de cet enfant, reliez-les depuis la fiche du membre, dans Paramètres › Utilisateurs.${signatureOf(clubName)}`,
    }),
    en: ({ child, birthDate, byWhom }, { clubName, firstName }) => ({
      subject: `${child} already exists: a parent asks to be linked`,
      text: `${hello('en', firstName)}\n\n${byWhom} tried to add ${child} (date of birth: ${dayOf(birthDate)}) to their family, but a member already has these names and this date of birth. It was refused, so as not to make a duplicate.\n\nIf ${byWhom} is indeed a guardian of this child, link them from the member's page, in Settings › Users.${signatureOf(clubName)}`,
    }),
  },
};
