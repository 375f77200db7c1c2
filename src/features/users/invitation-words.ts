import type { AdminUser } from '@common/contract/user';
import type { TFunction } from 'i18next';

/** « 12 novembre » in the club's time zone, with the year when it is not this one (« 12 novembre 2025 »). */
export function dayInWords(iso: string, language: string, timeZone: string, now = new Date()): string {
  const day = new Date(iso);
  const yearOf = (date: Date) => new Intl.DateTimeFormat('en', { year: 'numeric', timeZone }).format(date);
  return new Intl.DateTimeFormat(language === 'en' ? 'en-GB' : 'fr-FR', {
    day: 'numeric',
    month: 'long',
    ...(yearOf(day) === yearOf(now) ? {} : { year: 'numeric' }),
    timeZone,
  }).format(day);
}

/** An account invited and never confirmed, with an address, still active: the one an invitation waits on. */
export const awaitsConfirmation = (user: AdminUser): boolean =>
  user.is_confirmed === false && user.email !== null && !user.is_revoked;

/**
 * « Invitation envoyée le 12 novembre », or, with no link pending (a revocation voided it), that one is to send;
 * null for an account that waits on none.
 */
export function invitationLine(
  t: TFunction,
  user: AdminUser,
  timeZone: string,
  language: string,
): string | null {
  if (!awaitsConfirmation(user)) return null;
  return user.invitation_sent_at
    ? t('users.invitation_sent', { day: dayInWords(user.invitation_sent_at, language, timeZone) })
    : t('users.invitation_none');
}
