import i18n from 'i18next';

/**
 * The texts of screens outside the first paint (admin screens, the profile's feeds and devices, password
 * screens, …) are their own chunk, one per language: the home route does not download them. Every lazy
 * route waits for them with its screen (app/routes.tsx), so a screen never renders a raw key.
 */
const loaded = new Map<string, Promise<void>>();

function loadFor(language: string): Promise<void> {
  const lang = language === 'en' ? 'en' : 'fr';
  let loading = loaded.get(lang);
  if (!loading) {
    loading = (
      lang === 'en' ? import('@common/i18n/later/en.json') : import('@common/i18n/later/fr.json')
    ).then((catalogue) => {
      i18n.addResourceBundle(lang, 'translation', catalogue.default, true, false);
    });
    loaded.set(lang, loading);
  }
  return loading;
}

let followsLanguage = false;

/** Loads the later texts for the language shown (and, from then on, for any language switched to). */
export function loadLaterTexts(language: string = i18n.language ?? 'fr'): Promise<void> {
  if (!followsLanguage) {
    followsLanguage = true;
    i18n.on('languageChanged', (next) => void loadFor(next).catch(() => undefined));
  }
  return loadFor(language);
}

/**
 * Before a switch to `language` (the profile's « Langue »): its later texts, when this page already uses
 * them, so the screen shown does not render raw keys until its next visit.
 */
export function laterTextsBefore(language: string): Promise<void> {
  return followsLanguage ? loadFor(language) : Promise.resolve();
}
