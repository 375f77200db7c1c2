import { FORBIDDEN_CONTROL_CHARACTER } from '@common/contract/fields';
import { REPLAYABLE_WRITES } from '@common/rules/replays';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { controlCharacterField } from '../../../server/plugins/control-characters';
import { createEvent, DAY, insertModel } from '../helpers/event-fixtures';
import { bearer, createTestContext, type TestContext } from '../helpers/test-context';

// Forbidden characters (docs/rules.md#limits): no U+0000 and no other C0 control character but tab, LF and
// CR, in any text field of any endpoint: 400 `invalid_input` naming the field, on PGlite and PostgreSQL alike
// (a NUL was a 500 on PostgreSQL). The generated bad-input cases send both to every JSON field they describe;
// these are the paths, queries, replays and the characters that stay allowed.
let ctx: TestContext;
let admin: Record<string, string>;
let member: { id: string; token: string };

beforeAll(async () => {
  ctx = await createTestContext({ env: { RATE_LIMIT_LOGIN: '1000' } });
  await ctx.createUser('admin', 'Admin');
  admin = bearer(await ctx.signIn('admin'));
  member = { id: (await ctx.createUser('nina')).id, token: await ctx.signIn('nina') };
});
afterAll(() => ctx.close());

const expectRefused = (response: { statusCode: number; json: () => unknown }, field: string | null) => {
  expect(response.statusCode).toBe(400);
  expect(response.json()).toMatchObject({ code: 'invalid_input', field });
};

describe('a forbidden control character', () => {
  it('in the sign-in body is refused before any lookup, naming the field', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/user/login',
      payload: { username_or_email: 'nina\u0000', password: 'x' },
    });
    expectRefused(response, 'username_or_email');
  });

  it('in a query string (the slogan) is refused and nothing is written', async () => {
    for (const bad of ['a%00b', 'a%07b', 'a%1Fb']) {
      const response = await ctx.app.inject({
        method: 'PUT',
        url: `/api/internal/settings?key=slogan&value=${bad}`,
        headers: admin,
      });
      expectRefused(response, 'value');
    }
    const slogan = await ctx.app.inject({ method: 'GET', url: '/api/internal/settings?key=slogan' });
    expect(slogan.json<{ value: string }>().value).not.toMatch(FORBIDDEN_CONTROL_CHARACTER);
  });

  it('in a path parameter is refused', async () => {
    const response = await ctx.app.inject({
      method: 'GET',
      url: '/api/event/from/2026-01-01%00/to/2026-01-08',
      headers: bearer(member.token),
    });
    expectRefused(response, 'from');
  });

  it('in a nested field is named by its path', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/user/reset',
      payload: { Reset: { token: 'abc\u0000', password: 'Str0ngPassword' } },
    });
    expectRefused(response, 'Reset.token');
  });

  it('inside a replay batch refuses that write alone; the others run', async () => {
    const model = await insertModel(ctx, 'Voile');
    const event = await createEvent(ctx, await ctx.signIn('admin'), model, { startInMs: 2 * DAY });
    const subscribeItem = (key: string, body: Record<string, unknown>) => ({
      ...REPLAYABLE_WRITES.subscribeStatus,
      body,
      idempotencyKey: key,
    });
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/replay',
      headers: bearer(member.token),
      payload: {
        writes: [
          subscribeItem('control-1', {
            uuid_event: `${event.uuid_event}\u0000`,
            uuid_user: member.id,
            subscribe: true,
          }),
          subscribeItem('control-2', { uuid_event: event.uuid_event, uuid_user: member.id, subscribe: true }),
        ],
      },
    });
    expect(response.statusCode).toBe(200);
    const answers = response.json<{ answers: Array<{ status: number; body: unknown }> }>().answers;
    expect(answers.map((a) => a.status)).toEqual([400, 200]);
    expect(answers[0]?.body).toMatchObject({ code: 'invalid_input', field: 'uuid_event' });
  });
});

describe('tab, LF and CR', () => {
  it('are kept in a text', async () => {
    const description = 'Ligne 1\r\nLigne 2\tfin';
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/event/model/add',
      headers: admin,
      payload: { name: 'Paddle', description },
    });
    expect(response.statusCode).toBe(200);
    const stored = await ctx.db
      .selectFrom('event_models')
      .select('description')
      .where('uuid', '=', response.json<{ uuid: string }>().uuid)
      .executeTakeFirstOrThrow();
    expect(stored.description).toBe(description);
  });
});

describe('controlCharacterField', () => {
  it('names the first offending text in body order, through arrays', () => {
    expect(controlCharacterField({ a: 'ok', b: [{ c: 'ok' }, { d: 'x\u0008' }], e: '\u0000' })).toBe('b.1.d');
    expect(controlCharacterField('\u0000')).toBe('');
    expect(controlCharacterField({ a: 'tab\there', b: 1, c: null, d: true })).toBeNull();
  });

  it('walks a deeply nested body without overflowing the stack', () => {
    let deep: unknown = 'x\u0001';
    for (let i = 0; i < 50_000; i++) deep = [deep];
    expect(controlCharacterField({ deep })?.startsWith('deep.0.0')).toBe(true);
  });
});
