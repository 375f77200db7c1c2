import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seasonOf } from '../../../src/common/rules/consents';
import { createEvent, DAY, decline, organiserAndMembers, subscribe } from '../helpers/event-fixtures';
import { bearer, createTestContext, type TestContext } from '../helpers/test-context';

// « Gwen Le Bihan pour Lou Le Bihan » (docs/rules.md#families): each write a guardian makes in a child's place is
// kept in the account audit with the write, by ids only; a refused write keeps nothing; the child's data export
// names the guardian and what they did.
let ctx: TestContext;
let model: string;

beforeAll(async () => {
  ctx = await createTestContext({ env: { RATE_LIMIT_LOGIN: '1000' } });
  model = (
    await ctx.db
      .insertInto('event_models')
      .values({ uuid: crypto.randomUUID(), name: 'Pagaie', description: '' })
      .returning('uuid')
      .executeTakeFirstOrThrow()
  ).uuid;
});
afterAll(() => ctx.close());

const auditOf = (childId: string) =>
  ctx.db
    .selectFrom('account_audit')
    .select(['action', 'actor_id', 'what', 'event_uuid'])
    .where('target_id', '=', childId)
    .orderBy('id')
    .execute();

describe('the audit of what a guardian does for a child', () => {
  it('keeps each write made for the child, not the guardian’s own, nor a refused one; the export names the guardian', async () => {
    const { organiser, people } = await organiserAndMembers(ctx, 'actfor', 1);
    const [gwen] = people;
    if (!gwen) throw new Error('members');
    await ctx.db
      .updateTable('users')
      .set({ first_name: 'Gwen', last_name: 'Le Bihan' })
      .where('id', '=', gwen.id)
      .execute();
    const born = new Date(ctx.clock.now.getTime() - 9 * 365 * DAY).toISOString().slice(0, 10);
    const addChild = async (firstName: string) =>
      (
        await ctx.app.inject({
          method: 'POST',
          url: '/api/family/children',
          headers: bearer(gwen.token),
          payload: { first_name: firstName, last_name: 'Le Bihan', birth_date: born },
        })
      ).json().id as string;
    const lou = await addChild('Lou');
    const event = await createEvent(ctx, organiser.token, model, { startInMs: 2 * DAY, max: 1 });
    const other = await createEvent(ctx, organiser.token, model, { startInMs: 3 * DAY });

    expect((await subscribe(ctx, gwen.token, lou, event.uuid_event)).statusCode).toBe(200);
    expect((await decline(ctx, { id: lou, token: gwen.token }, other.uuid_event)).statusCode).toBe(200);
    // The guardian's own place: nothing in the child's audit.
    expect((await subscribe(ctx, gwen.token, gwen.id, other.uuid_event)).statusCode).toBe(200);
    // Refused (the event is full for a second child's place): nothing kept.
    const ninaId = await addChild('Nina');
    expect((await subscribe(ctx, gwen.token, ninaId, event.uuid_event)).statusCode).toBe(409);
    expect(await auditOf(ninaId)).toEqual([]);
    const season = seasonOf(ctx.clock.now.toISOString().slice(0, 10));
    const consents = await ctx.app.inject({
      method: 'PUT',
      url: `/api/user/${lou}/consents`,
      headers: bearer(gwen.token),
      payload: { season, photo: true },
    });
    expect(consents.statusCode).toBe(200);

    expect(await auditOf(lou)).toEqual([
      { action: 'acted_for', actor_id: gwen.id, what: 'subscribe', event_uuid: event.uuid_event },
      { action: 'acted_for', actor_id: gwen.id, what: 'decline', event_uuid: other.uuid_event },
      { action: 'acted_for', actor_id: gwen.id, what: 'consents', event_uuid: null },
    ]);

    const exported = await ctx.app.inject({
      method: 'GET',
      url: `/api/user/export/${lou}`,
      headers: bearer(gwen.token),
    });
    expect(exported.json().family.done_by_guardians).toEqual([
      expect.objectContaining({ by: 'Gwen Le Bihan', what: 'consents' }),
      expect.objectContaining({ by: 'Gwen Le Bihan', what: 'decline', event_uuid: other.uuid_event }),
      expect.objectContaining({ by: 'Gwen Le Bihan', what: 'subscribe', event_uuid: event.uuid_event }),
    ]);
  });
});
