export const PASSWORD_MIN_LENGTH = 8;

const CRITERIA: ReadonlyArray<(password: string) => boolean> = [
  (p) => p.length >= PASSWORD_MIN_LENGTH,
  (p) => /[a-z]/.test(p),
  (p) => /[A-Z]/.test(p),
  (p) => /[0-9]/.test(p),
  (p) => /[^A-Za-z0-9]/.test(p),
];

/** The policy shared by client and server: 8+ characters with a lowercase, an uppercase and a digit. */
export function isStrongPassword(password: string): boolean {
  return CRITERIA.slice(0, 4).every((criterion) => criterion(password));
}

/** 20 points per criterion met (length, lowercase, uppercase, digit, special), 0 to 100. */
export function passwordStrength(password: string): number {
  return CRITERIA.filter((criterion) => criterion(password)).length * 20;
}
