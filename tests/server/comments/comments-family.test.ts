import type { PushMessage } from '@common/contract/push';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEvent, DAY, insertModel, type Member, members, subscribe } from '../helpers/event-fixtures';
import { addPushDevice } from '../helpers/push-devices';
import { bearer, createTestContext, type TestContext } from '../helpers/test-context';

// A guardian writes in a thread as themself, for their child (docs/rules.md#talking-around-an-event, #families):
// « Gwen, pour Lou ». Only for a minor they may act for; a restricted guardian never sees the child named; the
// comments are in the author's data export.
let ctx: TestContext;
let model: string;
let organiser: Member;
let gwen: Member;
let other: Member;
let lou: { id: string };
let eventUuid: string;

const post = (token: string, payload: object) =>
  ctx.app.inject({
    method: 'POST',
    url: `/api/event/${eventUuid}/comments`,
    headers: bearer(token),
    payload,
  });

beforeAll(async () => {
  ctx = await createTestContext({ env: { RATE_LIMIT_LOGIN: '1000' } });
  model = await insertModel(ctx, 'Pagaie jeunes');
  [organiser, gwen, other] = (await members(ctx, 'fam', 3)) as [Member, Member, Member];
  await ctx.db
    .updateTable('users')
    .set({ role_name: 'Contributor' })
    .where('id', '=', organiser.id)
    .execute();
  await ctx.db
    .updateTable('users')
    .set({ first_name: 'Gwen', last_name: 'Le Bihan' })
    .where('id', '=', gwen.id)
    .execute();
  const born = new Date(ctx.clock.now.getTime() - 12 * 365 * DAY).toISOString().slice(0, 10);
  const child = await ctx.app.inject({
    method: 'POST',
    url: '/api/family/children',
    headers: bearer(gwen.token),
    payload: { first_name: 'Lou', last_name: 'Le Bihan', birth_date: born },
  });
  expect(child.statusCode).toBe(201);
  lou = child.json();
  eventUuid = (await createEvent(ctx, organiser.token, model, { startInMs: 2 * DAY })).uuid_event;
  expect((await subscribe(ctx, gwen.token, lou.id, eventUuid)).statusCode).toBe(200);
});
afterAll(() => ctx.close());

describe('writing for a child', () => {
  it('shows the guardian as author and the child as acting_for', async () => {
    const response = await post(gwen.token, { text: 'Lou aura sa pagaie', acting_for: lou.id });
    expect(response.statusCode).toBe(201);
    expect(response.json().author).toMatchObject({ id: gwen.id, first_name: 'Gwen' });
    expect(response.json().acting_for).toEqual({ id: lou.id, first_name: 'Lou', last_name: 'Le Bihan' });
    const audit = await ctx.db
      .selectFrom('account_audit')
      .select(['what', 'event_uuid'])
      .where('actor_id', '=', gwen.id)
      .where('target_id', '=', lou.id)
      .where('what', '=', 'comment')
      .execute();
    expect(audit).toEqual([{ what: 'comment', event_uuid: eventUuid }]);
  });

  it('refuses acting_for someone the author may not act for (403)', async () => {
    const response = await post(other.token, { text: 'Pour Lou', acting_for: lou.id });
    expect(response.statusCode).toBe(403);
    expect((await post(gwen.token, { text: 'Pour un adulte', acting_for: other.id })).statusCode).toBe(403);
  });

  it("tells a child's guardian of others' comments once, naming the child, and never of their own", async () => {
    const [erwan] = (await members(ctx, 'famg', 1)) as [Member];
    await ctx.db
      .insertInto('guardianships')
      .values({ child_id: lou.id, guardian_id: erwan.id, created_by: gwen.id, created_at: ctx.clock.now })
      .execute();
    await addPushDevice(ctx, gwen.id);
    await addPushDevice(ctx, erwan.id);
    await ctx.db.deleteFrom('push_queue').execute();
    const payloads = async (userId: string) =>
      (
        await ctx.db
          .selectFrom('push_queue')
          .innerJoin('push_subscriptions', 'push_subscriptions.id', 'push_queue.subscription_id')
          .select('payload')
          .where('push_subscriptions.user_id', '=', userId)
          .execute()
      ).map((r) => JSON.parse(r.payload) as PushMessage);
    await post(gwen.token, { text: 'Encore moi', acting_for: lou.id });
    expect(await payloads(gwen.id)).toEqual([]);
    // Erwan has not written: he hears of it as Lou's guardian, Lou named.
    const [toErwan, ...more] = await payloads(erwan.id);
    expect(more).toEqual([]);
    expect(toErwan?.body).toContain('Lou Le Bihan');
    await ctx.db.deleteFrom('push_queue').execute();
    expect((await post(organiser.token, { text: 'Rendez-vous 14 h' })).statusCode).toBe(201);
    // Gwen already wrote: one push on her own account, not a second one for Lou.
    const toGwen = await payloads(gwen.id);
    expect(toGwen).toHaveLength(1);
    expect(toGwen[0]?.body).toContain('Rendez-vous 14 h');
    expect(await payloads(erwan.id)).toHaveLength(1);
  });

  it('hides the child from a restricted guardian, in the thread too', async () => {
    const [restricted] = (await members(ctx, 'famr', 1)) as [Member];
    await ctx.db
      .insertInto('guardianships')
      .values({
        child_id: lou.id,
        guardian_id: restricted.id,
        is_restricted: true,
        created_by: null,
        created_at: ctx.clock.now,
      })
      .execute();
    const token = await ctx.signIn(restricted.username);
    const read = await ctx.app.inject({
      method: 'GET',
      url: `/api/event/${eventUuid}/comments`,
      headers: bearer(token),
    });
    const forLou = read.json().filter((c: { acting_for?: unknown }) => c.acting_for);
    expect(forLou.length).toBeGreaterThan(0);
    for (const comment of forLou)
      expect(comment.acting_for).toMatchObject({ first_name: null, last_name: null });
    expect(JSON.stringify(read.json())).not.toContain(lou.id);
    expect(
      (
        await ctx.app.inject({
          method: 'POST',
          url: `/api/event/${eventUuid}/comments`,
          headers: bearer(token),
          payload: { text: 'x', acting_for: lou.id },
        })
      ).statusCode,
    ).toBe(404);
  });

  it("puts the comments in their author's data export", async () => {
    const response = await ctx.app.inject({
      method: 'GET',
      url: `/api/user/export/${gwen.id}`,
      headers: bearer(gwen.token),
    });
    expect(response.statusCode).toBe(200);
    const comments = response.json().comments as Array<{
      text: string;
      acting_for: string | null;
      event_uuid: string;
    }>;
    expect(comments.map((c) => c.text).sort()).toEqual(['Encore moi', 'Lou aura sa pagaie']);
    expect(comments.every((c) => c.acting_for === lou.id && c.event_uuid === eventUuid)).toBe(true);
  });
});
