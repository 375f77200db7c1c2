import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type FieldSpec,
  type JsonEndpoint,
  snapshotTables,
  unrefusedCases,
} from '../helpers/bad-input-cases';
import { bearer, createTestContext, type TestContext } from '../helpers/test-context';

/**
 * For every JSON endpoint: generated bad bodies (plus malformed JSON and non-objects) answer 400
 * `invalid_input` naming the field (null when the body is not JSON at all), never 500, and the database is
 * unchanged. Path and query parameters get the same treatment.
 */
let ctx: TestContext;
let admin: Record<string, string>;
const ids: Record<string, string> = {};

const TABLES = [
  'users',
  'sessions',
  'app_settings',
  'account_tokens',
  'notification_preferences',
  'system_notification_settings',
  'mail_queue',
  'event_models',
  'stuffs',
] as const;

const snapshot = () => snapshotTables(ctx.db, TABLES);

beforeAll(async () => {
  ctx = await createTestContext({
    env: { RATE_LIMIT_LOGIN: '100000', RATE_LIMIT_CONFIRM: '100000', RATE_LIMIT_RESET: '100000' },
  });
  ids.admin = (await ctx.createUser('admin', 'Admin')).id;
  ids.member = (await ctx.createUser('member')).id;
  admin = bearer(await ctx.signIn('admin'));
  ids.model = (
    await ctx.app.inject({
      method: 'POST',
      url: '/api/event/model/add',
      headers: admin,
      payload: { name: 'M', description: 'D' },
    })
  ).json().uuid;
  ids.stuff = (
    await ctx.app.inject({
      method: 'POST',
      url: '/api/stuff/add',
      headers: admin,
      payload: { name: 'S', description: 'D', stock: 1 },
    })
  ).json().uuid;
});
afterAll(() => ctx.close());

const name100: FieldSpec = { kind: 'string', required: true, min: 1, max: 100 };
const description500: FieldSpec = { kind: 'string', required: true, min: 1, max: 500 };
const optionalName: FieldSpec = { kind: 'string', max: 100 };
const notificationSetting: Record<string, FieldSpec> = {
  user_id: { kind: 'string', format: 'uuid' },
  setting: {
    kind: 'object',
    required: true,
    fields: {
      name: { kind: 'enum', required: true },
      description: { kind: 'string', max: 200 },
      active: { kind: 'boolean', required: true },
    },
  },
};

const ENDPOINTS: Record<string, JsonEndpoint> = {
  'POST /api/user/login': {
    method: 'POST',
    url: () => '/api/user/login',
    valid: { username_or_email: 'admin', password: 'x' },
    fields: {
      username_or_email: { kind: 'string', required: true, min: 1, max: 254 },
      password: { kind: 'string', required: true, max: 1024 },
    },
  },
  'POST /api/user/register': {
    method: 'POST',
    url: () => '/api/user/register',
    valid: { username: 'newbie', email: 'newbie@example.org' },
    fields: {
      username: { kind: 'string', required: true, format: 'username', max: 32 },
      email: { kind: 'string', required: true, format: 'email', max: 254 },
    },
  },
  'POST /api/user/confirm/{token}': {
    method: 'POST',
    url: () => `/api/user/confirm/${'t'.repeat(43)}`,
    valid: { password: 'Str0ngPassword' },
    fields: { password: { kind: 'string', required: true, max: 1024 } },
  },
  'POST /api/user/reset (Ask)': {
    method: 'POST',
    url: () => '/api/user/reset',
    valid: { Ask: { email: 'member@example.org' } },
    fields: {
      Ask: {
        kind: 'object',
        fields: { email: { kind: 'string', required: true, format: 'email', max: 254 } },
      },
    },
  },
  'POST /api/user/reset (Reset)': {
    method: 'POST',
    url: () => '/api/user/reset',
    valid: { Reset: { token: 'abc', password: 'Str0ngPassword' } },
    fields: {
      Reset: {
        kind: 'object',
        fields: {
          token: { kind: 'string', required: true, max: 128 },
          password: { kind: 'string', required: true, max: 1024 },
        },
      },
    },
  },
  'PUT /api/user/profile/update/{id}': {
    method: 'PUT',
    url: () => `/api/user/profile/update/${ids.member}`,
    valid: { city: 'Brest' },
    fields: {
      last_name: optionalName,
      first_name: optionalName,
      street: optionalName,
      city: optionalName,
      zip_code: { kind: 'string', min: 2, max: 10 },
      phone: { kind: 'string', max: 20, format: 'phone' },
      shoe_size: { kind: 'number', min: 15, max: 60 },
      has_shoes: { kind: 'boolean' },
      language: { kind: 'enum' },
    },
  },
  'PUT /api/user/role/{id}': {
    method: 'PUT',
    url: () => `/api/user/role/${ids.member}`,
    valid: { role_name: 'Contributor' },
    fields: { role_name: { kind: 'enum', required: true } },
  },
  'PUT /api/user/status/{id}': {
    method: 'PUT',
    url: () => `/api/user/status/${ids.member}`,
    valid: { status: 'Revok', action: true },
    fields: { status: { kind: 'enum', required: true }, action: { kind: 'boolean', required: true } },
  },
  'PUT /api/user/preference/{id}': {
    method: 'PUT',
    url: () => `/api/user/preference/${ids.member}`,
    valid: { setting: { name: 'event_update', active: false } },
    fields: notificationSetting,
  },
  'PUT /api/user/system/settings/{id}': {
    method: 'PUT',
    url: () => `/api/user/system/settings/${ids.admin}`,
    valid: { setting: { name: 'event_update', active: false } },
    fields: notificationSetting,
  },
  'POST /api/event/model/add': {
    method: 'POST',
    url: () => '/api/event/model/add',
    valid: { name: 'Kayak', description: 'Sortie' },
    fields: { name: name100, description: description500 },
  },
  'POST /api/event/model/update': {
    method: 'POST',
    url: () => '/api/event/model/update',
    get valid() {
      return { uuid: ids.model, name: 'Kayak', description: 'Sortie' };
    },
    fields: {
      uuid: { kind: 'string', required: true, format: 'uuid' },
      name: name100,
      description: description500,
    },
  },
  'POST /api/stuff/add': {
    method: 'POST',
    url: () => '/api/stuff/add',
    valid: { name: 'Pagaie', description: 'Carbone', stock: 3 },
    fields: {
      name: name100,
      description: description500,
      stock: { kind: 'number', required: true, min: 0, max: 10_000, integer: true },
      is_infinite: { kind: 'boolean' },
    },
  },
  'POST /api/stuff/update': {
    method: 'POST',
    url: () => '/api/stuff/update',
    get valid() {
      return { uuid: ids.stuff, name: 'Pagaie', description: 'Carbone', stock: 3 };
    },
    fields: {
      uuid: { kind: 'string', required: true, format: 'uuid' },
      name: name100,
      description: description500,
      stock: { kind: 'number', required: true, min: 0, max: 10_000, integer: true },
      is_infinite: { kind: 'boolean' },
    },
  },
};

