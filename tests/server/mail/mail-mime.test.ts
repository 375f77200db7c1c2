import { clubDateTime, clubDayOf, shiftDay } from '@common/rules/club-time';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { settled } from '../../../server/background';
import { sendDueReminders } from '../../../server/modules/reminders/reminders.service';
import {
  createEvent,
  DAY,
  HOUR,
  insertModel,
  insertStuff,
  joinWaitingList,
  saveEvent,
  subscribe,
} from '../helpers/event-fixtures';
import { mailHeader, mailPart, type ReceivedMail, type SmtpSink, startSmtpSink } from '../helpers/smtp-sink';
import { bearer, createTestContext, type TestContext } from '../helpers/test-context';

// Every mail the app sends, received by a real SMTP server and read from its MIME, is multipart/alternative
// with a plain-text and an HTML part that say the same and carry the same links, in the club's name and
// colour; List-Unsubscribe only on the mails a member can switch off; a Message-ID on each. People's text (a
// model's name, a guest's, a group mail) is escaped in the HTML.
const PUBLIC_URL = 'https://club.example.org';
const NASTY = 'Kayak <script>alert(1)</script> & "co"';
let ctx: TestContext;
let sink: SmtpSink;
let organiser: string;
let admin: string;
let model: string;
let paddle: string;
const people: Record<string, { id: string; token: string }> = {};
const person = (name: string) => people[name] as { id: string; token: string };

beforeAll(async () => {
  sink = await startSmtpSink();
  ctx = await createTestContext({
    env: {
      SMTP_URL: sink.url,
      PUBLIC_URL,
      MAIL_FROM: 'Club de kayak de Brest <club@example.org>',
      RATE_LIMIT_LOGIN: '1000',
      RATE_LIMIT_RESET: '1000',
    },
  });
  await ctx.createUser('orga', 'Contributor');
  organiser = await ctx.signIn('orga');
  await ctx.createUser('admin', 'Admin');
  admin = await ctx.signIn('admin');
  model = await insertModel(ctx, NASTY);
  paddle = await insertStuff(ctx, 'Pagaie', 5);
  for (const name of ['anne', 'bob', 'carl']) {
    const { id } = await ctx.createUser(name);
    people[name] = { id, token: await ctx.signIn(name) };
  }
});
afterAll(async () => {
  await ctx.close();
  await sink.close();
});
beforeEach(async () => {
  await flush();
  sink.received.length = 0;
});

async function flush() {
  ctx.clock.now = new Date(ctx.clock.now.getTime() + 11 * 60_000);
  await ctx.mail.runOnce();
}
async function received(to: string, subjectPart: string): Promise<ReceivedMail> {
  await flush();
  const mail = sink.received.find(
    (m) => m.to.includes(to) && mailHeader(m.raw, 'Subject')?.includes(subjectPart),
  );
  if (!mail)
    throw new Error(
      `no "${subjectPart}" to ${to}: ${sink.received.map((m) => mailHeader(m.raw, 'Subject'))}`,
    );
  return mail;
}

