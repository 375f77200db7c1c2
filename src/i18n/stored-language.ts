/** The language this device chose, read without loading i18next (the page's first reads send it). */
export const LANGUAGE_KEY = 'lang';
export const DEFAULT_LANGUAGE = 'fr';

export function storedLanguage(): string {
  const stored = typeof localStorage === 'undefined' ? null : localStorage.getItem(LANGUAGE_KEY);
  return stored === 'en' || stored === 'fr' ? stored : DEFAULT_LANGUAGE;
}
