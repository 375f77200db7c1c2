import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../../server/db/schema';
/**
 * Generates bad-input cases from a plain description of each field (written in the test, not read from
 * the contract): missing required fields, wrong types, unknown enum values, values past the limits.
 */
export type FieldSpec =
  | {
      kind: 'string';
      required?: boolean;
      min?: number;
      max?: number;
      format?: 'email' | 'username' | 'uuid' | 'phone' | 'datetime' | 'maps';
    }
  | { kind: 'number'; required?: boolean; min?: number; max?: number; integer?: boolean }
  | { kind: 'boolean'; required?: boolean }
  | { kind: 'enum'; required?: boolean }
  | { kind: 'array'; required?: boolean }
  | { kind: 'object'; required?: boolean; fields: Record<string, FieldSpec> };

export interface BadCase {
  name: string;
  body: unknown;
  field: string;
}

const WRONG_TYPE: Record<FieldSpec['kind'], unknown> = {
  string: 12345,
  number: '12',
  boolean: 'yes',
  enum: 'Nope',
  array: 'not-an-array',
  object: 'not-an-object',
};

const BAD_FORMAT: Record<string, string> = {
  email: 'not-an-email',
  username: 'Not Valid!',
  uuid: 'not-a-uuid',
  phone: '06-12-34-56-78',
  datetime: '2026-13-45 25:00',
  maps: 'http://evil.example.org/maps',
};

function withValue(body: Record<string, unknown>, path: string[], value: unknown): Record<string, unknown> {
  const [head = '', ...rest] = path;
  const copy = { ...body };
  if (rest.length === 0) {
    if (value === undefined) delete copy[head];
    else copy[head] = value;
    return copy;
  }
  copy[head] = withValue((body[head] as Record<string, unknown>) ?? {}, rest, value);
  return copy;
}

export function generateBadCases(
  valid: Record<string, unknown>,
  fields: Record<string, FieldSpec>,
  prefix: string[] = [],
): BadCase[] {
  const cases: BadCase[] = [];
  for (const [name, spec] of Object.entries(fields)) {
    const path = [...prefix, name];
    const field = path.join('.');
    const set = (value: unknown) => withValue(valid, path, value);
    if (spec.required) cases.push({ name: `missing ${field}`, body: set(undefined), field });
    cases.push({ name: `${field} of the wrong type`, body: set(WRONG_TYPE[spec.kind]), field });
    if (spec.kind === 'enum')
      cases.push({ name: `${field} an unknown value`, body: set('unknown_value'), field });
    if (spec.kind === 'string') {
      if (spec.max !== undefined)
        cases.push({
          name: `${field} over ${spec.max} characters`,
          body: set('x'.repeat(spec.max + 1)),
          field,
        });
      if (spec.min !== undefined && spec.min > 1)
        cases.push({
          name: `${field} under ${spec.min} characters`,
          body: set('x'.repeat(spec.min - 1)),
          field,
        });
      if (spec.min === 1 && spec.required) cases.push({ name: `${field} blank`, body: set('   '), field });
      // docs/rules.md#limits: NUL (a 500 on PostgreSQL before) and the other C0 controls but tab, LF, CR.
      cases.push({ name: `${field} holding a NUL`, body: set('ab\u0000c'), field });
      cases.push({ name: `${field} holding an escape character`, body: set('ab\u001bc'), field });
      if (spec.format)
        cases.push({
          name: `${field} not a valid ${spec.format}`,
          body: set(BAD_FORMAT[spec.format]),
          field,
        });
    }
    if (spec.kind === 'number') {
      if (spec.max !== undefined)
        cases.push({ name: `${field} over ${spec.max}`, body: set(spec.max + 1), field });
      if (spec.min !== undefined)
        cases.push({ name: `${field} under ${spec.min}`, body: set(spec.min - 1), field });
      if (spec.integer) cases.push({ name: `${field} not an integer`, body: set(1.5), field });
    }
    if (spec.kind === 'object') {
      cases.push(...generateBadCases(valid, spec.fields, path));
    }
  }
  return cases;
}

export interface JsonEndpoint {
  method: 'POST' | 'PUT';
  url: () => string;
  valid: Record<string, unknown>;
  fields: Record<string, FieldSpec>;
}

/** Bodies that are not a JSON object at all: the field is then null. */
export const NOT_JSON_BODIES: Array<{ name: string; raw: string; field: null }> = [
  { name: 'malformed JSON', raw: '{"a": ', field: null },
  { name: 'an empty body', raw: '', field: null },
  { name: 'a JSON array', raw: '[1,2]', field: null },
  { name: 'JSON null', raw: 'null', field: null },
  { name: 'a JSON string', raw: '"text"', field: null },
];

/** Every case for one endpoint: the non-JSON bodies, then the generated ones. */
export function casesFor(endpoint: JsonEndpoint): Array<{ name: string; raw: string; field: string | null }> {
  return [
    ...NOT_JSON_BODIES,
    ...generateBadCases(endpoint.valid, endpoint.fields).map((c) => ({
      name: c.name,
      raw: JSON.stringify(c.body),
      field: c.field,
    })),
  ];
}

/** Sends every case of an endpoint; answers the ones not refused as 400 `invalid_input` with their field. */
export async function unrefusedCases(
  app: FastifyInstance,
  endpoint: JsonEndpoint,
  headers: Record<string, string>,
) {
  const cases = casesFor(endpoint);
  const wrong: string[] = [];
  for (const badCase of cases) {
    const response = await app.inject({
      method: endpoint.method,
      url: endpoint.url(),
      headers: { ...headers, 'content-type': 'application/json' },
      payload: badCase.raw,
    });
    const body = response.json();
    if (response.statusCode !== 400 || body.code !== 'invalid_input' || body.field !== badCase.field) {
      wrong.push(
        `${badCase.name}: ${response.statusCode} ${body.code} field=${body.field} (expected ${badCase.field})`,
      );
    }
  }
  return { wrong, count: cases.length };
}

/** Every row of these tables, as one string: equal before and after means nothing was written. */
export async function snapshotTables(
  db: Kysely<Database>,
  tables: ReadonlyArray<keyof Database>,
): Promise<string> {
  const parts: unknown[] = [];
  for (const table of tables) parts.push(await db.selectFrom(table).selectAll().execute());
  return JSON.stringify(parts);
}
