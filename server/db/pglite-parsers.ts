import { type PGlite, types } from '@electric-sql/pglite';

/**
 * The array types a result may hold, by OID. At start PGlite makes a parser for each of the cluster's some
 * 290 array types, and every query copies its whole table of parsers into a new object before it reads the
 * rows: 0.08 ms a query on this machine, over a second of the demo's seed. Trimmed to the base types and
 * these arrays, the copy is of some 40 entries. An array of a type not listed reads as its text ('{…}'):
 * none of our statements returns one, and a test holds that each listed one reads as an array.
 */
export const READ_ARRAY_TYPES: Readonly<Record<string, number>> = {
  'bool[]': 1000,
  'int2[]': 1005,
  'int4[]': 1007,
  'text[]': 1009,
  'varchar[]': 1015,
  'int8[]': 1016,
  'float4[]': 1021,
  'float8[]': 1022,
  'timestamp[]': 1115,
  'date[]': 1182,
  'timestamptz[]': 1185,
  'numeric[]': 1231,
  'uuid[]': 2951,
  'json[]': 199,
  'jsonb[]': 3807,
};

/** Keeps the client's parsers of base types and of the arrays above; call once it is ready. */
export function trimParsers(client: PGlite): void {
  const kept = new Set([...Object.keys(types.parsers), ...Object.values(READ_ARRAY_TYPES).map(String)]);
  client.parsers = Object.fromEntries(Object.entries(client.parsers).filter(([oid]) => kept.has(oid)));
}
