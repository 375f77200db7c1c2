import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEvent, HOUR, type Member, organiserContext, subscribe } from '../helpers/event-fixtures';
import { bearer, type TestContext } from '../helpers/test-context';

let ctx: TestContext;
let organiser: string;
let model: string;
let people: Member[];

beforeAll(async () => {
  ({ ctx, organiser, model, people } = await organiserContext({ prefix: 'rower', count: 2 }));
});
afterAll(() => ctx.close());

const MINUTE = 60_000;
const groupMails = async () =>
  Number(
    (
      await ctx.db
        .selectFrom('mail_queue')
        .select((eb) => eb.fn.countAll().as('count'))
        .where('kind', '=', 'group_email')
        .executeTakeFirstOrThrow()
    ).count,
  );
const sendGroupMail = (eventUuid: string, token = organiser) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/event/mail',
    headers: bearer(token),
    payload: {
      event_uuid: eventUuid,
      subject_base64: Buffer.from('Marée basse').toString('base64'),
      message_base64: Buffer.from('Rendez-vous à 7 h à la cale.').toString('base64'),
    },
  });
const later = (ms: number) => {
  ctx.clock.now = new Date(ctx.clock.now.getTime() + ms);
};

/** An event with both members subscribed: each group email queues two messages. */
async function eventWithSubscribers(): Promise<string> {
  const event = await createEvent(ctx, organiser, model);
  for (const person of people) await subscribe(ctx, person.token, person.id, event.uuid_event);
  return event.uuid_event;
}

describe('group emails per event per hour', () => {
  it('sends 5 in an hour; the 6th is 429 with Retry-After and queues nothing; an hour after the first it passes', async () => {
    const event = await eventWithSubscribers();
    const other = await eventWithSubscribers();
    const before = await groupMails();
    for (let i = 0; i < 5; i++) {
      expect((await sendGroupMail(event)).statusCode).toBe(200);
      later(10 * MINUTE);
    }
    expect(await groupMails()).toBe(before + 10);

    // 50 minutes after the first: it leaves the window in 10 minutes.
    const sixth = await sendGroupMail(event);
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json()).toMatchObject({ code: 'too_many_requests' });
    expect(sixth.headers['retry-after']).toBe(String(10 * 60));
    expect(await groupMails()).toBe(before + 10);

    // Counted per event: another event of the same organiser is not affected.
    expect((await sendGroupMail(other)).statusCode).toBe(200);
    expect(await groupMails()).toBe(before + 12);

    // An hour after the first, one may go again; the next waits for the second to leave the window.
    later(10 * MINUTE);
    expect((await sendGroupMail(event)).statusCode).toBe(200);
    expect(await groupMails()).toBe(before + 14);
    const again = await sendGroupMail(event);
    expect(again.statusCode).toBe(429);
    expect(again.headers['retry-after']).toBe(String(10 * 60));
  });

  it('counts whoever sends: a SuperAdmin writing to the same event shares its budget', async () => {
    await ctx.createUser('root', 'SuperAdmin');
    const root = await ctx.signIn('root');
    const event = await eventWithSubscribers();
    for (let i = 0; i < 3; i++) expect((await sendGroupMail(event)).statusCode).toBe(200);
    for (let i = 0; i < 2; i++) expect((await sendGroupMail(event, root)).statusCode).toBe(200);
    const refused = await sendGroupMail(event, root);
    expect(refused.statusCode).toBe(429);
    // All sent at the same instant: the oldest leaves in a full hour.
    expect(refused.headers['retry-after']).toBe(String(HOUR / 1000));
  });

  it('refuses a member who may not write before counting: 403, not 429', async () => {
    const event = await eventWithSubscribers();
    for (let i = 0; i < 5; i++) await sendGroupMail(event);
    const response = await sendGroupMail(event, (people[0] as { token: string }).token);
    expect(response.statusCode).toBe(403);
  });

  it('keeps no log row older than the window', async () => {
    later(2 * HOUR);
    const event = await eventWithSubscribers();
    await sendGroupMail(event);
    later(2 * HOUR);
    await sendGroupMail(event);
    const rows = await ctx.db
      .selectFrom('group_mail_log')
      .select('sent_at')
      .where('event_uuid', '=', event)
      .execute();
    expect(rows.map((row) => row.sent_at.getTime())).toEqual([ctx.clock.now.getTime()]);
  });
});
