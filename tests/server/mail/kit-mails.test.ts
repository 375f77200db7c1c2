import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeDueNotices } from '../../../server/jobs/due-notices';
import { sendDueReminders } from '../../../server/modules/reminders/reminders.service';
import { createEvent, DAY, HOUR, insertModel, insertStuff } from '../helpers/event-fixtures';
import { bearer, createTestContext, type TestContext } from '../helpers/test-context';

// Mails list the booked kit (docs/rules.md#mails): the subscription confirmation, the reminder and the promotion,
// in the text and the HTML parts alike; a guardian's copy lists the child's.
let ctx: TestContext;
let model: string;
let organiser: string;
const stuff: Record<'kayak' | 'paddle' | 'vest' | 'lastVest', string> = {} as never;
type Who = { id: string; token: string; username: string };
const people: Record<string, Who> = {};

beforeAll(async () => {
  ctx = await createTestContext({ env: { RATE_LIMIT_LOGIN: '1000', CLUB_TIMEZONE: 'Europe/Paris' } });
  ctx.clock.now = new Date('2027-05-03T08:00:00Z'); // Monday 10:00 in Paris
  await ctx.createUser('orga', 'Contributor');
  organiser = await ctx.signIn('orga');
  model = await insertModel(ctx, 'Sortie mer');
  stuff.kayak = await insertStuff(ctx, 'Kayak mono K1', 50);
  stuff.paddle = await insertStuff(ctx, 'Pagaie double', 50);
  stuff.vest = await insertStuff(ctx, 'Gilet', 50);
  stuff.lastVest = await insertStuff(ctx, 'Gilet enfant', 1);
  for (const name of ['nina', 'yann', 'zoe', 'gwen', 'tom', 'ana']) {
    const { id } = await ctx.createUser(name);
    people[name] = { id, username: name, token: await ctx.signIn(name) };
  }
  await ctx.db.updateTable('users').set({ language: 'en' }).where('id', '=', person('yann').id).execute();
});
afterAll(() => ctx.close());

const person = (name: string) => people[name] as Who;
const subscribeKit = async (by: Who, eventUuid: string, stuffs: string[], forId = by.id) => {
  const response = await ctx.app.inject({
    method: 'PUT',
    url: '/api/event/subscribe/status',
    headers: bearer(by.token),
    payload: { uuid_event: eventUuid, uuid_user: forId, subscribe: true, stuffs },
  });
  expect(response.statusCode).toBe(200);
};
/** The queued mails of one kind to one address, oldest first, with the HTML read as a person reads it. */
async function mailsTo(address: string, kind: string) {
  const rows = await ctx.db
    .selectFrom('mail_queue')
    .select(['body_text', 'body_html'])
    .where('to_address', '=', address)
    .where('kind', '=', kind)
    .orderBy('id')
    .execute();
  return rows.map((row) => ({ text: row.body_text, html: visible(row.body_html ?? '') }));
}
const visible = (html: string) =>
  html
    .replace(/<[^>]+>/g, '')
    .replace(/&nbsp;|\u00a0/g, ' ')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&');
/**
 * Past the subscription notices' grace: the confirmations are queued. The rounds the requests kicked finish first:
 * one still running when the clock moves would take the notices due in its own transaction, out of this one's sight.
 */
async function queueNotices() {
  await ctx.mail.runOnce();
  ctx.clock.now = new Date(ctx.clock.now.getTime() + 11 * 60_000);
  await writeDueNotices({ db: ctx.db, now: () => ctx.clock.now, config: ctx.config });
}
const newEvent = (options: { startInMs?: number; max?: number; stuffs?: string[] } = {}) =>
  createEvent(ctx, organiser, model, {
    startInMs: options.startInMs ?? 3 * DAY,
    max: options.max ?? 10,
    stuffs: options.stuffs ?? [stuff.kayak, stuff.paddle, stuff.vest],
  });

describe('the subscription confirmation', () => {
  it('lists the kit in its order, in the text and the HTML, in the member’s language; nothing on one’s own equipment', async () => {
    const event = await newEvent();
    await subscribeKit(person('nina'), event.uuid_event, [stuff.kayak, stuff.paddle, stuff.vest]);
    await subscribeKit(person('yann'), event.uuid_event, [stuff.kayak]);
    await subscribeKit(person('zoe'), event.uuid_event, []);
    await queueNotices();
    const [nina] = await mailsTo('nina@example.org', 'subscribe_unsubscribe');
    expect(nina?.text).toContain(
      'Inscription confirmée : Sortie mer, jeudi 06/05/2027 10:00.\n\nVotre matériel : Kayak mono K1, Pagaie double, Gilet.',
    );
    expect(nina?.html).toContain('Votre matériel : Kayak mono K1, Pagaie double, Gilet.');
    const [yann] = await mailsTo('yann@example.org', 'subscribe_unsubscribe');
    expect(yann?.text).toContain('Your kit: Kayak mono K1.');
    expect(yann?.html).toContain('Your kit: Kayak mono K1.');
    const [zoe] = await mailsTo('zoe@example.org', 'subscribe_unsubscribe');
    expect(zoe?.text).toContain('Inscription confirmée : Sortie mer');
    expect(zoe?.text).not.toContain('Votre matériel');
    expect(zoe?.html).not.toContain('Votre matériel');
  });

  it("lists a child's kit in their guardian's copy", async () => {
    const gwen = person('gwen');
    const born = `${new Date(ctx.clock.now).getUTCFullYear() - 10}-03-01`;
    const child = await ctx.app.inject({
      method: 'POST',
      url: '/api/family/children',
      headers: bearer(gwen.token),
      payload: { first_name: 'Lou', last_name: 'Le Bihan', birth_date: born },
    });
    expect(child.statusCode).toBe(201);
    const event = await newEvent();
    await subscribeKit(gwen, event.uuid_event, [stuff.vest, stuff.kayak], child.json<{ id: string }>().id);
    await queueNotices();
    const [copy] = await mailsTo('gwen@example.org', 'subscribe_unsubscribe');
    expect(copy?.text).toContain('Ce message concerne Lou Le Bihan, dont vous êtes responsable.');
    expect(copy?.text).toContain('Votre matériel : Gilet, Kayak mono K1.');
    expect(copy?.html).toContain('Votre matériel : Gilet, Kayak mono K1.');
  });
});

