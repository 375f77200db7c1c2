import fc from 'fast-check';

/** A JSON Schema (2020-12) as the OpenAPI document holds it. */
export type JsonSchema = Record<string, unknown>;

export interface ArbitraryOptions {
  /** Ids that exist in the database, mixed in wherever a uuid goes so requests reach past "not found". */
  knownIds: readonly string[];
  /** How often (1 in n) a value is swapped for any JSON at all, to reach the refusals too. */
  wildOneIn: number;
  /** Dates and times are drawn around this moment (the server's clock), where the rules have most to say. */
  around: Date;
}

const REF_PREFIX = '#/components/schemas/';

/** The schema with its `$ref`s to the document's components replaced by what they name. */
export function resolveRefs(schema: unknown, components: Record<string, JsonSchema>): unknown {
  if (Array.isArray(schema)) return schema.map((item) => resolveRefs(item, components));
  if (schema === null || typeof schema !== 'object') return schema;
  const ref = (schema as { $ref?: unknown }).$ref;
  if (typeof ref === 'string' && ref.startsWith(REF_PREFIX))
    return resolveRefs(components[ref.slice(REF_PREFIX.length)], components);
  return Object.fromEntries(
    Object.entries(schema).map(([key, value]) => [key, resolveRefs(value, components)]),
  );
}

const DAY_MS = 86_400_000;
/** The contract's `yyyy-mm-dd` (clubDayField): a real day is drawn for it, not any eight digits. */
const CLUB_DAY_PATTERN = '^\\d{4}-\\d{2}-\\d{2}$';

/** Mostly within a fortnight of `around`, so two drawn days often make a range the API takes. */
function nearDate(options: ArbitraryOptions): fc.Arbitrary<Date> {
  const at = options.around.getTime();
  const within = (fromDays: number, toDays: number) =>
    fc.date({
      min: new Date(at + fromDays * DAY_MS),
      max: new Date(at + toDays * DAY_MS),
      noInvalidDate: true,
    });
  return fc.oneof({ arbitrary: within(-3, 10), weight: 3 }, { arbitrary: within(-30, 90), weight: 1 });
}

const anyJson = () => fc.jsonValue({ maxDepth: 2 });

function wildOr(valid: fc.Arbitrary<unknown>, options: ArbitraryOptions): fc.Arbitrary<unknown> {
  return fc.oneof({ arbitrary: valid, weight: options.wildOneIn - 1 }, { arbitrary: anyJson(), weight: 1 });
}

function stringOf(schema: JsonSchema, options: ArbitraryOptions): fc.Arbitrary<string> {
  const minLength = typeof schema.minLength === 'number' ? schema.minLength : 0;
  const maxLength =
    typeof schema.maxLength === 'number' ? Math.min(schema.maxLength, minLength + 40) : minLength + 40;
  switch (schema.format) {
    case 'uuid':
      return options.knownIds.length > 0
        ? fc.oneof(fc.constantFrom(...options.knownIds), fc.uuid())
        : fc.uuid();
    case 'email':
      return fc.emailAddress();
    case 'date-time':
      return nearDate(options).map((date) => date.toISOString());
    case 'date':
      return nearDate(options).map((date) => date.toISOString().slice(0, 10));
  }
  if (schema.pattern === CLUB_DAY_PATTERN)
    return fc.oneof(
      { arbitrary: nearDate(options).map((date) => date.toISOString().slice(0, 10)), weight: 6 },
      { arbitrary: fc.stringMatching(/^\d{4}-\d{2}-\d{2}$/), weight: 1 },
    );
  if (typeof schema.pattern === 'string') {
    try {
      const matching = fc.stringMatching(new RegExp(schema.pattern, 'u'));
      const longest = typeof schema.maxLength === 'number' ? schema.maxLength : Number.POSITIVE_INFINITY;
      return fc.oneof(
        matching.filter((text) => text.length >= minLength && text.length <= longest),
        matching,
      );
    } catch {
      // A pattern fast-check cannot generate from (a lookaround): plain text, mostly refused.
    }
  }
  // Mostly printable text, which the contract takes; now and then any character (controls are refused).
  return fc.oneof(
    { arbitrary: fc.string({ minLength, maxLength, unit: 'grapheme-ascii' }), weight: 4 },
    { arbitrary: fc.string({ minLength, maxLength, unit: 'grapheme' }), weight: 1 },
  );
}

function numberOf(schema: JsonSchema, isInteger: boolean): fc.Arbitrary<number> {
  const exclusiveMin = typeof schema.exclusiveMinimum === 'number' ? schema.exclusiveMinimum : undefined;
  const exclusiveMax = typeof schema.exclusiveMaximum === 'number' ? schema.exclusiveMaximum : undefined;
  const min = typeof schema.minimum === 'number' ? schema.minimum : (exclusiveMin ?? -1_000_000);
  const max = typeof schema.maximum === 'number' ? schema.maximum : (exclusiveMax ?? 1_000_000);
  if (isInteger) {
    const low = Math.ceil(exclusiveMin === min ? min + 1 : min);
    const high = Math.floor(exclusiveMax === max ? max - 1 : max);
    return fc.integer({
      min: Math.max(low, Number.MIN_SAFE_INTEGER),
      max: Math.min(high, Number.MAX_SAFE_INTEGER),
    });
  }
  return fc.double({
    min,
    max,
    minExcluded: exclusiveMin === min,
    maxExcluded: exclusiveMax === max,
    noNaN: true,
  });
}

/**
 * Values for `schema`: mostly ones it accepts, so requests get past validation into the rules, and now
 * and then anything at all. Covers what zod writes for our contract (objects, arrays, enums, unions,
 * nullable types, formats, patterns, bounds); anything else gets any JSON.
 */
export function arbitraryOf(schema: unknown, options: ArbitraryOptions): fc.Arbitrary<unknown> {
  if (schema === null || typeof schema !== 'object') return anyJson();
  const s = schema as JsonSchema;
  if ('const' in s) return fc.constant(s.const);
  if (Array.isArray(s.enum)) return fc.constantFrom(...(s.enum as unknown[]));
  for (const key of ['anyOf', 'oneOf'] as const) {
    const branches = s[key];
    if (Array.isArray(branches) && branches.length > 0)
      return fc.oneof(...branches.map((branch) => arbitraryOf(branch, options)));
  }
  if (Array.isArray(s.allOf) && s.allOf.length > 0) return arbitraryOf(s.allOf[0], options);
  if (Array.isArray(s.type)) return fc.oneof(...s.type.map((type) => arbitraryOf({ ...s, type }, options)));
  switch (s.type) {
    case 'null':
      return fc.constant(null);
    case 'boolean':
      return fc.boolean();
    case 'integer':
      return numberOf(s, true);
    case 'number':
      return numberOf(s, false);
    case 'string':
      return stringOf(s, options);
    case 'array': {
      const minLength = typeof s.minItems === 'number' ? s.minItems : 0;
      const maxLength = Math.min(typeof s.maxItems === 'number' ? s.maxItems : minLength + 3, minLength + 3);
      return fc.array(arbitraryOf(s.items, options), { minLength, maxLength });
    }
    case 'object': {
      const properties = (s.properties ?? {}) as Record<string, unknown>;
      const required = new Set(Array.isArray(s.required) ? (s.required as string[]) : []);
      const fields = Object.fromEntries(
        Object.entries(properties).map(([name, property]) => [
          name,
          wildOr(arbitraryOf(property, options), options),
        ]),
      );
      return fc.record(fields, { requiredKeys: Object.keys(fields).filter((name) => required.has(name)) });
    }
  }
  return anyJson();
}
