import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { clubDayOf } from '../../../src/common/rules/club-time';
import { seasonOf } from '../../../src/common/rules/member-file-days';
import { createEvent, DAY, holdsPlace, insertModel, subscribe } from '../helpers/event-fixtures';
import { addPushDevice } from '../helpers/push-devices';
import { mailPart, type SmtpSink, startSmtpSink } from '../helpers/smtp-sink';
import { bearer, createTestContext, type TestContext } from '../helpers/test-context';

// The fill step and the member's file (docs/rules.md#members-file): under `block`, a waiting member whose file is
// incomplete is passed over at a freed place, keeps their place in line, and is told why once; under `warn`,
// nobody is passed over. Mails are received by a real SMTP server.
let ctx: TestContext;
let sink: SmtpSink;
let admin: string;
let organiser: string;
let serial = 0;
type Account = { id: string; name: string; token: string };

beforeAll(async () => {
  sink = await startSmtpSink();
  ctx = await createTestContext({ env: { SMTP_URL: sink.url, RATE_LIMIT_LOGIN: '1000' } });
  await ctx.createUser('filladmin', 'Admin');
  admin = await ctx.signIn('filladmin');
  await ctx.createUser('fillorga', 'Contributor');
  organiser = await ctx.signIn('fillorga');
});
afterAll(async () => {
  await ctx.close();
  await sink.close();
});
beforeEach(() => {
  sink.received.length = 0;
});

async function member(withLicence: boolean): Promise<Account> {
  serial += 1;
  const name = `filler${serial}`;
  const { id } = await ctx.createUser(name);
  if (withLicence) {
    const season = seasonOf(clubDayOf(ctx.clock.now, 'Europe/Paris'), '09-01');
    const put = await ctx.app.inject({
      method: 'PUT',
      url: `/api/user/${id}/licence`,
      headers: bearer(admin),
      payload: { number: `07${serial}`, federation: 'FFCK', type: 'Canoë Plus', season },
    });
    expect(put.statusCode).toBe(200);
  }
  return { id, name, token: await ctx.signIn(name) };
}

const join = (who: Account, eventUuid: string) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/event/waiting-list',
    headers: bearer(who.token),
    payload: { uuid_event: eventUuid, uuid_user: who.id },
  });
const waiting = async (eventUuid: string) =>
  (
    await ctx.db
      .selectFrom('waiting_list')
      .select('user_id')
      .where('event_uuid', '=', eventUuid)
      .orderBy('seq')
      .execute()
  ).map((row) => row.user_id);
/** Sends what is queued; answers the plain texts `who` received. */
async function textsTo(who: Account): Promise<string[]> {
  ctx.clock.now = new Date(ctx.clock.now.getTime() + 11 * 60_000);
  await ctx.mail.runOnce();
  return sink.received
    .filter((mail) => mail.to[0] === `${who.name}@example.org`)
    .map((mail) => mailPart(mail.raw, 'text/plain') ?? '');
}

/**
 * A full event of `holders.length` places held by `holders`, then `waiters` on its waiting list in order. The
 * members join while the model asks nothing (the single subscribe's own check is not what this tests), then the
 * model starts asking.
 */
async function fullEvent(enforcement: 'warn' | 'block', holders: Account[], waiters: Account[]) {
  const model = await insertModel(ctx, `Sortie ${enforcement} ${serial}`);
  const event = await createEvent(ctx, organiser, model, { startInMs: 3 * DAY, max: holders.length });
  for (const holder of holders)
    expect((await subscribe(ctx, holder.token, holder.id, event.uuid_event)).statusCode).toBe(200);
  for (const waiter of waiters) expect((await join(waiter, event.uuid_event)).statusCode).toBe(200);
  await ctx.db
    .updateTable('event_models')
    .set({ requires_licence: true, enforcement })
    .where('uuid', '=', model)
    .execute();
  return event.uuid_event;
}

describe('the fill step under a model that blocks an incomplete file', () => {
  it('passes over a waiting member whose file blocks, promotes the next, and tells the passed-over one once', async () => {
    const [anne, eve] = [await member(true), await member(true)];
    const [bob, carl, dora] = [await member(false), await member(true), await member(true)];
    const event = await fullEvent('block', [anne, eve], [bob, carl, dora]);

    expect((await subscribe(ctx, anne.token, anne.id, event, undefined, false)).statusCode).toBe(200);
    expect(await holdsPlace(ctx, event, carl.id)).toBe(true);
    expect(await holdsPlace(ctx, event, bob.id)).toBe(false);
    expect(await waiting(event)).toEqual([bob.id, dora.id]);
    const told = await textsTo(bob);
    expect(told).toHaveLength(1);
    expect(told[0]).toContain('Une place s');
    expect(told[0]).toContain('Vous restez sur la liste d');
    expect(told[0]).toContain('Aucune licence enregistrée pour cette saison');
    expect(told[0]).toContain('/my-profile?tab=file');
    // Nothing else: only the reason in words, never a health detail.
    expect(told[0]).not.toMatch(/certificat|questionnaire/i);

    // A second freed place: passed over again, not told again.
    sink.received.length = 0;
    expect((await subscribe(ctx, eve.token, eve.id, event, undefined, false)).statusCode).toBe(200);
    expect(await holdsPlace(ctx, event, dora.id)).toBe(true);
    expect(await waiting(event)).toEqual([bob.id]);
    expect(await textsTo(bob)).toHaveLength(0);
    expect((await textsTo(dora)).some((text) => text.includes('Une place s'))).toBe(true);
  });

  it('leaves the place free when every waiting file blocks, and tells by mail and push', async () => {
    const anne = await member(true);
    const bob = await member(false);
    await addPushDevice(ctx, bob.id);
    const event = await fullEvent('block', [anne], [bob]);
    expect((await subscribe(ctx, anne.token, anne.id, event, undefined, false)).statusCode).toBe(200);
    expect(await holdsPlace(ctx, event, bob.id)).toBe(false);
    expect(await waiting(event)).toEqual([bob.id]);
    expect(await textsTo(bob)).toHaveLength(1);
    const pushes = await ctx.db
      .selectFrom('push_queue')
      .innerJoin('push_subscriptions', 'push_subscriptions.id', 'push_queue.subscription_id')
      .select('push_queue.payload')
      .where('push_subscriptions.user_id', '=', bob.id)
      .execute();
    expect(pushes.map((push) => JSON.parse(push.payload))).toEqual([
      {
        title: "Liste d'attente : dossier à compléter",
        body: expect.stringContaining('Aucune licence enregistrée pour cette saison'),
        url: '/my-profile?tab=file',
        tag: `event-${event}`,
      },
    ]);
  });
});

describe('the fill step under a model that warns', () => {
  it('promotes the first waiting member whatever their file', async () => {
    const anne = await member(true);
    const [bob, carl] = [await member(false), await member(true)];
    const event = await fullEvent('warn', [anne], [bob, carl]);
    expect((await subscribe(ctx, anne.token, anne.id, event, undefined, false)).statusCode).toBe(200);
    expect(await holdsPlace(ctx, event, bob.id)).toBe(true);
    expect(await waiting(event)).toEqual([carl.id]);
    const texts = await textsTo(bob);
    expect(texts.some((text) => text.includes('Une place s'))).toBe(true);
    expect(texts.some((text) => text.includes('Vous restez sur la liste'))).toBe(false);
  });
});
