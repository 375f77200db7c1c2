import {
  attendanceFileName,
  fileNameOf,
  memberDataFileName,
  notReturnedFileName,
  SLUG_MAX,
  seasonReportFileName,
  slugOf,
} from '@common/rules/file-names';
import { describe, expect, it } from 'vitest';

// What a person sees in their downloads (docs/rules.md#file-names), the same on the server and in the app.
const SLUGS: Array<[text: string, slug: string]> = [
  ['Sortie rivière', 'sortie-riviere'],
  ['Entraînement eau calme', 'entrainement-eau-calme'],
  ['ÉTÉ À LA MER', 'ete-a-la-mer'],
  ["Sortie de l'Aulne", 'sortie-de-l-aulne'],
  ['Sortie de l’Aulne', 'sortie-de-l-aulne'],
  ['Cœur de Bœuf & Ærø', 'coeur-de-boeuf-aero'],
  ['Straße', 'strasse'],
  ['🛶 Kayak 🌊 de mer 🌊', 'kayak-de-mer'],
  ['  Présences  ', 'presences'],
  ['Séance n° 3 — 20 h', 'seance-n-3-20-h'],
  ['2026-12-02', '2026-12-02'],
  ['', ''],
  ['🌊🌊', ''],
  ["'--'", ''],
];

describe('slugOf', () => {
  it.each(SLUGS)('%j → %j', (text, slug) => {
    expect(slugOf(text)).toBe(slug);
  });

  it('cuts a long title at the end of a word, within the limit', () => {
    const title = 'Grande sortie de printemps sur la rivière avec pique-nique et retour en car';
    const slug = slugOf(title);
    expect(slug.length).toBeLessThanOrEqual(SLUG_MAX);
    expect(slug).toBe('grande-sortie-de-printemps-sur-la-riviere-avec');
    expect(title.toLowerCase().normalize('NFKD').replace(/\p{M}/gu, '')).toContain(slug.replaceAll('-', ' '));
  });

  it('cuts a single word longer than the limit inside it', () => {
    expect(slugOf('a'.repeat(80))).toBe('a'.repeat(SLUG_MAX));
    expect(slugOf('abcdef', 3)).toBe('abc');
  });
});

describe('file names', () => {
  it('names the attendance by the event and its club day', () => {
    expect(attendanceFileName('présences', 'Sortie rivière', '2026-12-02')).toBe(
      'presences-sortie-riviere-2026-12-02.csv',
    );
    expect(attendanceFileName('attendance', 'Sortie rivière', '2026-12-02')).toBe(
      'attendance-sortie-riviere-2026-12-02.csv',
    );
  });

  it('leaves out an empty or emoji-only title', () => {
    expect(attendanceFileName('présences', '', '2026-12-02')).toBe('presences-2026-12-02.csv');
    expect(attendanceFileName('présences', '🎉', '2026-12-02')).toBe('presences-2026-12-02.csv');
  });

  it('names the season report, the kit not returned and a member’s data', () => {
    expect(seasonReportFileName('bilan de saison', '2025-09-01', '2026-08-31')).toBe(
      'bilan-de-saison-2025-09-01-2026-08-31.csv',
    );
    expect(notReturnedFileName('matériel non rendu', '2026-11-29')).toBe('materiel-non-rendu-2026-11-29.csv');
    expect(memberDataFileName('données', ['Léna', 'Bosser'], '2026-11-29', 'html')).toBe(
      'donnees-lena-bosser-2026-11-29.html',
    );
    expect(memberDataFileName('données', [null, null, 'lena.b'], '2026-11-29', 'json')).toBe(
      'donnees-lena-b-2026-11-29.json',
    );
  });

  it('never answers a name without a stem', () => {
    expect(fileNameOf(['', '🌊'], 'csv')).toBe('export.csv');
    expect(fileNameOf(['<script>', '"quotes"'], 'csv')).toBe('script-quotes.csv');
  });
});
