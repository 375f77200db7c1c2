import fs from 'node:fs';
import path from 'node:path';
import { LIMITS } from '@common/contract/limits';
import { REPLAYABLE_WRITES } from '@common/rules/replays';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEvent, holdsPlace, insertModel, subscribe } from '../helpers/event-fixtures';
import { bearer, createTestContext, type TestContext } from '../helpers/test-context';

let ctx: TestContext;
let organiser: { id: string; token: string };
let member: { id: string; token: string };
let model: string;
let replayLog: string;

beforeAll(async () => {
  replayLog = path.join(fs.mkdtempSync(path.join(process.env.TMPDIR ?? '/tmp', 'replay-batch-')), 'keys.log');
  ctx = await createTestContext({
    // Batches here toggle one event 50 times; the per-event limit has its own tests (write-limits).
    env: {
      RATE_LIMIT_LOGIN: '1000',
      RATE_LIMIT_SUBSCRIPTION_CHANGES: '1000',
      EQUIPEE_TEST_REPLAY_LOG: replayLog,
    },
  });
  organiser = { id: (await ctx.createUser('orga', 'Contributor')).id, token: await ctx.signIn('orga') };
  member = { id: (await ctx.createUser('nina')).id, token: await ctx.signIn('nina') };
  model = await insertModel(ctx);
});
afterAll(() => ctx.close());

interface Item {
  method: string;
  path: string;
  body: unknown;
  idempotencyKey: string;
}

const replay = (token: string | null, writes: Item[], language = 'fr') =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/replay',
    headers: { ...(token ? bearer(token) : {}), 'accept-language': language },
    payload: { writes },
  });

const answersOf = async (token: string, writes: Item[]) => {
  const response = await replay(token, writes);
  expect(response.statusCode).toBe(200);
  return response.json<{ answers: Array<{ status: number; body: Record<string, unknown> }> }>().answers;
};

const subscribeItem = (eventUuid: string, key: string, flag = true, userId = member.id): Item => ({
  ...REPLAYABLE_WRITES.subscribeStatus,
  body: { uuid_event: eventUuid, uuid_user: userId, subscribe: flag },
  idempotencyKey: key,
});
const tickItem = (eventUuid: string, userId: string, isChecked: boolean, key: string, at: Date): Item => ({
  ...REPLAYABLE_WRITES.checklist,
  body: {
    event_uuid: eventUuid,
    is_invited: false,
    user_id: userId,
    is_checked: isChecked,
    checked_at: at.toISOString(),
  },
  idempotencyKey: key,
});

/** The member's tick sent as a single request (no key), to compare with the same tick in a batch. */
const tickAlone = (token: string, eventUuid: string) =>
  ctx.app.inject({
    method: 'PUT',
    url: REPLAYABLE_WRITES.checklist.path,
    headers: bearer(token),
    payload: tickItem(eventUuid, member.id, true, 'unused', ctx.clock.now).body as object,
  });

const executedKeys = () =>
  fs
    .readFileSync(replayLog, 'utf8')
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as { what: string; key: string })
    .filter((entry) => entry.what === 'executed')
    .map((entry) => entry.key);

const isSubscribed = (eventUuid: string, userId = member.id) => holdsPlace(ctx, eventUuid, userId);

/** The check of the one subscription to this event (the member's). */
const isChecked = async (eventUuid: string) =>
  (
    await ctx.db
      .selectFrom('subscriptions')
      .select('is_checked')
      .where('event_uuid', '=', eventUuid)
      .executeTakeFirstOrThrow()
  ).is_checked;

