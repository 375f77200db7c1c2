import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { insertSession } from '../../../server/modules/users/sessions.repository';
import { hashToken, newToken } from '../../../server/modules/users/tokens';
import { createEvent, DAY, insertModel, insertStuff, subscribe } from '../helpers/event-fixtures';
import { arbitraryOf, type JsonSchema, resolveRefs } from '../helpers/schema-arbitrary';
import { bearer, createTestContext, type TestContext } from '../helpers/test-context';

// Requests generated from the served OpenAPI document, for every operation, as anyone (no token, a member, an
// admin). Whatever they hold, the server answers no 5xx, with a status the operation declares, in a declared
// media type and, for JSON, a body the declared schema accepts.
// OPENAPI_FUZZ_RUNS sets the requests per operation (a deeper run than the suite's, when changing it).
const RUNS = Number(process.env.OPENAPI_FUZZ_RUNS ?? 50);

interface Operation {
  method: string;
  path: string;
  parameters?: Array<{ in: string; name: string; required?: boolean; schema: JsonSchema }>;
  requestBody?: { content: Record<string, { schema: JsonSchema }> };
  responses: Record<string, { content?: Record<string, { schema: JsonSchema }> }>;
}
interface Document {
  paths: Record<string, Record<string, Omit<Operation, 'method' | 'path'>>>;
  components: { schemas: Record<string, JsonSchema> };
}

type Principal = 'anonymous' | 'member' | 'admin';
const PRINCIPALS: Principal[] = ['anonymous', 'member', 'admin'];

const people: Record<
  Exclude<Principal, 'anonymous'>,
  { id: string; token: string; role: 'User' | 'Admin' }
> = {} as never;
const ajv = addFormats(new Ajv2020({ strict: false, allErrors: true }));

// Built before the tests are collected: there is one test per operation the document lists.
const ctx: TestContext = await createTestContext({
  env: { RATE_LIMIT_WRITES: '1000000', RATE_LIMIT_SUBSCRIPTION_CHANGES: '1000000' },
});
for (const [principal, role] of [
  ['member', 'User'],
  ['admin', 'Admin'],
] as const) {
  const { id } = await ctx.createUser(`fuzz-${principal}`, role);
  people[principal] = { id, token: newToken(), role };
}
const adminToken = await ctx.signIn('fuzz-admin');
const model = await insertModel(ctx, 'Kayak');
const stuff = await insertStuff(ctx, 'Pagaie', 3);
const event = await createEvent(ctx, adminToken, model, { startInMs: 2 * DAY, max: 3 });
await subscribe(ctx, adminToken, people.admin.id, event.uuid_event);
const knownIds = [people.member.id, people.admin.id, model, stuff, event.uuid_event];
const document = (await ctx.app.inject({ method: 'GET', url: '/api/docs/json' })).json<Document>();
afterAll(() => ctx.close());

/** Gives the two accounts back their role, access and session whatever the last request did to them. */
async function restorePrincipals(): Promise<void> {
  for (const person of Object.values(people)) {
    await ctx.db
      .updateTable('users')
      .set({ role_name: person.role, is_revoked: false })
      .where('id', '=', person.id)
      .execute();
    const hash = hashToken(person.token);
    const session = await ctx.db
      .selectFrom('sessions')
      .select('token_hash')
      .where('token_hash', '=', hash)
      .executeTakeFirst();
    if (!session) await insertSession(ctx.db, hash, person.id, ctx.clock.now);
  }
}

function operations(): Operation[] {
  return Object.entries(document.paths).flatMap(([path, byMethod]) =>
    Object.entries(byMethod).map(([method, operation]) => ({
      ...operation,
      method: method.toUpperCase(),
      path,
    })),
  );
}

interface GeneratedRequest {
  principal: Principal;
  url: string;
  headers: Record<string, string>;
  payload?: string;
}

