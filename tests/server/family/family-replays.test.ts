import { REPLAYABLE_WRITES } from '@common/rules/replays';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createEvent,
  DAY,
  holdsPlace,
  insertModel,
  members,
  organiserAndMembers,
} from '../helpers/event-fixtures';
import { bearer, createTestContext, type TestContext } from '../helpers/test-context';

// Offline writes made for a child (docs/rules.md#families), replayed later: decided as the server stands at the
// replay. A guardian removed meanwhile, or a child turned 18 meanwhile, is refused (403, shown by the app as a
// refused write), and nothing else in the batch is lost; two guardians' phones replaying one child's place hold
// one place; a replayed key runs once.
let ctx: TestContext;
let model: string;

beforeAll(async () => {
  ctx = await createTestContext({ env: { RATE_LIMIT_LOGIN: '1000' } });
  model = await insertModel(ctx);
});
afterAll(() => ctx.close());

const subscribeItem = (eventUuid: string, userId: string, key: string) => ({
  ...REPLAYABLE_WRITES.subscribeStatus,
  body: { uuid_event: eventUuid, uuid_user: userId, subscribe: true },
  idempotencyKey: key,
});
const replay = async (token: string, writes: unknown[]) => {
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/api/replay',
    headers: bearer(token),
    payload: { writes },
  });
  expect(response.statusCode).toBe(200);
  return response.json<{ answers: Array<{ status: number; body: { code?: string } }> }>().answers;
};

/** A child of `age` (its birth date `days` after that birthday) guarded by both. */
async function childOf(guardians: Array<{ id: string }>, age: number, days = 30) {
  const [child] = await members(ctx, `replaychild${age}x${days}x`, 1);
  if (!child) throw new Error('child');
  const born = new Date(ctx.clock.now.getTime() - days * DAY);
  born.setUTCFullYear(born.getUTCFullYear() - age);
  await ctx.db
    .updateTable('users')
    .set({ birth_date: born.toISOString().slice(0, 10) })
    .where('id', '=', child.id)
    .execute();
  for (const guardian of guardians) {
    await ctx.db
      .insertInto('guardianships')
      .values({
        child_id: child.id,
        guardian_id: guardian.id,
        created_by: guardian.id,
        created_at: ctx.clock.now,
      })
      .execute();
  }
  return child;
}

describe('replays made for a child', () => {
  it('a guardian removed meanwhile is refused; the rest of the batch still runs', async () => {
    const { organiser, people } = await organiserAndMembers(ctx, 'replayfam', 1);
    const [gwen] = people;
    if (!gwen) throw new Error('members');
    const lou = await childOf([gwen], 9);
    const event = await createEvent(ctx, organiser.token, model, { startInMs: 2 * DAY });
    await ctx.db.deleteFrom('guardianships').where('child_id', '=', lou.id).execute();
    const answers = await replay(gwen.token, [
      subscribeItem(event.uuid_event, lou.id, 'removed-1'),
      subscribeItem(event.uuid_event, gwen.id, 'removed-2'),
    ]);
    expect(answers.map((a) => [a.status, a.body.code])).toEqual([
      [403, 'forbidden'],
      [200, undefined],
    ]);
    expect(await holdsPlace(ctx, event.uuid_event, lou.id)).toBe(false);
    expect(await holdsPlace(ctx, event.uuid_event, gwen.id)).toBe(true);
  });

  it('a child who turned 18 between the write and its replay is refused', async () => {
    const { organiser, people } = await organiserAndMembers(ctx, 'replay18', 1);
    const [gwen] = people;
    if (!gwen) throw new Error('members');
    // 18 in two days: written today offline, replayed on the third day.
    const grown = await childOf([gwen], 18, -2);
    const event = await createEvent(ctx, organiser.token, model, { startInMs: 6 * DAY });
    const token = gwen.token;
    ctx.clock.now = new Date(ctx.clock.now.getTime() + 3 * DAY);
    try {
      const [answer] = await replay(token, [subscribeItem(event.uuid_event, grown.id, 'grown-1')]);
      expect([answer?.status, answer?.body.code]).toEqual([403, 'forbidden']);
    } finally {
      ctx.clock.now = new Date(ctx.clock.now.getTime() - 3 * DAY);
    }
  });

  it("both guardians' phones replaying one child's place hold one place, each key run once", async () => {
    const { organiser, people } = await organiserAndMembers(ctx, 'replaytwo', 2);
    const [gwen, yann] = people;
    if (!gwen || !yann) throw new Error('members');
    const nina = await childOf([gwen, yann], 11);
    const event = await createEvent(ctx, organiser.token, model, { startInMs: 2 * DAY, max: 5 });
    const [fromGwen] = await replay(gwen.token, [subscribeItem(event.uuid_event, nina.id, 'two-gwen')]);
    const [fromYann] = await replay(yann.token, [subscribeItem(event.uuid_event, nina.id, 'two-yann')]);
    const [again] = await replay(gwen.token, [subscribeItem(event.uuid_event, nina.id, 'two-gwen')]);
    expect([fromGwen?.status, fromYann?.status, again?.status]).toEqual([200, 200, 200]);
    const places = await ctx.db
      .selectFrom('subscriptions')
      .select('uuid')
      .where('event_uuid', '=', event.uuid_event)
      .where('user_id', '=', nina.id)
      .execute();
    expect(places).toHaveLength(1);
  });
});
