import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KEYS_PER_USER_MAX } from '../../../server/writes/idempotency';
import { claimKey, type Scope, saveRefusal } from '../../../server/writes/idempotency.repository';
import { createEvent, insertModel, subscribe } from '../helpers/event-fixtures';
import { createTestContext, type TestContext } from '../helpers/test-context';

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const HASH = 'a'.repeat(64);
const scopeOf = (userId: string, key: string): Scope => ({
  user_id: userId,
  method: 'PUT',
  path: '/api/event/subscribe/status',
  key,
});
const at = (minute: number) => new Date(Date.UTC(2026, 10, 23, 12, minute));

const keysOf = async (userId: string) =>
  (
    await ctx.db
      .selectFrom('idempotency_keys')
      .select('key')
      .where('user_id', '=', userId)
      .orderBy('created_at')
      .execute()
  ).map((row) => row.key);

describe('idempotency keys per user (repository, with a cap of 3)', () => {
  it('storing one more key deletes the oldest of that user past the cap, in the same transaction', async () => {
    const user = randomUUID();
    const neighbour = randomUUID();
    await ctx.db.transaction().execute((trx) => claimKey(trx, scopeOf(neighbour, 'n1'), HASH, at(0), 3));
    for (const minute of [1, 2, 3, 4, 5]) {
      await ctx.db
        .transaction()
        .execute((trx) => claimKey(trx, scopeOf(user, `k${minute}`), HASH, at(minute), 3));
    }
    expect(await keysOf(user)).toEqual(['k3', 'k4', 'k5']);
    // Another user's keys are not theirs to make room with.
    expect(await keysOf(neighbour)).toEqual(['n1']);
  });

  it('a stored refusal makes room the same way', async () => {
    const user = randomUUID();
    for (const minute of [1, 2, 3]) {
      await ctx.db
        .transaction()
        .execute((trx) => claimKey(trx, scopeOf(user, `k${minute}`), HASH, at(minute), 3));
    }
    const refusal = { status: 409, body: { code: 'event_full' } };
    await ctx.db
      .transaction()
      .execute((trx) => saveRefusal(trx, scopeOf(user, 'r4'), HASH, refusal, at(4), 3));
    expect(await keysOf(user)).toEqual(['k2', 'k3', 'r4']);
  });

  it('rolls the deletion back with the action: a failed write keeps every old key', async () => {
    const user = randomUUID();
    for (const minute of [1, 2, 3]) {
      await ctx.db
        .transaction()
        .execute((trx) => claimKey(trx, scopeOf(user, `k${minute}`), HASH, at(minute), 3));
    }
    await expect(
      ctx.db.transaction().execute(async (trx) => {
        await claimKey(trx, scopeOf(user, 'k4'), HASH, at(4), 3);
        throw new Error('the action failed');
      }),
    ).rejects.toThrow('the action failed');
    expect(await keysOf(user)).toEqual(['k1', 'k2', 'k3']);
  });
});

describe('idempotency keys per user (through the API, the real cap)', () => {
  it(`keeps at most ${KEYS_PER_USER_MAX} keys: a keyed write past it drops the oldest`, async () => {
    await ctx.createUser('orga', 'Contributor');
    const organiser = await ctx.signIn('orga');
    const member = { id: (await ctx.createUser('nina')).id, token: await ctx.signIn('nina') };
    const old = ctx.clock.now.getTime() - 3_600_000;
    await ctx.db
      .insertInto('idempotency_keys')
      .values(
        Array.from({ length: KEYS_PER_USER_MAX }, (_, i) => ({
          ...scopeOf(member.id, `old-${i}`),
          body_hash: HASH,
          status_code: 200,
          response_body: '{}',
          created_at: new Date(old + i * 1000),
        })),
      )
      .execute();
    const event = await createEvent(ctx, organiser, await insertModel(ctx));
    const response = await subscribe(ctx, member.token, member.id, event.uuid_event, undefined, true, 'new');
    expect(response.statusCode).toBe(200);
    const keys = await keysOf(member.id);
    expect(keys).toHaveLength(KEYS_PER_USER_MAX);
    expect(keys[0]).toBe('old-1');
    expect(keys.at(-1)).toBe('new');
    // The newest key still replays: same answer, nothing done twice.
    const replay = await subscribe(ctx, member.token, member.id, event.uuid_event, undefined, true, 'new');
    expect(replay.json()).toEqual(response.json());
  });
});