function requestArbitrary(operation: Operation): fc.Arbitrary<GeneratedRequest> {
  const options = { knownIds, wildOneIn: 12, around: ctx.clock.now };
  const resolved = (schema: JsonSchema) => resolveRefs(schema, document.components.schemas);
  const parameters = operation.parameters ?? [];
  const parameterValue = (parameter: (typeof parameters)[number]) =>
    fc
      .oneof(
        { arbitrary: arbitraryOf(resolved(parameter.schema), options), weight: 6 },
        { arbitrary: fc.string({ unit: 'binary' }), weight: 1 },
      )
      .map(String)
      // A path segment '.' or '..' is resolved away by any URL parser (WHATWG, so light-my-request too),
      // even percent-encoded: the request then names another route, not this one.
      .filter((value) => value !== '.' && value !== '..');
  const parameterRecord = (place: string) =>
    fc.record(
      Object.fromEntries(parameters.filter((p) => p.in === place).map((p) => [p.name, parameterValue(p)])),
      {
        requiredKeys: parameters
          .filter((p) => p.in === place && (p.required || place === 'path'))
          .map((p) => p.name),
      },
    );
  const jsonBody = operation.requestBody?.content['application/json']?.schema;
  const body: fc.Arbitrary<{ payload?: string; type?: string }> = jsonBody
    ? fc.oneof(
        {
          arbitrary: arbitraryOf(resolved(jsonBody), options).map((value) => ({
            payload: JSON.stringify(value),
          })),
          weight: 8,
        },
        { arbitrary: fc.string().map((text) => ({ payload: text, type: 'text/plain' })), weight: 1 },
        { arbitrary: fc.constant({}), weight: 1 },
      )
    : fc.constant({});
  return fc
    .record({
      principal: fc.constantFrom(...PRINCIPALS),
      path: parameterRecord('path'),
      query: parameterRecord('query'),
      header: parameterRecord('header'),
      body,
    })
    .map(({ principal, path, query, header, body }) => {
      const url =
        operation.path.replace(/\{([^}]+)\}/g, (_, name: string) => encodeURIComponent(path[name] ?? '')) +
        (Object.keys(query).length > 0 ? `?${new URLSearchParams(query as Record<string, string>)}` : '');
      const headers: Record<string, string> = { ...(header as Record<string, string>) };
      if (principal !== 'anonymous') Object.assign(headers, bearer(people[principal].token));
      if (body.payload !== undefined) headers['content-type'] = body.type ?? 'application/json';
      return { principal, url, headers, ...(body.payload !== undefined ? { payload: body.payload } : {}) };
    });
}

/** Checks a JSON answer against its declared schema; answers the validator's complaint, or null. */
function schemaComplaint(schema: JsonSchema, body: unknown): string | null {
  const validate = ajv.compile(resolveRefs(schema, document.components.schemas) as object);
  return validate(body) ? null : ajv.errorsText(validate.errors);
}

describe('the OpenAPI document, against requests generated from it', () => {
  it('lists every operation of the API', () => {
    expect(operations().length).toBe(109);
  });

  it.each(operations().map((operation) => [`${operation.method} ${operation.path}`, operation] as const))(
    '%s: no 5xx; a declared status, media type and body',
    async (_, operation) => {
      await fc.assert(
        fc.asyncProperty(requestArbitrary(operation), async (request) => {
          await restorePrincipals();
          const response = await ctx.app.inject({
            method: operation.method as 'GET',
            url: request.url,
            headers: request.headers,
            ...(request.payload !== undefined ? { payload: request.payload } : {}),
          });
          const where = `${operation.method} ${request.url} as ${request.principal} → ${response.statusCode} ${response.body.slice(0, 300)}`;
          expect(response.statusCode, where).toBeLessThan(500);
          const declared = operation.responses[String(response.statusCode)];
          expect(declared, `undeclared status: ${where}`).toBeDefined();
          if (response.statusCode === 204 || response.statusCode === 304) {
            expect(response.body, where).toBe('');
            return;
          }
          const mediaType = String(response.headers['content-type'] ?? '').split(';')[0] ?? '';
          const content = declared?.content?.[mediaType];
          expect(content, `undeclared media type ${mediaType}: ${where}`).toBeDefined();
          if (mediaType === 'application/json' && content)
            expect(schemaComplaint(content.schema, response.json()), where).toBeNull();
        }),
        { numRuns: RUNS },
      );
    },
    120_000,
  );
});
