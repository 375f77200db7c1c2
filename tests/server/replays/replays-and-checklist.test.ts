import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NOTICE_GRACE_MS } from '../../../server/modules/participation/subscription-notices';
import { createEvent, insertModel, subscribe } from '../helpers/event-fixtures';
import { bearer, createTestContext, type TestContext } from '../helpers/test-context';

let ctx: TestContext;
let organiser: string;
let model: string;
let member: { id: string; token: string };

beforeAll(async () => {
  ctx = await createTestContext({ env: { RATE_LIMIT_LOGIN: '1000' } });
  await ctx.createUser('orga', 'Contributor');
  organiser = await ctx.signIn('orga');
  model = await insertModel(ctx);
  member = { id: (await ctx.createUser('nina')).id, token: await ctx.signIn('nina') };
});
afterAll(() => ctx.close());

const isSubscribed = async (eventUuid: string) =>
  (
    await ctx.db
      .selectFrom('subscriptions')
      .select('uuid')
      .where('event_uuid', '=', eventUuid)
      .where('user_id', '=', member.id)
      .execute()
  ).length === 1;

describe('replays with Idempotency-Key', () => {
  it('replaying an old subscribe after an unsubscribe answers the first answer and does not subscribe again', async () => {
    const event = await createEvent(ctx, organiser, model);
    const first = await subscribe(ctx, member.token, member.id, event.uuid_event, undefined, true, 'k1');
    expect(first.statusCode).toBe(200);
    const leave = await subscribe(ctx, member.token, member.id, event.uuid_event, undefined, false, 'k2');
    expect(leave.statusCode).toBe(200);
    expect(await isSubscribed(event.uuid_event)).toBe(false);
    const replay = await subscribe(ctx, member.token, member.id, event.uuid_event, undefined, true, 'k1');
    expect(replay.statusCode).toBe(200);
    expect(replay.json()).toEqual(first.json());
    expect(await isSubscribed(event.uuid_event)).toBe(false);
  });

  it('refuses the same key with another body: 422 idempotency_key_reused', async () => {
    const event = await createEvent(ctx, organiser, model);
    await subscribe(ctx, member.token, member.id, event.uuid_event, undefined, true, 'k3');
    const reused = await subscribe(ctx, member.token, member.id, event.uuid_event, undefined, false, 'k3');
    expect(reused.statusCode).toBe(422);
    expect(reused.json().code).toBe('idempotency_key_reused');
    expect(await isSubscribed(event.uuid_event)).toBe(true);
  });

  it('stores a refusal and answers it again', async () => {
    const event = await createEvent(ctx, organiser, model, { max: 1 });
    await subscribe(
      ctx,
      organiser,
      (await ctx.db.selectFrom('users').select('id').where('username', '=', 'orga').executeTakeFirstOrThrow())
        .id,
      event.uuid_event,
    );
    const full = await subscribe(ctx, member.token, member.id, event.uuid_event, undefined, true, 'k4');
    expect(full.json().code).toBe('event_full');
    const replay = await subscribe(ctx, member.token, member.id, event.uuid_event, undefined, true, 'k4');
    expect([replay.statusCode, replay.json().code]).toEqual([409, 'event_full']);
  });

  it('two simultaneous requests with one key execute once', async () => {
    const event = await createEvent(ctx, organiser, model);
    // Confirmations are written when their coalesced notice is due (docs/rules.md#subscriptions): let the
    // earlier tests' come out first, then count this one's.
    const confirmations = async () => {
      ctx.clock.now = new Date(ctx.clock.now.getTime() + NOTICE_GRACE_MS);
      await ctx.mail.runOnce();
      const rows = await ctx.db
        .selectFrom('mail_queue')
        .select('id')
        .where('to_address', '=', 'nina@example.org')
        .where('subject', 'like', '%Inscription%')
        .execute();
      return rows.length;
    };
    const before = await confirmations();
    const [one, two] = await Promise.all([
      subscribe(ctx, member.token, member.id, event.uuid_event, undefined, true, 'k5'),
      subscribe(ctx, member.token, member.id, event.uuid_event, undefined, true, 'k5'),
    ]);
    expect([one.statusCode, two.statusCode]).toEqual([200, 200]);
    const keys = await ctx.db.selectFrom('idempotency_keys').select('key').where('key', '=', 'k5').execute();
    expect(keys).toHaveLength(1);
    expect(await isSubscribed(event.uuid_event)).toBe(true);
    expect(await confirmations()).toBe(before + 1);
  });

  it('keys are per user: another member may use the same key', async () => {
    const event = await createEvent(ctx, organiser, model);
    const other = { id: (await ctx.createUser('omar')).id, token: await ctx.signIn('omar') };
    await subscribe(ctx, member.token, member.id, event.uuid_event, undefined, true, 'shared');
    const theirs = await subscribe(ctx, other.token, other.id, event.uuid_event, undefined, true, 'shared');
    expect(theirs.json().subcribers_count).toBe(2);
  });

  it('does not store a 5xx: the same key runs again once the fault is gone', async () => {
    const event = await createEvent(ctx, organiser, model);
    // A fault inside the action: writing a subscription briefly fails. A trigger, not a renamed table: on
    // PostgreSQL the other files' migrators read every schema's catalogue, and a table missing from it for a
    // moment failed one of them ("relation … does not exist").
    // DDL is the tables' owner's: the app's role may not make triggers (docs/rules.md#several-clubs).
    await ctx.asOwner(async (owner) => {
      await sql`create function fail_subscription_insert() returns trigger language plpgsql as $$
        begin raise exception 'fault injected by the test'; end $$`.execute(owner);
      await sql`create trigger subscription_fault before insert on subscriptions
        for each row execute function fail_subscription_insert()`.execute(owner);
    });
    const failed = await subscribe(ctx, member.token, member.id, event.uuid_event, undefined, true, 'k6');
    await ctx.asOwner(async (owner) => {
      await sql`drop trigger subscription_fault on subscriptions`.execute(owner);
      await sql`drop function fail_subscription_insert()`.execute(owner);
    });
    expect(failed.statusCode).toBe(500);
    expect(
      await ctx.db.selectFrom('idempotency_keys').select('key').where('key', '=', 'k6').execute(),
    ).toEqual([]);
    const retried = await subscribe(ctx, member.token, member.id, event.uuid_event, undefined, true, 'k6');
    expect(retried.statusCode).toBe(200);
    expect(await isSubscribed(event.uuid_event)).toBe(true);
  });
});

