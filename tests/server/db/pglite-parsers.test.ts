import { PGlite, types } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { READ_ARRAY_TYPES, trimParsers } from '../../../server/db/pglite-parsers';

// Each array type a result may hold still reads as an array, its items parsed as before the trim.
let client: PGlite;
beforeAll(async () => {
  client = new PGlite();
  await client.waitReady;
});
afterAll(() => client.close());

const SAMPLES: Record<string, string> = {
  'bool[]': 'array[true, false]',
  'int2[]': 'array[1, 2]::int2[]',
  'int4[]': 'array[1, 2]',
  'text[]': "array['a', 'b,c']",
  'varchar[]': "array['a']::varchar[]",
  'int8[]': 'array[1]::int8[]',
  'float4[]': 'array[1.5]::float4[]',
  'float8[]': 'array[1.5]::float8[]',
  'timestamp[]': "array['2026-01-05 09:00']::timestamp[]",
  'date[]': "array['2026-01-05']::date[]",
  'timestamptz[]': "array['2026-01-05T09:00:00Z']::timestamptz[]",
  'numeric[]': 'array[1.25]::numeric[]',
  'uuid[]': "array['00000000-0000-4000-8000-000000000001']::uuid[]",
  'json[]': 'array[\'{"a":1}\']::json[]',
  'jsonb[]': 'array[\'{"a":1}\']::jsonb[]',
};

describe('the trimmed PGlite parsers', () => {
  it('read every listed array type as the full table did, and keep some 40 entries', async () => {
    expect(Object.keys(SAMPLES)).toEqual(Object.keys(READ_ARRAY_TYPES));
    const select = `select ${Object.entries(SAMPLES)
      .map(([name, value], i) => `${value} as "${i}_${name}"`)
      .join(', ')}`;
    const before = (await client.query<Record<string, unknown>>(select)).rows[0];
    trimParsers(client);
    const after = (await client.query<Record<string, unknown>>(select)).rows[0];
    expect(after).toEqual(before);
    for (const value of Object.values(after ?? {})) expect(Array.isArray(value)).toBe(true);
    expect((after as Record<string, unknown>)['3_text[]']).toEqual(['a', 'b,c']);
    expect((after as Record<string, unknown>)['10_timestamptz[]']).toEqual([
      new Date('2026-01-05T09:00:00Z'),
    ]);
    expect(Object.keys(client.parsers).length).toBeLessThanOrEqual(
      Object.keys(types.parsers).length + Object.keys(READ_ARRAY_TYPES).length,
    );
    // Base types are read as before: a timestamp is a Date, a json a value.
    const { rows } = await client.query<{ at: Date; doc: unknown }>(
      `select '2026-01-05T09:00:00Z'::timestamptz as at, '{"a":[1]}'::jsonb as doc`,
    );
    expect(rows[0]).toEqual({ at: new Date('2026-01-05T09:00:00Z'), doc: { a: [1] } });
  });
});
