/**
 * Names of the files the app downloads (docs/rules.md#file-names): words a person reads in a folder of
 * downloads, the same on the server (Content-Disposition) and in the app (the link's download name).
 * Only ASCII letters, digits and hyphens, so every system, mail client and USB key keeps the name whole.
 */

/** A slug is cut at this many characters, at a hyphen when there is one, so a long title stays readable. */
export const SLUG_MAX = 50;

// Letters that NFKD does not split into a base letter and a mark.
const LIGATURES: Record<string, string> = { œ: 'oe', æ: 'ae', ß: 'ss', ø: 'o', ł: 'l', đ: 'd', ı: 'i' };

/**
 * « Sortie rivière : l'Aulne » → `sortie-riviere-l-aulne`: accents removed, lower case, anything else
 * (spaces, apostrophes, punctuation, emoji) a single hyphen; cut at `max` characters on a word's end.
 */
export function slugOf(text: string, max = SLUG_MAX): string {
  const plain = text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .replace(/[œæßøłđı]/g, (letter) => LIGATURES[letter] ?? letter)
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  if (plain.length <= max) return plain;
  const cut = plain.slice(0, max + 1);
  const lastHyphen = cut.lastIndexOf('-');
  // A single word longer than `max` is cut inside; otherwise the cut falls between words.
  return (lastHyphen > 0 ? cut.slice(0, lastHyphen) : plain.slice(0, max)).replace(/-+$/, '');
}

/** Parts (words, titles, `yyyy-mm-dd` days) slugged and joined by hyphens; empty parts are left out. */
export function fileNameOf(parts: ReadonlyArray<string | null | undefined>, extension: string): string {
  const slugs = parts.map((part) => slugOf(part ?? '')).filter((slug) => slug.length > 0);
  return `${slugs.length > 0 ? slugs.join('-') : 'export'}.${extension}`;
}

/** An event's attendance: « presences-sortie-riviere-2026-12-02.csv » (`word` is the catalogue's word). */
export const attendanceFileName = (word: string, eventTitle: string, clubDay: string): string =>
  fileNameOf([word, eventTitle, clubDay], 'csv');

/** The season report over its dates: « bilan-de-saison-2025-09-01-2026-08-31.csv ». */
export const seasonReportFileName = (word: string, from: string, to: string): string =>
  fileNameOf([word, from, to], 'csv');

/** The kit not returned, on the day it was read: « materiel-non-rendu-2026-11-29.csv ». */
export const notReturnedFileName = (word: string, clubDay: string): string =>
  fileNameOf([word, clubDay], 'csv');

/** A member's data, by their names: « donnees-lena-bosser-2026-11-29.json » (or `.html`). */
export const memberDataFileName = (
  word: string,
  names: ReadonlyArray<string | null | undefined>,
  clubDay: string,
  extension: 'json' | 'html',
): string => fileNameOf([word, ...names, clubDay], extension);