/** The checks every mail passes, and its two parts. */
function parts(mail: ReceivedMail, { switchable }: { switchable: boolean }) {
  expect(mailHeader(mail.raw, 'Content-Type')).toMatch(/^multipart\/alternative;/);
  expect(mailHeader(mail.raw, 'Message-ID')).toMatch(/^<.+@.+>$/);
  const text = mailPart(mail.raw, 'text/plain') ?? '';
  const html = mailPart(mail.raw, 'text/html') ?? '';
  expect(text.length).toBeGreaterThan(20);
  expect(html).toContain('<!DOCTYPE html');
  expect(html).toContain('Club de kayak de Brest'); // the club's name in the header
  expect(html).toContain('background-color:#1d4ed8'); // its colour (the default)
  expect(html).toContain(`${PUBLIC_URL}/icons/icon-192.png`); // its logo (the icon until one is uploaded)
  expect(html).not.toContain('<script>');
  // Every link of the text is in the HTML too (the HTML escapes & in URLs).
  for (const url of text.match(/https?:\/\/\S+/g) ?? []) expect(html).toContain(url.replace(/&/g, '&amp;'));
  if (switchable) {
    expect(mailHeader(mail.raw, 'List-Unsubscribe')).toMatch(
      /^<https:\/\/club\.example\.org\/api\/unsubscribe\/.+>$/,
    );
    expect(mailHeader(mail.raw, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
  } else {
    expect(mailHeader(mail.raw, 'List-Unsubscribe')).toBeUndefined();
  }
  return { text, html };
}
const PREFERENCES = `${PUBLIC_URL}/my-profile?tab=preferences`;

describe('every mail, as received', () => {
  it('invitation (always sent, no preferences footer) and password reset (always sent, footer)', async () => {
    await ctx.app.inject({
      method: 'POST',
      url: '/api/user/register',
      headers: bearer(admin),
      payload: { username: 'newbie', email: 'newbie@example.org' },
    });
    const invitation = parts(await received('newbie@example.org', 'Invitation'), { switchable: false });
    expect(invitation.text).toMatch(/\/confirm\/[A-Za-z0-9_-]{43}/);
    expect(invitation.html).toContain('Choisir mon mot de passe'); // the link as the main button
    expect(invitation.text).not.toContain(PREFERENCES);

    await ctx.app.inject({
      method: 'POST',
      url: '/api/user/reset',
      payload: { Ask: { email: 'anne@example.org' } },
    });
    await settled(); // the Ask answers before its mail is queued (no timing tells an address exists)
    const reset = parts(await received('anne@example.org', 'réinitialisation'), { switchable: false });
    expect(reset.html).toContain('Choisir un nouveau mot de passe');
    expect(reset.text).toContain(`Choisir les emails que vous recevez : ${PREFERENCES}`);
  });

  it('subscription, promotion, update, stuff removed, cancellation (member and guest)', async () => {
    const event = await createEvent(ctx, organiser, model, { startInMs: 3 * DAY, max: 1, stuffs: [paddle] });
    await subscribe(ctx, person('anne').token, person('anne').id, event.uuid_event, paddle);
    const own = parts(await received('anne@example.org', 'Inscription'), { switchable: true });
    expect(own.text).toMatch(/Je ne viens pas : https:\/\/club\.example\.org\/api\/answer\/\S+\.decline\./);
    expect(own.text).toContain(`Voir l'évènement : ${PUBLIC_URL}/event/${event.uuid_event}`);
    expect(own.html).toContain('>Je ne viens pas<');
    expect(own.html).toContain('Kayak &lt;script&gt;alert(1)&lt;/script&gt; &amp; ');

    await joinWaitingList(ctx, person('bob'), event.uuid_event);
    await ctx.app.inject({
      method: 'POST',
      url: '/api/event/invite',
      headers: bearer(person('anne').token),
      payload: {
        uuid_event: event.uuid_event,
        uuid_user: person('anne').id,
        first_name: '<b>Zoé</b>',
        last_name: 'G',
        email: 'zoe@example.org',
      },
    });
    await subscribe(ctx, person('anne').token, person('anne').id, event.uuid_event, undefined, false);
    const promotion = parts(await received('bob@example.org', "Une place s'est libérée"), {
      switchable: false,
    });
    expect(promotion.text).toMatch(/Rendre ma place : \S+\.give_back\./);

    await subscribe(ctx, person('carl').token, person('carl').id, event.uuid_event, undefined, true);
    const moved = await saveEvent(ctx, organiser, model, event, { max_subscribers: 3, city: 'Crozon' });
    expect(moved.statusCode).toBe(200);
    parts(await received('bob@example.org', 'Modifié'), { switchable: true });

    await ctx.app.inject({
      method: 'POST',
      url: '/api/event/invite',
      headers: bearer(person('bob').token),
      payload: {
        uuid_event: event.uuid_event,
        uuid_user: person('bob').id,
        uuid_stuff: paddle,
        first_name: '<i>Léa</i>',
        last_name: 'M',
        email: 'lea@example.org',
      },
    });
    const withoutStuff = await saveEvent(ctx, organiser, model, moved.json(), { stuffs_available: [] });
    expect(withoutStuff.statusCode).toBe(200);
    const removed = parts(await received('bob@example.org', 'Matériel retiré'), { switchable: true });
    // A guest's name, typed by a member, is text: escaped in the HTML, as typed in the plain part.
    expect(removed.html).toContain('&lt;i&gt;Léa&lt;/i&gt;');
    expect(removed.text).toContain('<i>Léa</i>');

    expect(
      (await saveEvent(ctx, organiser, model, withoutStuff.json(), { is_cancelled: true })).statusCode,
    ).toBe(200);
    const cancelled = parts(await received('bob@example.org', 'Annulé'), { switchable: true });
    expect(cancelled.text).toContain(`${PUBLIC_URL}/event/${event.uuid_event}`);
    // A guest has no account: the mail, with no link into the app, and nothing to unsubscribe from.
    const guest = parts(await received('lea@example.org', 'Annulé'), { switchable: false });
    expect(guest.text).not.toContain(PUBLIC_URL);
  });

  it('group mail and reminder', async () => {
    // At noon club time two days ahead: the reminder's moment (20 h before) is never in the quiet hours,
    // whatever the hour the suite runs at.
    const zone = ctx.config.clubTimezone;
    const noon = clubDateTime(shiftDay(clubDayOf(ctx.clock.now, zone), 2), '12:00', zone);
    const event = await createEvent(ctx, organiser, model, {
      startInMs: noon.getTime() - ctx.clock.now.getTime(),
      isInfinite: true,
    });
    await subscribe(ctx, person('carl').token, person('carl').id, event.uuid_event);
    await flush();
    sink.received.length = 0;
    const encode = (text: string) => Buffer.from(text, 'utf8').toString('base64');
    const sent = await ctx.app.inject({
      method: 'POST',
      url: '/api/event/mail',
      headers: bearer(organiser),
      payload: {
        event_uuid: event.uuid_event,
        subject_base64: encode('Rendez-vous <au port>'),
        message_base64: encode('Bonjour,\n\nOn se retrouve à 9 h <b>pile</b>.\nPrévoir une gourde.'),
      },
    });
    expect(sent.statusCode).toBe(200);
    const group = parts(await received('carl@example.org', 'Rendez-vous'), { switchable: false });
    expect(group.html).toContain('9 h &lt;b&gt;pile&lt;/b&gt;');

    ctx.clock.now = new Date(new Date(event.start_date).getTime() - 20 * HOUR);
    await sendDueReminders({ db: ctx.db, now: () => ctx.clock.now, config: ctx.config });
    const reminder = parts(await received('carl@example.org', 'Rappel'), { switchable: true });
    expect(reminder.text).toMatch(/Je ne viens pas : \S+\.decline\./);
  });
});
