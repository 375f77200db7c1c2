/**
 * The welcome after the first password: the confirmation marks it due on this device, the week shows it once
 * after the member signs in, and it is never due again once closed.
 */
const WELCOME_KEY = 'welcomeDue';

export function markWelcomeDue(): void {
  try {
    localStorage.setItem(WELCOME_KEY, '1');
  } catch {
    // No storage: no welcome, nothing else changes.
  }
}

export function isWelcomeDue(): boolean {
  try {
    return localStorage.getItem(WELCOME_KEY) === '1';
  } catch {
    return false;
  }
}

export function markWelcomeSeen(): void {
  try {
    localStorage.removeItem(WELCOME_KEY);
  } catch {
    // Nothing kept, nothing to forget.
  }
}
