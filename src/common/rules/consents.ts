import { ageOn } from './family';

/**
 * Consents per season (docs/rules.md#families): what a child's guardians agreed to for the club's season,
 * each given or withdrawn by one of them at a moment. Until the club has a season start of its own, a
 * season runs from 1 September to 31 August and is named by its two years, `2026-2027`.
 */
export const CONSENT_KINDS = ['practice', 'transport', 'emergency_care', 'photo'] as const;
export type ConsentKind = (typeof CONSENT_KINDS)[number];

/** Every key a guardian answers: the four consents and, for photos, the child's own agreement. */
export const CONSENT_KEYS = [...CONSENT_KINDS, 'photo_child_agrees'] as const;
export type ConsentKey = (typeof CONSENT_KEYS)[number];

/** Under this age, photos also need the child's own agreement. */
export const PHOTO_OWN_AGREEMENT_UNDER = 15;

/** The season a club day (`yyyy-mm-dd`) falls in: from 1 September. */
export function seasonOf(day: string): string {
  const [year = 0, month = 0] = day.split('-').map(Number);
  const start = month >= 9 ? year : year - 1;
  return `${start}-${start + 1}`;
}

/**
 * Whether photos of the child may be taken and shown: the guardians' `photo` consent, and under 15 the
 * child's own agreement too. Unknown birth date: the guardians' consent alone.
 */
export function mayPhotograph(
  photo: boolean | null,
  childAgrees: boolean | null,
  birthDate: string | null,
  day: string,
): boolean {
  if (photo !== true) return false;
  if (birthDate === null || ageOn(birthDate, day) >= PHOTO_OWN_AGREEMENT_UNDER) return true;
  return childAgrees === true;
}
