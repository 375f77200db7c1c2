/**
 * French the catalogues cannot write by themselves (docs/rules.md#words): « de » before a name elides when
 * the name starts with a vowel, « d'Entraînement », « d'Anaïs », and stays whole before a consonant,
 * « de Sortie », « de Léna ». A catalogue writes `{{name, de}}` where it would write `de {{name}}`; the app
 * (i18next's formatter) and the server (catalogueText) both fill it with this function.
 * An « h » is left whole: whether it elides depends on the word (« d'Hélène » but « de Hugues »).
 */
// A vowel, or « y » before a consonant (« d'Yves »; « de Yann », where « y » is a consonant). Kept to one
// expression: this runs in the first paint's bundle (the week's screen-reader labels).
const ELIDES = /^(?:[aeiouàâäéèêëîïôöùûüœæ]|y(?![aeiouàâäéèêëîïôöùûü]))/i;

export function deOf(name: string): string {
  const trimmed = name.trimStart();
  return ELIDES.test(trimmed) ? `d'${trimmed}` : `de ${trimmed}`;
}

/** The formats a catalogue value may name after a placeholder (`{{name, de}}`), by language. */
export const formatWord = (format: string, value: string, language: string): string =>
  format === 'de' && language.startsWith('fr') ? deOf(value) : value;
