import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import en from '../common/i18n/en.json';
import fr from '../common/i18n/fr.json';
import { setApiLanguage } from '../data/core/api-client';

export const LANGUAGE_KEY = 'lang';
export const DEFAULT_LANGUAGE = 'fr';

function storedLanguage(): string {
  const stored = typeof localStorage === 'undefined' ? null : localStorage.getItem(LANGUAGE_KEY);
  return stored === 'en' || stored === 'fr' ? stored : DEFAULT_LANGUAGE;
}

/** French by default, English as the fallback for any missing key (product-spec §9). */
export function initI18n(language: string = storedLanguage()): typeof i18n {
  if (!i18n.isInitialized) {
    void i18n.use(initReactI18next).init({
      resources: { fr: { translation: fr }, en: { translation: en } },
      lng: language,
      fallbackLng: 'en',
      interpolation: { escapeValue: false },
      initAsync: false,
    });
    i18n.on('languageChanged', (lng) => {
      setApiLanguage(lng);
      document.documentElement.lang = lng;
    });
  } else if (i18n.language !== language) {
    void i18n.changeLanguage(language);
  }
  setApiLanguage(language);
  return i18n;
}