describe('POST /api/replay', () => {
  it('runs each write once: the same batch sent again answers the stored answers and executes nothing', async () => {
    const event = await createEvent(ctx, organiser.token, model);
    const writes = [
      subscribeItem(event.uuid_event, 'once-1'),
      subscribeItem(event.uuid_event, 'once-2', false),
    ];
    const first = await answersOf(member.token, writes);
    expect(first.map((a) => a.status)).toEqual([200, 200]);
    const second = await answersOf(member.token, writes);
    expect(second).toEqual(first);
    expect(executedKeys().filter((key) => key.startsWith('once-'))).toEqual(['once-1', 'once-2']);
    expect(await isSubscribed(event.uuid_event)).toBe(false);
  });

  it('runs in order and answers in order (the last tick wins, each answer is its own)', async () => {
    const event = await createEvent(ctx, organiser.token, model);
    await subscribe(ctx, member.token, member.id, event.uuid_event);
    const t0 = ctx.clock.now.getTime() - 60_000;
    const states = [true, false, true, false];
    const answers = await answersOf(
      organiser.token,
      states.map((checked, i) =>
        tickItem(event.uuid_event, member.id, checked, `order-${i}`, new Date(t0 + i)),
      ),
    );
    expect(answers.map((a) => [a.status, a.body.is_checked])).toEqual(states.map((s) => [200, s]));
    expect(executedKeys().filter((key) => key.startsWith('order-'))).toEqual(
      states.map((_s, i) => `order-${i}`),
    );
    expect(await isChecked(event.uuid_event)).toBe(false);
  });

  it('a refused item does not stop the later ones; its refusal is the one a single request gets', async () => {
    const full = await createEvent(ctx, organiser.token, model, { max: 1 });
    await subscribe(ctx, organiser.token, organiser.id, full.uuid_event);
    const open = await createEvent(ctx, organiser.token, model);
    const answers = await answersOf(member.token, [
      subscribeItem(full.uuid_event, 'refused-1'),
      subscribeItem(open.uuid_event, 'refused-2'),
    ]);
    expect(answers.map((a) => [a.status, a.body.code])).toEqual([
      [409, 'event_full'],
      [200, undefined],
    ]);
    expect(await isSubscribed(open.uuid_event)).toBe(true);
    // Stored like a single request's refusal: sent alone with the same key, the same answer comes back.
    const alone = await subscribe(
      ctx,
      member.token,
      member.id,
      full.uuid_event,
      undefined,
      true,
      'refused-1',
    );
    expect([alone.statusCode, alone.json()]).toEqual([409, answers[0]?.body]);
  });

  it("answers in the caller's language", async () => {
    const full = await createEvent(ctx, organiser.token, model, { max: 1 });
    await subscribe(ctx, organiser.token, organiser.id, full.uuid_event);
    const [fr, en] = await Promise.all(
      ['fr', 'en'].map(async (language, i) => {
        const response = await replay(member.token, [subscribeItem(full.uuid_event, `lang-${i}`)], language);
        return response.json().answers[0].body.message as string;
      }),
    );
    expect(fr).not.toBe(en);
  });

  it('stops at a "retry later" answer: later items are not run, so they never overtake it', async () => {
    const event = await createEvent(ctx, organiser.token, model);
    const broken = await createEvent(ctx, organiser.token, model);
    const after = await createEvent(ctx, organiser.token, model);
    // A 500 for one event only: the database refuses to subscribe anyone to it.
    // DDL is the tables' owner's: the app's role may not make triggers (docs/rules.md#several-clubs).
    await ctx.asOwner(async (owner) => {
      await sql`create function refuse_broken() returns trigger language plpgsql as $$
        begin raise exception 'broken'; end $$`.execute(owner);
      await sql
        .raw(
          `create trigger refuse_broken before insert on subscriptions for each row
           when (new.event_uuid = '${broken.uuid_event}') execute function refuse_broken()`,
        )
        .execute(owner);
    });
    try {
      const answers = await answersOf(member.token, [
        subscribeItem(event.uuid_event, 'stop-1'),
        subscribeItem(broken.uuid_event, 'stop-2'),
        subscribeItem(after.uuid_event, 'stop-3'),
      ]);
      expect(answers.map((a) => [a.status, a.body.code])).toEqual([
        [200, undefined],
        [500, 'server_error'],
      ]);
      expect(await isSubscribed(after.uuid_event)).toBe(false);
      expect(executedKeys()).not.toContain('stop-3');
    } finally {
      await ctx.asOwner(async (owner) => {
        await sql`drop trigger refuse_broken on subscriptions`.execute(owner);
        await sql`drop function refuse_broken`.execute(owner);
      });
    }
    // The 500 was not stored: sent again, the write runs.
    const again = await answersOf(member.token, [subscribeItem(broken.uuid_event, 'stop-2')]);
    expect(again.map((a) => a.status)).toEqual([200]);
  });

  it('authorises each item as a single request: a member cannot tick the checklist of an event not theirs', async () => {
    const event = await createEvent(ctx, organiser.token, model);
    await subscribe(ctx, member.token, member.id, event.uuid_event);
    const alone = await tickAlone(member.token, event.uuid_event);
    const [batched] = await answersOf(member.token, [
      tickItem(event.uuid_event, member.id, true, 'auth-1', ctx.clock.now),
    ]);
    expect(alone.statusCode).toBe(403);
    expect([batched?.status, batched?.body]).toEqual([403, alone.json()]);
    expect(await isChecked(event.uuid_event)).toBe(false);
    // Nor subscribe someone else.
    const [other] = await answersOf(member.token, [
      subscribeItem(event.uuid_event, 'auth-2', true, organiser.id),
    ]);
    expect(other?.status).toBe(403);
    expect(await isSubscribed(event.uuid_event, organiser.id)).toBe(false);
  });

  it('answers each item as the same request sent alone, whatever the role', async () => {
    const roles = ['User', 'Contributor', 'Admin', 'SuperAdmin'] as const;
    const callers = [organiser, member];
    for (const role of roles) {
      const name = `role-${role.toLowerCase()}`;
      callers.push({ id: (await ctx.createUser(name, role)).id, token: await ctx.signIn(name) });
    }
    const statuses: Array<number | undefined> = [];
    for (const [i, caller] of callers.entries()) {
      // Two events, so the single request and the batched one each meet the same state.
      const [first, second] = [
        await createEvent(ctx, organiser.token, model),
        await createEvent(ctx, organiser.token, model),
      ];
      for (const event of [first, second]) await subscribe(ctx, member.token, member.id, event.uuid_event);
      const alone = await tickAlone(caller.token, first.uuid_event);
      const [batched] = await answersOf(caller.token, [
        tickItem(second.uuid_event, member.id, true, `role-${i}`, ctx.clock.now),
      ]);
      const comparable = (body: Record<string, unknown>) => ({ ...body, event_uuid: undefined });
      expect([batched?.status, comparable(batched?.body ?? {})]).toEqual([
        alone.statusCode,
        comparable(alone.json()),
      ]);
      statuses.push(batched?.status);
    }
    // The creator, any Admin and the SuperAdmin may tick (docs/rules.md#roles); the others may not.
    expect(statuses).toEqual([200, 403, 403, 403, 200, 200]);
  });

  it('answers 400 for an item that is not a replayable write, runs nothing of it, and goes on', async () => {
    const event = await createEvent(ctx, organiser.token, model);
    const answers = await answersOf(member.token, [
      {
        method: 'PUT',
        path: '/api/event/delete-invitation',
        body: { id: 1, uuid_event: event.uuid_event },
        idempotencyKey: 'no-1',
      },
      { method: 'DELETE', path: REPLAYABLE_WRITES.subscribeStatus.path, body: {}, idempotencyKey: 'no-2' },
      { ...subscribeItem(event.uuid_event, 'no-3'), path: `${REPLAYABLE_WRITES.subscribeStatus.path}?x=1` },
      { method: 'POST', path: '/api/replay', body: { writes: [] }, idempotencyKey: 'no-4' },
      subscribeItem(event.uuid_event, 'no-5'),
    ]);
    expect(answers.map((a) => [a.status, a.body.code])).toEqual([
      [400, 'invalid_input'],
      [400, 'invalid_input'],
      [400, 'invalid_input'],
      [400, 'invalid_input'],
      [200, undefined],
    ]);
    expect(executedKeys().filter((key) => key.startsWith('no-'))).toEqual(['no-5']);
  });

  it('an item with a bad body or key is refused as a single request would be (400), the rest runs', async () => {
    const event = await createEvent(ctx, organiser.token, model);
    const answers = await answersOf(member.token, [
      { ...subscribeItem(event.uuid_event, 'bad-1'), body: { uuid_event: 'nope' } },
      subscribeItem(event.uuid_event, 'bad key with spaces'),
      subscribeItem(event.uuid_event, 'bad-3'),
    ]);
    expect(answers.map((a) => [a.status, a.body.code])).toEqual([
      [400, 'invalid_input'],
      [400, 'invalid_input'],
      [200, undefined],
    ]);
  });

  it('a key used again with another body is 422 idempotency_key_reused for that item', async () => {
    const event = await createEvent(ctx, organiser.token, model);
    const answers = await answersOf(member.token, [
      subscribeItem(event.uuid_event, 'reuse-1'),
      subscribeItem(event.uuid_event, 'reuse-1', false),
    ]);
    expect(answers.map((a) => [a.status, a.body.code])).toEqual([
      [200, undefined],
      [422, 'idempotency_key_reused'],
    ]);
    expect(await isSubscribed(event.uuid_event)).toBe(true);
  });

  it(`refuses more than ${LIMITS.replayBatchMax} writes, an empty batch or a malformed one (400), running none`, async () => {
    const event = await createEvent(ctx, organiser.token, model);
    const tooMany = Array.from({ length: LIMITS.replayBatchMax + 1 }, (_v, i) =>
      subscribeItem(event.uuid_event, `cap-${i}`),
    );
    for (const writes of [tooMany, [], [{ method: 'PUT' }]] as Item[][]) {
      const response = await replay(member.token, writes);
      expect([response.statusCode, response.json().code]).toEqual([400, 'invalid_input']);
    }
    expect(await isSubscribed(event.uuid_event)).toBe(false);
    const atCap = await answersOf(member.token, tooMany.slice(0, LIMITS.replayBatchMax));
    expect(atCap).toHaveLength(LIMITS.replayBatchMax);
  });

  it('requires a signed-in caller: 401 before anything runs', async () => {
    const event = await createEvent(ctx, organiser.token, model);
    for (const token of [null, 'not-a-session']) {
      const response = await replay(token, [subscribeItem(event.uuid_event, 'anon-1')]);
      expect([response.statusCode, response.json().code]).toEqual([401, 'unauthorised']);
    }
    expect(await isSubscribed(event.uuid_event)).toBe(false);
  });

  it('is in the OpenAPI document', async () => {
    const doc = (await ctx.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    expect(doc.paths['/api/replay']?.post).toBeDefined();
  });
});
