import { LIMITS } from '@common/contract/limits';
import { REPLAYABLE_WRITES } from '@common/rules/replays';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEvent, DAY, holdsPlace, insertModel, members, subscribe } from '../helpers/event-fixtures';
import { bearer, createTestContext, type TestContext } from '../helpers/test-context';

// Write limits (docs/rules.md#abuse-limits): 600 signed-in writes per member per 10 minutes, and 20
// subscription changes per member and event; a write inside /api/replay counts like a direct one; over a
// limit, 429 `rate_limited` with Retry-After, nothing written and nothing stored for replay.
let ctx: TestContext;
let model: string;
let organiser: { id: string; token: string };

beforeAll(async () => {
  ctx = await createTestContext({ env: { RATE_LIMIT_LOGIN: '1000' } });
  organiser = { id: (await ctx.createUser('orga', 'Contributor')).id, token: await ctx.signIn('orga') };
  model = await insertModel(ctx);
});
afterAll(() => ctx.close());

const WINDOW = LIMITS.writeWindowMs;
const later = (ms: number) => {
  ctx.clock.now = new Date(ctx.clock.now.getTime() + ms);
};
const subscribed = (eventUuid: string, userId: string) => holdsPlace(ctx, eventUuid, userId);

function expectLimited(response: {
  statusCode: number;
  headers: Record<string, unknown>;
  json: () => unknown;
}) {
  expect(response.statusCode).toBe(429);
  expect(response.json()).toMatchObject({ code: 'rate_limited', field: null });
  const retryAfter = Number(response.headers['retry-after']);
  expect(retryAfter).toBeGreaterThanOrEqual(1);
  expect(retryAfter).toBeLessThanOrEqual(WINDOW / 1000);
  return retryAfter;
}

describe('subscription changes per member and event', () => {
  it('allow 20 in 10 minutes; the 21st is 429 rate_limited and changes nothing; another event is free', async () => {
    const [member] = await members(ctx, 'toggler', 1);
    if (!member) throw new Error('no member');
    const event = await createEvent(ctx, organiser.token, model, { startInMs: 2 * DAY });
    const other = await createEvent(ctx, organiser.token, model, { startInMs: 3 * DAY });
    for (let i = 0; i < LIMITS.subscriptionChangesPerEvent; i++) {
      const response = await subscribe(
        ctx,
        member.token,
        member.id,
        event.uuid_event,
        undefined,
        i % 2 === 0,
      );
      expect(response.statusCode, `change ${i + 1}`).toBe(200);
    }
    // 20 changes ended unsubscribed; the 21st would subscribe.
    expectLimited(await subscribe(ctx, member.token, member.id, event.uuid_event));
    expect(await subscribed(event.uuid_event, member.id)).toBe(false);
    expect((await subscribe(ctx, member.token, member.id, other.uuid_event)).statusCode).toBe(200);
    // Reads are never limited.
    const read = await ctx.app.inject({
      method: 'GET',
      url: `/api/event/${event.uuid_event}`,
      headers: bearer(member.token),
    });
    expect(read.statusCode).toBe(200);
    later(WINDOW);
    expect((await subscribe(ctx, member.token, member.id, event.uuid_event)).statusCode).toBe(200);
  });

  it('inside /api/replay count like direct ones: the limited write is answered 429, stops the batch, and runs when sent again later', async () => {
    const [member] = await members(ctx, 'replayer', 1);
    if (!member) throw new Error('no member');
    const event = await createEvent(ctx, organiser.token, model, { startInMs: 2 * DAY });
    for (let i = 0; i < LIMITS.subscriptionChangesPerEvent; i++)
      await subscribe(ctx, member.token, member.id, event.uuid_event, undefined, i % 2 === 0);
    const item = (key: string, flag: boolean) => ({
      ...REPLAYABLE_WRITES.subscribeStatus,
      body: { uuid_event: event.uuid_event, uuid_user: member.id, subscribe: flag },
      idempotencyKey: key,
    });
    const batch = { writes: [item('limited-1', true), item('limited-2', false)] };
    const send = () =>
      ctx.app.inject({ method: 'POST', url: '/api/replay', headers: bearer(member.token), payload: batch });
    const first = (await send()).json<{
      answers: Array<{ status: number; body: unknown; retry_after?: number }>;
    }>();
    expect(first.answers).toHaveLength(1);
    expect(first.answers[0]).toMatchObject({ status: 429, body: { code: 'rate_limited' } });
    expect(first.answers[0]?.retry_after).toBeGreaterThanOrEqual(1);
    expect(await subscribed(event.uuid_event, member.id)).toBe(false);
    // Not stored: once the window has passed, the same keys run for real.
    later(WINDOW);
    const second = (await send()).json<{ answers: Array<{ status: number }> }>();
    expect(second.answers.map((a) => a.status)).toEqual([200, 200]);
    expect(await subscribed(event.uuid_event, member.id)).toBe(false);
    const stored = await ctx.db
      .selectFrom('idempotency_keys')
      .select('key')
      .where('user_id', '=', member.id)
      .execute();
    expect(stored.map((row) => row.key).sort()).toEqual(['limited-1', 'limited-2']);
  });
});

describe('writes per member', () => {
  it("allow 600 in 10 minutes, then 429 until the window moves on; another member's are their own", async () => {
    const [busy, calm] = await members(ctx, 'writer', 2);
    if (!busy || !calm) throw new Error('no members');
    const update = (who: { id: string; token: string }, city: string) =>
      ctx.app.inject({
        method: 'PUT',
        url: `/api/user/profile/update/${who.id}`,
        headers: bearer(who.token),
        payload: { city },
      });
    for (let i = 0; i < LIMITS.writesPerUser; i++) {
      const response = await update(busy, `Ville ${i}`);
      if (response.statusCode !== 200) throw new Error(`write ${i + 1}: ${response.statusCode}`);
    }
    const retryAfter = expectLimited(await update(busy, 'Trop'));
    expect((await update(calm, 'Brest')).statusCode).toBe(200);
    const profile = await ctx.db
      .selectFrom('users')
      .select('city')
      .where('id', '=', busy.id)
      .executeTakeFirstOrThrow();
    expect(profile.city).toBe(`Ville ${LIMITS.writesPerUser - 1}`);
    later(retryAfter * 1000);
    expect((await update(busy, 'Quimper')).statusCode).toBe(200);
  });

  it('leave room for an organiser replaying a 300-row checklist', async () => {
    const people = await members(ctx, 'rower', 3);
    const event = await createEvent(ctx, organiser.token, model, { startInMs: 2 * DAY });
    for (const p of people) await subscribe(ctx, p.token, p.id, event.uuid_event);
    const ticks = Array.from({ length: 300 }, (_, i) => ({
      ...REPLAYABLE_WRITES.checklist,
      body: {
        event_uuid: event.uuid_event,
        is_invited: false,
        user_id: people[i % 3]?.id,
        is_checked: i % 2 === 0,
        checked_at: ctx.clock.now.toISOString(),
      },
      idempotencyKey: `tick-${i}`,
    }));
    const statuses: number[] = [];
    for (let start = 0; start < ticks.length; start += LIMITS.replayBatchMax) {
      const response = await ctx.app.inject({
        method: 'POST',
        url: '/api/replay',
        headers: bearer(organiser.token),
        payload: { writes: ticks.slice(start, start + LIMITS.replayBatchMax) },
      });
      statuses.push(...response.json<{ answers: Array<{ status: number }> }>().answers.map((a) => a.status));
    }
    expect(statuses).toHaveLength(300);
    expect(statuses.every((status) => status === 200)).toBe(true);
  });
});