describe('the reminder', () => {
  it('lists the kit of each member reminded', async () => {
    // Thursday 08:00 in Paris, reminded 24 hours before: Wednesday 08:00.
    const event = await newEvent({
      startInMs: new Date('2027-05-13T06:00:00Z').getTime() - ctx.clock.now.getTime(),
    });
    await subscribeKit(person('tom'), event.uuid_event, [stuff.paddle, stuff.kayak]);
    await subscribeKit(person('ana'), event.uuid_event, []);
    ctx.clock.now = new Date('2027-05-12T09:00:00Z');
    const sent = await sendDueReminders({ db: ctx.db, now: () => ctx.clock.now, config: ctx.config });
    expect(sent.mail).toBe(2);
    const [tom] = await mailsTo('tom@example.org', 'event_reminder');
    expect(tom?.text).toContain(
      'Petit rappel : votre place est réservée pour Sortie mer, jeudi 13/05/2027 08:00.',
    );
    expect(tom?.text).toContain('Votre matériel : Pagaie double, Kayak mono K1.');
    expect(tom?.html).toContain('Votre matériel : Pagaie double, Kayak mono K1.');
    const [ana] = await mailsTo('ana@example.org', 'event_reminder');
    expect(ana?.text).not.toContain('Votre matériel');
  });
});

describe('the promotion', () => {
  it('says which wished items were booked and which were no longer there', async () => {
    const event = await newEvent({ max: 1, stuffs: [stuff.kayak, stuff.lastVest] });
    await subscribeKit(person('nina'), event.uuid_event, []);
    const wish = await ctx.app.inject({
      method: 'POST',
      url: '/api/event/waiting-list',
      headers: bearer(person('zoe').token),
      payload: {
        uuid_event: event.uuid_event,
        uuid_user: person('zoe').id,
        stuffs: [stuff.kayak, stuff.lastVest],
      },
    });
    expect(wish.statusCode).toBe(200);
    // The only child's vest goes to someone at an overlapping event meanwhile.
    const overlapping = await createEvent(ctx, organiser, model, {
      startInMs: new Date(event.start_date).getTime() - ctx.clock.now.getTime() - HOUR,
      stuffs: [stuff.lastVest],
    });
    await subscribeKit(person('tom'), overlapping.uuid_event, [stuff.lastVest]);
    const leave = await ctx.app.inject({
      method: 'PUT',
      url: '/api/event/subscribe/status',
      headers: bearer(person('nina').token),
      payload: { uuid_event: event.uuid_event, uuid_user: person('nina').id, subscribe: false },
    });
    expect(leave.statusCode).toBe(200);
    const [zoe] = await mailsTo('zoe@example.org', 'waiting_list_promotion');
    const lines =
      'Votre matériel : Kayak mono K1.\nPlus disponible, prévoyez votre propre matériel : Gilet enfant.';
    expect(zoe?.text).toContain(lines);
    expect(zoe?.html).toContain('Votre matériel : Kayak mono K1.');
    expect(zoe?.html).toContain('Plus disponible, prévoyez votre propre matériel : Gilet enfant.');
  });

  it('says « votre propre matériel » when nothing was wished', async () => {
    const event = await newEvent({ max: 1 });
    await subscribeKit(person('ana'), event.uuid_event, [stuff.kayak]);
    const wish = await ctx.app.inject({
      method: 'POST',
      url: '/api/event/waiting-list',
      headers: bearer(person('yann').token),
      payload: { uuid_event: event.uuid_event, uuid_user: person('yann').id },
    });
    expect(wish.statusCode).toBe(200);
    await ctx.app.inject({
      method: 'PUT',
      url: '/api/event/subscribe/status',
      headers: bearer(person('ana').token),
      payload: { uuid_event: event.uuid_event, uuid_user: person('ana').id, subscribe: false },
    });
    const [yann] = await mailsTo('yann@example.org', 'waiting_list_promotion');
    expect(yann?.text).toContain('A place opened up: your subscription to Sortie mer');
    expect(yann?.text).toContain('Your kit: your own equipment.');
    expect(yann?.html).toContain('Your kit: your own equipment.');
  });
});
