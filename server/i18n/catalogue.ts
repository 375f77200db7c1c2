import type { Language } from '@common/contract/user';
import en from '@common/i18n/en.json' with { type: 'json' };
import fr from '@common/i18n/fr.json' with { type: 'json' };
import laterEn from '@common/i18n/later/en.json' with { type: 'json' };
import laterFr from '@common/i18n/later/fr.json' with { type: 'json' };
import { formatWord } from '@common/rules/french-words';
import serverEn from './server-pages.en.json' with { type: 'json' };
import serverFr from './server-pages.fr.json' with { type: 'json' };

// The server translates error messages from the client's own catalogues, so the two never disagree.
// The later catalogues (loaded after the first paint) carry the errors of the screens that load late.
type Errors = { errors?: Record<string, string> };
const ERROR_MESSAGES: Record<Language, Record<string, string>> = {
  fr: { ...(laterFr as Errors).errors, ...(fr as Errors).errors },
  en: { ...(laterEn as Errors).errors, ...(en as Errors).errors },
};

/** The first of fr or en named in Accept-Language, by the client's order; French by default. */
export function languageFromHeader(header: string | undefined): Language {
  if (!header) return 'fr';
  const tags = header
    .split(',')
    .map((part) => {
      const [tag = '', ...params] = part.trim().toLowerCase().split(';');
      const q = params.find((p) => p.trim().startsWith('q='));
      return { tag, q: q ? Number(q.trim().slice(2)) : 1 };
    })
    .filter((entry) => !Number.isNaN(entry.q) && entry.q > 0)
    .sort((a, b) => b.q - a.q);
  for (const { tag } of tags) {
    if (tag.startsWith('fr')) return 'fr';
    if (tag.startsWith('en')) return 'en';
  }
  return 'fr';
}

export function errorMessage(code: string, language: Language): string {
  return ERROR_MESSAGES[language][code] ?? ERROR_MESSAGES.en[code] ?? code;
}

type Catalogue = Record<string, unknown>;
// What only the server writes (the pages outside the app: unsubscribe, answer links; the series and weekly mails; the
// attendance CSV) has its texts in server-pages.*.json beside this file,
// so the app's bundle does not carry them.
// Merged section by section, as i18next merges the later catalogue into the first: a section may have keys in both.
const isSection = (value: unknown): value is Catalogue => typeof value === 'object' && value !== null;
function merged(...catalogues: Catalogue[]): Catalogue {
  const result: Catalogue = {};
  for (const catalogue of catalogues) {
    for (const [section, texts] of Object.entries(catalogue)) {
      const before = result[section];
      result[section] = isSection(before) && isSection(texts) ? { ...before, ...texts } : texts;
    }
  }
  return result;
}
const CATALOGUES: Record<Language, Catalogue> = {
  fr: merged(fr, laterFr, serverFr),
  en: merged(en, laterEn, serverEn),
};

/**
 * A text of the client's catalogues (`section.key`) in `language`, with i18next's `{{name}}` placeholders
 * filled in: what the server writes for people (calendar feed) says what the screens say.
 */
export function catalogueText(
  language: Language,
  section: string,
  key: string,
  values: Record<string, string> = {},
): string {
  // A dotted key reads inside the section (`memberFile`, `status.ok`), as i18next's `memberFile.status.ok`.
  const entry = (catalogue: Catalogue) => {
    const text = key
      .split('.')
      .reduce<unknown>((node, part) => (isSection(node) ? node[part] : undefined), catalogue[section]);
    return typeof text === 'string' ? text : undefined;
  };
  const text = entry(CATALOGUES[language]) ?? entry(CATALOGUES.en) ?? `${section}.${key}`;
  // `{{name, de}}` elides as the app's formatter does (« d'Entraînement »): one function for both.
  return text.replace(/\{\{(\w+)(?:,\s*(\w+))?\}\}/g, (whole, name: string, format?: string) => {
    const value = values[name];
    if (value === undefined) return whole;
    return format ? formatWord(format, value, language) : value;
  });
}

/**
 * A counted text, with i18next's plural keys (`key_one`, else `key` for the other forms), chosen by the
 * language's plural rules as the app chooses them: « 1 disponible », « 0 disponible », « 3 disponibles ».
 */
export function catalogueCount(
  language: Language,
  section: string,
  key: string,
  count: number,
  values: Record<string, string> = {},
): string {
  const form = new Intl.PluralRules(language).select(count);
  const filled = { ...values, count: String(count) };
  const plural = catalogueText(language, section, `${key}_${form}`, filled);
  return plural === `${section}.${key}_${form}` ? catalogueText(language, section, key, filled) : plural;
}
