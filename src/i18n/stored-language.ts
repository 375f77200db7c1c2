/** The language this device chose, read without loading i18next (the page's first reads send it). */
export const LANGUAGE_KEY = 'lang';
export const DEFAULT_LANGUAGE = 'fr';

export function storedLanguage(): string {
  const stored = typeof localStorage === 'undefined' ? null : localStorage.getItem(LANGUAGE_KEY);
  return stored === 'en' || stored === 'fr' ? stored : DEFAULT_LANGUAGE;
}

/** Whether this device chose a language itself (the profile's « Langue », saved here). */
export function hasChosenLanguage(): boolean {
  try {
    const stored = localStorage.getItem(LANGUAGE_KEY);
    return stored === 'en' || stored === 'fr';
  } catch {
    return false;
  }
}
