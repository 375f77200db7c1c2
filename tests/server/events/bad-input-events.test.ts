import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type FieldSpec,
  type JsonEndpoint,
  snapshotTables,
  unrefusedCases,
} from '../helpers/bad-input-cases';
import { createEvent, insertModel, subscribe } from '../helpers/event-fixtures';
import { bearer, createTestContext, type TestContext } from '../helpers/test-context';

/** The events API's bad input: 400 `invalid_input` naming the field, never 500, database unchanged. */
let ctx: TestContext;
let auth: Record<string, string>;
let userId: string;
const TABLES = [
  'events',
  'event_series',
  'event_stuffs',
  'subscriptions',
  'waiting_list',
  'guests',
  'idempotency_keys',
  'mail_queue',
] as const;

const snapshot = () => snapshotTables(ctx.db, TABLES);

beforeAll(async () => {
  ctx = await createTestContext();
  userId = (await ctx.createUser('root', 'SuperAdmin')).id;
  auth = bearer(await ctx.signIn('root'));
});
afterAll(() => ctx.close());

const uuid: FieldSpec = { kind: 'string', required: true, format: 'uuid' };
const optionalUuid: FieldSpec = { kind: 'string', format: 'uuid' };
const EVENT = randomUUID();
// Written here, not read from the contract: the database's `integer` bound the contract must respect.
const INT4_MAX = 2_147_483_647;
const PAST_32_BITS = 2 ** 40;
const soon = new Date(Date.now() + 86_400_000).toISOString();
const later = new Date(Date.now() + 90_000_000).toISOString();

