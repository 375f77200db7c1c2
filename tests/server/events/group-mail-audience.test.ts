import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createEvent, insertModel, joinWaitingList, members, subscribe } from '../helpers/event-fixtures';
import { mailHeader, type SmtpSink, startSmtpSink } from '../helpers/smtp-sink';
import { bearer, createTestContext, type TestContext } from '../helpers/test-context';

/**
 * Group mail (docs/rules.md#mails): the organiser chooses whom a group mail reaches (registered, waiting
 * list, both), and it goes out under their name, from the club's address, with Reply-To their own, as a real
 * SMTP server receives it.
 */
let ctx: TestContext;
let sink: SmtpSink;
let organiser: string;
let model: string;
let people: Array<{ id: string; token: string; username: string }>;

beforeAll(async () => {
  sink = await startSmtpSink();
  ctx = await createTestContext({
    env: { SMTP_URL: sink.url, MAIL_FROM: 'Club de kayak <club@example.org>', RATE_LIMIT_LOGIN: '1000' },
  });
  const { id } = await ctx.createUser('erwan', 'Contributor');
  await ctx.db
    .updateTable('users')
    .set({ first_name: 'Erwan', last_name: 'Le Gall' })
    .where('id', '=', id)
    .execute();
  organiser = await ctx.signIn('erwan');
  model = await insertModel(ctx, 'Sortie mer');
  people = await members(ctx, 'sailor', 3);
});
afterAll(async () => {
  await ctx.close();
  await sink.close();
});
beforeEach(async () => {
  await deliver();
  sink.received.length = 0;
});

async function deliver() {
  ctx.clock.now = new Date(ctx.clock.now.getTime() + 11 * 60_000);
  await ctx.mail.runOnce();
}
const person = (i: number) => people[i] as { id: string; token: string; username: string };
const encode = (text: string) => Buffer.from(text, 'utf8').toString('base64');
const groupMail = (eventUuid: string, recipients?: unknown) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/event/mail',
    headers: bearer(organiser),
    payload: {
      event_uuid: eventUuid,
      subject_base64: encode('Marée haute'),
      message_base64: encode('Rendez-vous une heure plus tôt.'),
      ...(recipients !== undefined ? { recipients } : {}),
    },
  });

/** Two places: sailors 0 and 1 in, sailor 2 waiting. */
async function fullEvent() {
  const event = await createEvent(ctx, organiser, model, { max: 2 });
  await subscribe(ctx, person(0).token, person(0).id, event.uuid_event);
  await subscribe(ctx, person(1).token, person(1).id, event.uuid_event);
  await joinWaitingList(ctx, person(2), event.uuid_event);
  await deliver();
  sink.received.length = 0;
  return event;
}
async function receivers(): Promise<string[]> {
  await deliver();
  return sink.received
    .filter((m) => mailHeader(m.raw, 'Subject') === 'Marée haute')
    .flatMap((m) => m.to)
    .sort();
}
const addressOf = (i: number) => `${person(i).username}@example.org`;

describe('a group mail', () => {
  it('reaches the registered when no choice is sent, the default', async () => {
    const event = await fullEvent();
    expect((await groupMail(event.uuid_event)).statusCode).toBe(200);
    expect(await receivers()).toEqual([addressOf(0), addressOf(1)]);
  });

  it('reaches the waiting list alone, or everyone, when chosen', async () => {
    const event = await fullEvent();
    expect((await groupMail(event.uuid_event, 'waiting_list')).statusCode).toBe(200);
    expect(await receivers()).toEqual([addressOf(2)]);
    sink.received.length = 0;
    expect((await groupMail(event.uuid_event, 'both')).statusCode).toBe(200);
    expect(await receivers()).toEqual([addressOf(0), addressOf(1), addressOf(2)]);
  });

  it("goes out under the organiser's name from the club's address, answers going to the organiser", async () => {
    const event = await fullEvent();
    await groupMail(event.uuid_event, 'registered');
    await deliver();
    const mail = sink.received.find((m) => mailHeader(m.raw, 'Subject') === 'Marée haute');
    expect(mailHeader(mail?.raw ?? '', 'From')).toBe('Erwan Le Gall <club@example.org>');
    expect(mailHeader(mail?.raw ?? '', 'Reply-To')).toBe('erwan@example.org');
  });

  it('refuses an unknown choice (400 naming the field)', async () => {
    const event = await fullEvent();
    const answer = await groupMail(event.uuid_event, 'everyone');
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toMatchObject({ code: 'invalid_input', field: 'recipients' });
  });

  it("keeps the club's sender on every other mail", async () => {
    const event = await createEvent(ctx, organiser, model);
    await subscribe(ctx, person(0).token, person(0).id, event.uuid_event);
    await deliver();
    expect(sink.received.length).toBeGreaterThan(0);
    for (const mail of sink.received) {
      expect(mailHeader(mail.raw, 'From')).toBe('Club de kayak <club@example.org>');
      expect(mailHeader(mail.raw, 'Reply-To')).toBeUndefined();
    }
  });
});
