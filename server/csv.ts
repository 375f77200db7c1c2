import { stringify } from 'csv-stringify/sync';

const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * A spreadsheet would run a cell starting with `=`, `+`, `-` or `@` (or a tab or carriage return, which
 * some strip first) as a formula: such a cell gets a leading apostrophe, which shows it as typed (OWASP
 * "CSV injection"). Numbers are written as numbers and left alone.
 */
function neutralise(value: string | number | null): string | number {
  if (value === null) return '';
  if (typeof value === 'number') return value;
  return FORMULA_START.test(value) ? `'${value}` : value;
}

/**
 * A CSV French Excel opens as is: UTF-8 with a byte-order mark, `;` between cells, CRLF line ends,
 * quotes where a cell needs them (csv-stringify's escaping), every text cell neutralised.
 */
export function toCsv(header: string[], rows: Array<Array<string | number | null>>): string {
  return `\uFEFF${stringify(
    [header, ...rows].map((row) => row.map(neutralise)),
    {
      delimiter: ';',
      record_delimiter: 'windows',
    },
  )}`;
}