const ENDPOINTS: Record<string, JsonEndpoint> = {
  'POST /api/event/add-or-update': {
    method: 'POST',
    url: () => '/api/event/add-or-update',
    valid: { uuid_model_event: randomUUID(), start_date: soon, end_date: later, max_subscribers: 5 },
    fields: {
      uuid_event: optionalUuid,
      uuid_model_event: uuid,
      start_date: { kind: 'string', required: true, format: 'datetime' },
      end_date: { kind: 'string', required: true, format: 'datetime' },
      street: { kind: 'string', max: 100 },
      city: { kind: 'string', max: 100 },
      zip_code: { kind: 'string', min: 2, max: 10 },
      location: { kind: 'string', max: 2000, format: 'maps' },
      max_subscribers: { kind: 'number', required: true, min: 1, max: 10_000, integer: true },
      subscriber_is_infinite: { kind: 'boolean' },
      is_cancelled: { kind: 'boolean' },
      stuffs_available: { kind: 'array' },
    },
  },
  'POST /api/event/series': {
    method: 'POST',
    url: () => '/api/event/series',
    valid: {
      uuid_model_event: randomUUID(),
      start_date: soon,
      end_date: later,
      max_subscribers: 5,
      recurrence: { weekdays: ['TU'], interval_weeks: 1, count: 3 },
    },
    fields: {
      uuid_model_event: uuid,
      start_date: { kind: 'string', required: true, format: 'datetime' },
      end_date: { kind: 'string', required: true, format: 'datetime' },
      street: { kind: 'string', max: 100 },
      city: { kind: 'string', max: 100 },
      zip_code: { kind: 'string', min: 2, max: 10 },
      location: { kind: 'string', max: 2000, format: 'maps' },
      max_subscribers: { kind: 'number', required: true, min: 1, max: 10_000, integer: true },
      subscriber_is_infinite: { kind: 'boolean' },
      stuffs_available: { kind: 'array' },
      recurrence: {
        kind: 'object',
        required: true,
        fields: {
          weekdays: { kind: 'array', required: true },
          interval_weeks: { kind: 'number', required: true, min: 1, max: 52, integer: true },
          count: { kind: 'number', min: 1, max: 100, integer: true },
        },
      },
    },
  },
  'PUT /api/event/series/{id}': {
    method: 'PUT',
    url: () => `/api/event/series/${EVENT}`,
    valid: { from_uuid_event: EVENT, city: 'Brest' },
    fields: {
      from_uuid_event: uuid,
      start_time: { kind: 'string' },
      duration_minutes: { kind: 'number', min: 1, max: 14 * 24 * 60, integer: true },
      street: { kind: 'string', max: 100 },
      city: { kind: 'string', max: 100 },
      zip_code: { kind: 'string', min: 2, max: 10 },
      location: { kind: 'string', max: 2000, format: 'maps' },
      max_subscribers: { kind: 'number', min: 1, max: 10_000, integer: true },
      subscriber_is_infinite: { kind: 'boolean' },
      stuffs_available: { kind: 'array' },
      is_cancelled: { kind: 'boolean' },
    },
  },
  'PUT /api/event/series/{id}/subscribe': {
    method: 'PUT',
    url: () => `/api/event/series/${EVENT}/subscribe`,
    get valid() {
      return { uuid_user: userId, subscribe: true };
    },
    fields: { uuid_user: uuid, uuid_stuff: optionalUuid, subscribe: { kind: 'boolean', required: true } },
  },
  'PUT /api/event/subscribe/status': {
    method: 'PUT',
    url: () => '/api/event/subscribe/status',
    get valid() {
      return { uuid_event: EVENT, uuid_user: userId, subscribe: true };
    },
    fields: {
      uuid_event: uuid,
      uuid_user: uuid,
      uuid_stuff: optionalUuid,
      subscribe: { kind: 'boolean', required: true },
    },
  },
  'POST /api/event/waiting-list': {
    method: 'POST',
    url: () => '/api/event/waiting-list',
    get valid() {
      return { uuid_event: EVENT, uuid_user: userId };
    },
    fields: { uuid_event: uuid, uuid_user: uuid, uuid_stuff: optionalUuid },
  },
  'POST /api/event/invite': {
    method: 'POST',
    url: () => '/api/event/invite',
    get valid() {
      return { uuid_event: EVENT, uuid_user: userId, first_name: 'Jo', last_name: 'Lune' };
    },
    fields: {
      id: { kind: 'number', min: 1, max: INT4_MAX, integer: true },
      uuid_event: uuid,
      uuid_user: uuid,
      first_name: { kind: 'string', required: true, min: 1, max: 100 },
      last_name: { kind: 'string', required: true, min: 1, max: 100 },
      age: { kind: 'number', min: 0, max: 120, integer: true },
      email: { kind: 'string', max: 254, format: 'email' },
      phone: { kind: 'string', max: 20, format: 'phone' },
      uuid_stuff: optionalUuid,
    },
  },
  'PUT /api/event/delete-invitation': {
    method: 'PUT',
    url: () => '/api/event/delete-invitation',
    valid: { id: 1, uuid_event: EVENT },
    fields: {
      id: { kind: 'number', required: true, min: 1, max: INT4_MAX, integer: true },
      uuid_event: uuid,
    },
  },
  'PUT /api/event/checklist': {
    method: 'PUT',
    url: () => '/api/event/checklist',
    get valid() {
      return { event_uuid: EVENT, is_invited: false, user_id: userId, is_checked: true };
    },
    fields: {
      event_uuid: uuid,
      is_invited: { kind: 'boolean', required: true },
      user_id: { kind: 'string', required: true, format: 'uuid' },
      is_checked: { kind: 'boolean', required: true },
      checked_at: { kind: 'string', format: 'datetime' },
    },
  },
  'POST /api/event/mail': {
    method: 'POST',
    url: () => '/api/event/mail',
    valid: { event_uuid: EVENT, subject_base64: 'U2FsdXQgIQ==', message_base64: 'QmllbnZlbnVlIMOgIHRvdXM=' },
    fields: {
      event_uuid: uuid,
      subject_base64: { kind: 'string', required: true, min: 1, max: 4000 },
      message_base64: { kind: 'string', required: true, min: 1, max: 200_000 },
    },
  },
};

let caseCount = 0;
const b64 = (text: string) => Buffer.from(text).toString('base64');

