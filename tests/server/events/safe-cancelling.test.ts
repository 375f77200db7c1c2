import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { composeMail } from '../../../server/mail/compose-mail';
import { renderMail } from '../../../server/mail/templates';
import {
  createEvent,
  joinWaitingList,
  type Member,
  organiserContext,
  saveEvent,
  subscribe,
} from '../helpers/event-fixtures';
import { addPushDevice } from '../helpers/push-devices';
import type { TestContext } from '../helpers/test-context';

/**
 * A cancellation carries the organiser's word (`cancel_message`) in its mail and push; a reactivation tells
 * the same people it is on again.
 */
let ctx: TestContext;
let organiser: string;
let model: string;
let people: Member[];

beforeAll(async () => {
  ({ ctx, organiser, model, people } = await organiserContext({
    prefix: 'sailor',
    count: 3,
    modelName: 'Sortie en mer',
  }));
});
afterAll(() => ctx.close());

const person = (i: number) => people[i] as Member;
const mails = (kind: string) =>
  ctx.db
    .selectFrom('mail_queue')
    .select(['to_address', 'subject', 'body_text', 'body_html'])
    .where('kind', '=', kind)
    .orderBy('to_address')
    .execute();
const pushes = async () =>
  (await ctx.db.selectFrom('push_queue').select('payload').execute()).map(
    (row) => JSON.parse(row.payload) as { title: string; body: string },
  );
const clearOutboxes = async () => {
  await ctx.db.deleteFrom('mail_queue').execute();
  await ctx.db.deleteFrom('push_queue').execute();
};
const addDevice = (userId: string) => addPushDevice(ctx, userId);

/** A full event (2 places): two sailors in, the third waiting; the first has a device. */
async function fullEvent() {
  const event = await createEvent(ctx, organiser, model, { max: 2 });
  await subscribe(ctx, person(0).token, person(0).id, event.uuid_event);
  await subscribe(ctx, person(1).token, person(1).id, event.uuid_event);
  await joinWaitingList(ctx, person(2), event.uuid_event);
  await clearOutboxes();
  return event;
}

describe('cancelling with a message', () => {
  it('puts the message in the mail to subscribers and the waiting list, and starts it in the push', async () => {
    await addDevice(person(0).id);
    const event = await fullEvent();
    const message = 'Vent de force 7 annoncé.\nOn se retrouve samedi prochain !';
    const answer = await saveEvent(ctx, organiser, model, event, {
      is_cancelled: true,
      cancel_message: message,
    });
    expect(answer.statusCode).toBe(200);
    const told = await mails('event_cancellation');
    expect(told.map((m) => m.to_address)).toEqual([
      'sailor0@example.org',
      'sailor1@example.org',
      'sailor2@example.org',
    ]);
    for (const mail of told) expect(mail.body_text).toContain(`Message de l'organisation :\n${message}`);
    const [push] = await pushes();
    expect(push?.title).toBe('Évènement annulé');
    expect(push?.body).toContain('Vent de force 7 annoncé. On se retrouve samedi prochain !');
  });

  it('escapes HTML in the message: the HTML part shows it as text, never as markup', async () => {
    const event = await fullEvent();
    await saveEvent(ctx, organiser, model, event, {
      is_cancelled: true,
      cancel_message: '<b>Tempête</b> <script>alert(1)</script> & <a href="https://evil.example">ici</a>',
    });
    const [mail] = await mails('event_cancellation');
    expect(mail?.body_html).toContain('&lt;b&gt;Tempête&lt;/b&gt;');
    expect(mail?.body_html).not.toContain('<script>');
    expect(mail?.body_html).not.toContain('href="https://evil.example"');
    expect(mail?.body_text).toContain('<b>Tempête</b>');
  });

  it('without a message, the mail says only that it is cancelled; a long push is cut with an ellipsis', async () => {
    const club = { clubName: 'Club', firstName: null };
    const plain = renderMail('event_cancellation', 'en', { event: 'Sea trip' }, club);
    expect(plain.text).not.toContain('organiser');
    const html = await composeMail({
      kind: 'event_cancellation',
      language: 'en',
      ...renderMail('event_cancellation', 'en', { event: 'Sea trip', message: 'A & B' }, club),
      actions: [],
      isSwitchable: true,
      brand: { logoUrl: 'https://club.example.org/logo.png', clubName: 'Club', accentColour: '#1d4ed8' },
    });
    expect(html.text).toContain('A word from the organiser:\nA & B');
    await addDevice(person(0).id);
    const event = await fullEvent();
    await saveEvent(ctx, organiser, model, event, { is_cancelled: true, cancel_message: 'x'.repeat(1000) });
    const body = (await pushes())[0]?.body ?? '';
    expect(body.length).toBeLessThan(200);
    expect(body.endsWith('…')).toBe(true);
  });

  it('refuses a message over 1,000 characters (400) and cancels nothing', async () => {
    const event = await fullEvent();
    const answer = await saveEvent(ctx, organiser, model, event, {
      is_cancelled: true,
      cancel_message: 'x'.repeat(1001),
    });
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toMatchObject({ code: 'invalid_input', field: 'cancel_message' });
    expect(await mails('event_cancellation')).toEqual([]);
  });
});

describe('reactivating', () => {
  it('tells the subscribers and the waiting list it is on again, by mail and push, once', async () => {
    await addDevice(person(1).id);
    const event = await fullEvent();
    await saveEvent(ctx, organiser, model, event, { is_cancelled: true });
    await clearOutboxes();
    const back = await saveEvent(ctx, organiser, model, event, { is_cancelled: false });
    expect(back.statusCode).toBe(200);
    const told = await mails('event_reactivation');
    expect(told.map((m) => m.to_address)).toEqual([
      'sailor0@example.org',
      'sailor1@example.org',
      'sailor2@example.org',
    ]);
    expect(told[0]?.subject).toMatch(/^Rétabli : Sortie en mer/);
    expect(told[0]?.body_text).toContain('a finalement lieu');
    expect((await pushes()).map((p) => p.title)).toContain('Évènement rétabli');
    // Saving it again, still on, tells nobody anything more.
    await clearOutboxes();
    await saveEvent(ctx, organiser, model, event, { is_cancelled: false });
    expect(await mails('event_reactivation')).toEqual([]);
  });

  it('follows the cancellation switch: a member who switched cancellations off hears of neither', async () => {
    const event = await fullEvent();
    await ctx.db
      .insertInto('notification_preferences')
      .values({ user_id: person(1).id, type: 'event_cancellation', active: false })
      .execute();
    await saveEvent(ctx, organiser, model, event, { is_cancelled: true });
    await saveEvent(ctx, organiser, model, event, { is_cancelled: false });
    const reached = async (kind: string) => (await mails(kind)).map((m) => m.to_address);
    expect(await reached('event_cancellation')).toEqual(['sailor0@example.org', 'sailor2@example.org']);
    expect(await reached('event_reactivation')).toEqual(['sailor0@example.org', 'sailor2@example.org']);
  });
});
