// The columns of a federation's licence export (docs/rules.md#members-in-and-out), as the member import reads
// them: header names compared once normalised (lowercase, no accents, spaces for punctuation, `°` dropped).

export type LicenceColumn =
  | 'licence_number'
  | 'licence_type'
  | 'licence_start'
  | 'licence_end'
  | 'season'
  | 'federation';

export const LICENCE_HEADER_NAMES: Record<LicenceColumn, readonly string[]> = {
  licence_number: [
    'n licence',
    'n de licence',
    'no licence',
    'no de licence',
    'num licence',
    'numero licence',
    'numero de licence',
    'licence',
    'licence number',
    'licence no',
    'license number',
    'license no',
    'license',
  ],
  licence_type: ['type de licence', 'type licence', 'type', 'licence type', 'license type'],
  licence_start: [
    'date de debut',
    'date debut',
    'debut de validite',
    'debut',
    'start date',
    'valid from',
    'start',
  ],
  licence_end: ['date de fin', 'date fin', 'fin de validite', 'fin', 'end date', 'valid until', 'end'],
  season: ['saison', 'season'],
  federation: ['federation', 'federation sportive', 'federation name'],
};

/**
 * Words that make a header health data: a certificate, a questionnaire, anything medical. Such a column is
 * never read, even when another of its words names a known column (docs/rules.md#members-file: health papers
 * are recorded by the member, a guardian or an Admin, never imported).
 */
const HEALTH_WORDS = [
  'certificat',
  'certificate',
  'caci',
  'medical',
  'medicale',
  'questionnaire',
  'qs sport',
  'sante',
  'health',
  'contre indication',
  'aptitude',
];

/** Whether a normalised header holds one of the health words, as whole words. */
export const looksLikeHealth = (header: string): boolean =>
  HEALTH_WORDS.some((word) => ` ${header} `.includes(` ${word} `));
