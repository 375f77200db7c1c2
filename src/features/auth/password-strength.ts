/** The strength meter's colour bands: up to 20, 40, 60, 80 points, and above. */
export type StrengthLevel = 'very_weak' | 'weak' | 'fair' | 'good' | 'strong';

export function strengthLevel(score: number): StrengthLevel {
  if (score <= 20) return 'very_weak';
  if (score <= 40) return 'weak';
  if (score <= 60) return 'fair';
  if (score <= 80) return 'good';
  return 'strong';
}