describe('checklist', () => {
  const tick = (
    eventUuid: string,
    userId: string | number,
    isChecked: boolean,
    checkedAt?: Date,
    isInvited = false,
  ) =>
    ctx.app.inject({
      method: 'PUT',
      url: '/api/event/checklist',
      headers: bearer(organiser),
      payload: {
        event_uuid: eventUuid,
        is_invited: isInvited,
        user_id: userId,
        is_checked: isChecked,
        ...(checkedAt ? { checked_at: checkedAt.toISOString() } : {}),
      },
    });

  it('ends in the newest state whatever order the writes arrive in', async () => {
    const event = await createEvent(ctx, organiser, model);
    await subscribe(ctx, member.token, member.id, event.uuid_event);
    const t0 = ctx.clock.now.getTime();
    const writes: Array<[boolean, number]> = [
      [true, t0 - 30_000],
      [false, t0 - 20_000],
      [true, t0 - 10_000],
    ];
    for (const order of [
      [2, 0, 1],
      [1, 2, 0],
      [0, 1, 2],
    ]) {
      await ctx.db
        .updateTable('subscriptions')
        .set({ is_checked: false, checked_at: null })
        .where('event_uuid', '=', event.uuid_event)
        .execute();
      let last = undefined as unknown as { is_checked: boolean; checked_at: string };
      for (const i of order) {
        const [checked, at] = writes[i] as [boolean, number];
        last = (await tick(event.uuid_event, member.id, checked, new Date(at))).json();
      }
      expect(last).toMatchObject({ is_checked: true, checked_at: new Date(t0 - 10_000).toISOString() });
    }
  });

  it('clamps a far-future checked_at to server time + 2 minutes, and stores who ticked', async () => {
    const event = await createEvent(ctx, organiser, model);
    await subscribe(ctx, member.token, member.id, event.uuid_event);
    const answer = await tick(
      event.uuid_event,
      member.id,
      true,
      new Date(ctx.clock.now.getTime() + 86_400_000),
    );
    expect(answer.json().checked_at).toBe(new Date(ctx.clock.now.getTime() + 120_000).toISOString());
    // A later honest tick (now) is older than the clamped one and so is ignored, by design.
    const row = await ctx.db
      .selectFrom('subscriptions')
      .select(['checked_by'])
      .where('event_uuid', '=', event.uuid_event)
      .executeTakeFirstOrThrow();
    expect(row.checked_by).toBe(
      (await ctx.db.selectFrom('users').select('id').where('username', '=', 'orga').executeTakeFirstOrThrow())
        .id,
    );
  });

  it('ticks a guest by number; only the creator or a SuperAdmin may tick', async () => {
    const event = await createEvent(ctx, organiser, model);
    await subscribe(ctx, member.token, member.id, event.uuid_event);
    const guest = await ctx.app.inject({
      method: 'POST',
      url: '/api/event/invite',
      headers: bearer(member.token),
      payload: { uuid_event: event.uuid_event, uuid_user: member.id, first_name: 'Léo', last_name: 'Mer' },
    });
    const ticked = await tick(event.uuid_event, guest.json().id, true, undefined, true);
    expect(ticked.json()).toMatchObject({ is_invited: true, user_id: guest.json().id, is_checked: true });
    const byMember = await ctx.app.inject({
      method: 'PUT',
      url: '/api/event/checklist',
      headers: bearer(member.token),
      payload: { event_uuid: event.uuid_event, is_invited: false, user_id: member.id, is_checked: true },
    });
    expect(byMember.statusCode).toBe(403);
  });
});