let caseCount = 0;

describe('bad input never reaches the database', () => {
  for (const [label, endpoint] of Object.entries(ENDPOINTS)) {
    it(`${label}: every generated case is 400 invalid_input with its field`, async () => {
      const before = await snapshot();
      const { wrong, count } = await unrefusedCases(ctx.app, endpoint, admin);
      caseCount += count;
      expect(wrong).toEqual([]);
      expect(await snapshot()).toBe(before);
    });
  }

  const PARAM_CASES: Array<[string, 'GET' | 'PUT' | 'POST' | 'DELETE', string, object | undefined, string]> =
    [
      ['profile id not a uuid', 'GET', '/api/user/profile/42', undefined, 'id'],
      ['update id not a uuid', 'PUT', '/api/user/profile/update/abc', { city: 'x' }, 'id'],
      ['role id not a uuid', 'PUT', '/api/user/role/abc', { role_name: 'User' }, 'id'],
      ['status id not a uuid', 'PUT', '/api/user/status/abc', { status: 'Lock', action: false }, 'id'],
      ['preference id not a uuid', 'GET', '/api/user/preference/abc', undefined, 'id'],
      ['system settings id not a uuid', 'GET', '/api/user/system/settings/abc', undefined, 'id'],
      ['model delete id not a uuid', 'DELETE', '/api/event/model/delete/abc', undefined, 'id'],
      ['stuff delete id not a uuid', 'DELETE', '/api/stuff/delete/abc', undefined, 'id'],
      [
        'confirm token too long',
        'POST',
        `/api/user/confirm/${'t'.repeat(129)}`,
        { password: 'Str0ngPassword' },
        'token',
      ],
      ['picture user_id not a uuid', 'POST', '/api/user/profile/picture?user_id=abc', undefined, 'user_id'],
      ['setting key unknown', 'GET', '/api/internal/settings?key=password', undefined, 'key'],
      ['setting key missing', 'GET', '/api/internal/settings', undefined, 'key'],
      ['slogan key other than slogan', 'PUT', '/api/internal/settings?key=logo&value=x', undefined, 'key'],
      ['slogan value missing', 'PUT', '/api/internal/settings?key=slogan', undefined, 'value'],
      ['slogan value blank', 'PUT', '/api/internal/settings?key=slogan&value=%20%20', undefined, 'value'],
      [
        'slogan value over 500',
        'PUT',
        `/api/internal/settings?key=slogan&value=${'x'.repeat(501)}`,
        undefined,
        'value',
      ],
    ];

  it.each(PARAM_CASES)('%s: 400 invalid_input naming it', async (_name, method, url, payload, field) => {
    const before = await snapshot();
    const response = await ctx.app.inject({ method, url, headers: admin, ...(payload ? { payload } : {}) });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'invalid_input', field });
    expect(await snapshot()).toBe(before);
    caseCount++;
  });

  it('ran a few hundred cases', () => {
    console.log(`bad-input cases: ${caseCount}`);
    expect(caseCount).toBeGreaterThan(150);
  });
});
