import fr from '@common/i18n/fr.json';
import { formatWord } from '@common/rules/french-words';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { setApiLanguage } from '../data/core/api-client';
import { laterTextsBefore } from './later-texts';
import { LANGUAGE_KEY, storedLanguage } from './stored-language';

export { DEFAULT_LANGUAGE, LANGUAGE_KEY, storedLanguage } from './stored-language';

/**
 * English is its own chunk: French (the default) is in the first download; English is fetched only when
 * it is the language shown (before the first paint then, see initI18n) or chosen later. As the fallback it
 * is never needed in French: scripts/check-i18n.mjs keeps every key in both catalogues.
 */
let english: Promise<void> | undefined;
export function loadEnglish(): Promise<void> {
  english ??= import('@common/i18n/en.json').then((catalogue) => {
    i18n.addResourceBundle('en', 'translation', catalogue.default, true, true);
  });
  return english;
}

/**
 * French by default, English as the fallback for any missing key. Resolves once the language shown has its
 * catalogue, so the first paint is never in the wrong language.
 */
export function initI18n(language: string = storedLanguage()): Promise<typeof i18n> {
  if (!i18n.isInitialized) {
    void i18n.use(initReactI18next).init({
      resources: { fr: { translation: fr } },
      lng: language,
      fallbackLng: 'en',
      interpolation: { escapeValue: false },
      initAsync: false,
      // A catalogue that arrives after a screen rendered (the later texts, English after a switch) renders it
      // again: a screen never keeps a raw key because its texts came a moment late.
      react: { bindI18nStore: 'added' },
    });
    // `{{name, de}}`: « d'Entraînement », « de Sortie », as the server writes it (docs/rules.md#words).
    i18n.services.formatter?.add('de', (value, lng) =>
      value == null ? '' : formatWord('de', String(value), lng ?? language),
    );
    i18n.on('languageChanged', (lng) => {
      setApiLanguage(lng);
      document.documentElement.lang = lng;
    });
  }
  setApiLanguage(language);
  const ready = language === 'fr' ? Promise.resolve() : loadEnglish();
  return ready.then(async () => {
    if (i18n.language !== language) await i18n.changeLanguage(language);
    return i18n;
  });
}

/** The member chose a language (profile): this device shows it at once and from now on. */
export async function applyLanguage(language: 'fr' | 'en'): Promise<void> {
  try {
    localStorage.setItem(LANGUAGE_KEY, language);
  } catch {
    // Storage blocked: the language still changes for this page.
  }
  await Promise.all([language === 'en' ? loadEnglish() : undefined, laterTextsBefore(language)]);
  await i18n.changeLanguage(language);
}