describe('bad input to the events API never reaches the database', () => {
  for (const [label, endpoint] of Object.entries(ENDPOINTS)) {
    it(`${label}: every generated case is 400 invalid_input with its field`, async () => {
      const before = await snapshot();
      const { wrong, count } = await unrefusedCases(ctx.app, endpoint, auth);
      caseCount += count;
      expect(wrong).toEqual([]);
      expect(await snapshot()).toBe(before);
    });
  }

  const OTHER_CASES: Array<
    [string, 'GET' | 'PUT' | 'POST' | 'DELETE', string, object | undefined, Record<string, string>, string]
  > = [
    ['from not a date', 'GET', '/api/event/from/2026-02-30x/to/2026-03-01', undefined, {}, 'from'],
    ['to not a date', 'GET', '/api/event/from/2026-03-01/to/tomorrow', undefined, {}, 'to'],
    ['event id not a uuid', 'GET', '/api/event/123', undefined, {}, 'id'],
    ['delete id not a uuid', 'DELETE', '/api/event/delete/123', undefined, {}, 'id'],
    ['subscribers id not a uuid', 'GET', '/api/event/subscribe/123', undefined, {}, 'id'],
    ['my-subscriptions id not a uuid', 'GET', '/api/event/my-subscriptions/123', undefined, {}, 'id'],
    ['my-waiting-list id not a uuid', 'GET', '/api/event/my-waiting-list/123', undefined, {}, 'id'],
    [
      'my-invite-list event not a uuid',
      'GET',
      `/api/event/my-invite-list/123/${randomUUID()}`,
      undefined,
      {},
      'uuid_event',
    ],
    [
      'my-invite-list user not a uuid',
      'GET',
      `/api/event/my-invite-list/${randomUUID()}/123`,
      undefined,
      {},
      'uuid_user',
    ],
    [
      'mail subject not base64',
      'POST',
      '/api/event/mail',
      { event_uuid: EVENT, subject_base64: 'not base64!', message_base64: b64('Bonjour à tous') },
      {},
      'subject_base64',
    ],
    [
      'mail subject too short once decoded',
      'POST',
      '/api/event/mail',
      { event_uuid: EVENT, subject_base64: b64('Hey'), message_base64: b64('Bonjour à tous') },
      {},
      'subject_base64',
    ],
    [
      'mail message not UTF-8',
      'POST',
      '/api/event/mail',
      {
        event_uuid: EVENT,
        subject_base64: b64('Bonjour'),
        message_base64: Buffer.from([0xff, 0xfe, 0xfd, 0x41, 0x42, 0x43]).toString('base64'),
      },
      {},
      'message_base64',
    ],
    [
      'mail message over 10,000 once decoded',
      'POST',
      '/api/event/mail',
      { event_uuid: EVENT, subject_base64: b64('Bonjour'), message_base64: b64('x'.repeat(10_001)) },
      {},
      'message_base64',
    ],
    [
      'idempotency key with spaces',
      'PUT',
      '/api/event/subscribe/status',
      { uuid_event: EVENT, uuid_user: randomUUID(), subscribe: true },
      { 'idempotency-key': 'a b c' },
      'idempotency-key',
    ],
    [
      'checklist guest id as a uuid',
      'PUT',
      '/api/event/checklist',
      { event_uuid: EVENT, is_invited: true, user_id: randomUUID(), is_checked: true },
      {},
      'user_id',
    ],
  ];

  it.each(OTHER_CASES)(
    '%s: 400 invalid_input naming it',
    async (_name, method, url, payload, headers, field) => {
      const before = await snapshot();
      const response = await ctx.app.inject({
        method,
        url,
        headers: { ...auth, ...headers },
        ...(payload ? { payload } : {}),
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ code: 'invalid_input', field });
      expect(await snapshot()).toBe(before);
      caseCount++;
    },
  );

  it('a guest number past 32 bits, on a real event of the caller: 400 naming it, never the database’s 500', async () => {
    const token = await ctx.signIn('root');
    const event = await createEvent(ctx, token, await insertModel(ctx));
    expect((await subscribe(ctx, token, userId, event.uuid_event)).statusCode).toBe(200);
    // The subscription's confirmation mail is sent by a round the write kicked: let it end before snapshots.
    await ctx.mail.runOnce();
    const uuid_event = event.uuid_event;
    const cases = [
      [
        'POST',
        '/api/event/invite',
        { id: PAST_32_BITS, uuid_event, uuid_user: userId, first_name: 'Jo', last_name: 'Lune' },
        'id',
      ],
      ['PUT', '/api/event/delete-invitation', { id: PAST_32_BITS, uuid_event }, 'id'],
      [
        'PUT',
        '/api/event/checklist',
        { event_uuid: uuid_event, is_invited: true, user_id: PAST_32_BITS, is_checked: true },
        'user_id',
      ],
    ] as const;
    for (const [method, url, payload, field] of cases) {
      const before = await snapshot();
      const response = await ctx.app.inject({ method, url, payload, headers: auth });
      expect(response.statusCode, url).toBe(400);
      expect(response.json()).toMatchObject({ code: 'invalid_input', field });
      expect(await snapshot()).toBe(before);
      caseCount++;
    }
  });

  it('ran them all', () => {
    console.log(`events bad-input cases: ${caseCount}`);
    expect(caseCount).toBeGreaterThan(100);
  });
});
