import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { settled } from '../../../server/background';
import { readUserSwitches } from '../../../server/modules/notifications/notification-settings.repository';
import { readLinkSecret, unsubscribeUrl } from '../../../server/modules/notifications/unsubscribe-links';
import {
  createEvent,
  DAY,
  insertModel,
  joinWaitingList,
  saveEvent,
  subscribe,
} from '../helpers/event-fixtures';
import { mailHeader, type SmtpSink, startSmtpSink } from '../helpers/smtp-sink';
import { bearer, createTestContext, type TestContext } from '../helpers/test-context';

// Unsubscribe links (docs/rules.md#answer-links, RFC 8058): each mail a member can switch off names a
// one-click unsubscribe URL; its POST switches that type off for that member only, with no sign-in.
// Received through a real SMTP server and read from the MIME headers.
const PUBLIC_URL = 'https://club.example.org';
let ctx: TestContext;
let sink: SmtpSink;
let organiser: string;
let admin: string;
let model: string;
const people: Record<string, { id: string; token: string }> = {};

beforeAll(async () => {
  sink = await startSmtpSink();
  ctx = await createTestContext({
    env: { SMTP_URL: sink.url, PUBLIC_URL, RATE_LIMIT_LOGIN: '1000', RATE_LIMIT_RESET: '1000' },
  });
  await ctx.createUser('orga', 'Contributor');
  organiser = await ctx.signIn('orga');
  await ctx.createUser('admin', 'Admin');
  admin = await ctx.signIn('admin');
  model = await insertModel(ctx, 'Kayak');
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
  await ctx.mail.runOnce();
  sink.received.length = 0;
});

const person = (name: string) => people[name] as { id: string; token: string };

/** Sends what is queued and answers the messages received. */
async function delivered(count: number) {
  await ctx.mail.runOnce();
  return sink.waitFor(count);
}
const byRecipient = (mails: Array<{ to: string[]; raw: string }>) =>
  new Map(mails.map((mail) => [mail.to[0] ?? '', mail.raw]));

/** An event anne and bob hold a place in, with carl waiting, then cancelled: a switchable mail to each. */
async function cancelledEvent() {
  const event = await createEvent(ctx, organiser, model, { startInMs: 3 * DAY, max: 2 });
  for (const name of ['anne', 'bob'])
    await subscribe(ctx, person(name).token, person(name).id, event.uuid_event);
  await joinWaitingList(ctx, person('carl'), event.uuid_event);
  await ctx.mail.runOnce();
  sink.received.length = 0;
  expect((await saveEvent(ctx, organiser, model, event, { is_cancelled: true })).statusCode).toBe(200);
}

const urlIn = (raw: string) => /^<(.+)>$/.exec(mailHeader(raw, 'List-Unsubscribe') ?? '')?.[1] ?? '';
const pathOf = (url: string) => url.slice(PUBLIC_URL.length);
const oneClick = (path: string) =>
  ctx.app.inject({
    method: 'POST',
    url: path,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: 'List-Unsubscribe=One-Click',
  });

describe('one-click unsubscribe', () => {
  it('a switchable mail names its URL and the one-click POST; a GET only asks; the POST switches that type off for that member', async () => {
    await cancelledEvent();
    const mails = byRecipient(await delivered(3));
    const anne = mails.get('anne@example.org') ?? '';
    const url = urlIn(anne);
    expect(url).toMatch(
      new RegExp(`^${PUBLIC_URL}/api/unsubscribe/${person('anne').id}\\.event_cancellation\\.[\\w-]{43}$`),
    );
    expect(mailHeader(anne, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
    // Each member's own link.
    expect(urlIn(mails.get('bob@example.org') ?? '')).toContain(person('bob').id);

    // A scanner or a person opening the link: a page with the button, nothing switched off.
    const page = await ctx.app.inject({ method: 'GET', url: pathOf(url) });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.body).toContain('<html lang="fr">');
    expect(page.body).toContain('«\u00a0Annulation d&#39;évènement\u00a0»');
    expect(page.body).toContain(`<form method="post" action="${pathOf(url)}">`);
    expect((await readUserSwitches(ctx.db, person('anne').id)).event_cancellation).toBe(true);

    const done = await oneClick(pathOf(url));
    expect(done.statusCode).toBe(200);
    expect(done.body).toContain('C&#39;est fait');
    const anneNow = await readUserSwitches(ctx.db, person('anne').id);
    expect(anneNow.event_cancellation).toBe(false);
    expect(anneNow.event_update).toBe(true);
    expect((await readUserSwitches(ctx.db, person('bob').id)).event_cancellation).toBe(true);
    // Clicked twice (the page, then the provider): still off, still a page.
    expect((await oneClick(pathOf(url))).statusCode).toBe(200);

    // The next cancellation reaches bob and carl, not anne.
    await cancelledEvent();
    expect([...byRecipient(await delivered(2)).keys()].sort()).toEqual([
      'bob@example.org',
      'carl@example.org',
    ]);
    expect(
      await ctx.db
        .selectFrom('mail_queue')
        .select('id')
        .where('to_address', '=', 'anne@example.org')
        .where('status', '=', 'pending')
        .execute(),
    ).toEqual([]);
  });

  it('refuses a forged, altered or foreign token with a 4xx page, and changes nothing', async () => {
    const secret = await readLinkSecret(ctx.db);
    const bob = person('bob').id;
    const genuine = pathOf(
      unsubscribeUrl({ clubKey: ctx.config.clubKey, publicUrl: PUBLIC_URL }, secret, bob, 'event_update'),
    );
    const lastChar = genuine.at(-1) === 'A' ? 'B' : 'A';
    const forged = [
      `${genuine.slice(0, -1)}${lastChar}`,
      genuine.replace('event_update', 'event_cancellation'),
      genuine.replace(bob, person('carl').id),
      pathOf(unsubscribeUrl({ clubKey: 'another-club', publicUrl: PUBLIC_URL }, secret, bob, 'event_update')),
      pathOf(
        unsubscribeUrl(
          { clubKey: ctx.config.clubKey, publicUrl: PUBLIC_URL },
          Buffer.alloc(32),
          bob,
          'event_update',
        ),
      ),
      '/api/unsubscribe/not-a-token',
    ];
    const before = await ctx.db.selectFrom('notification_preferences').selectAll().execute();
    for (const path of forged) {
      const response = await oneClick(path);
      expect(response.statusCode, path).toBe(404);
      expect(response.body).toContain('Lien non valable');
    }
    expect(await ctx.db.selectFrom('notification_preferences').selectAll().execute()).toEqual(before);
    // The genuine one works.
    expect((await oneClick(genuine)).statusCode).toBe(200);
    expect((await readUserSwitches(ctx.db, bob)).event_update).toBe(false);
  });

  it('an invitation carries none: it is switched in the settings, not by the one invited', async () => {
    const invited = await ctx.app.inject({
      method: 'POST',
      url: '/api/user/register',
      headers: bearer(admin),
      payload: { username: 'dora', email: 'dora@example.org', role: 'User' },
    });
    expect(invited.statusCode, invited.body).toBe(200);
    const [mail] = await delivered(1);
    expect(mail?.to).toEqual(['dora@example.org']);
    expect(mailHeader(mail?.raw ?? '', 'List-Unsubscribe')).toBeUndefined();
  });

  it('mails that are always sent carry none: a reset, a promotion, a group mail', async () => {
    const event = await createEvent(ctx, organiser, model, { startInMs: 3 * DAY, max: 1 });
    await subscribe(ctx, person('bob').token, person('bob').id, event.uuid_event);
    await joinWaitingList(ctx, person('carl'), event.uuid_event);
    await ctx.mail.runOnce();
    sink.received.length = 0;
    // bob leaves: carl is promoted; anne asks for a reset; the organiser mails the subscribers (carl).
    await subscribe(ctx, person('bob').token, person('bob').id, event.uuid_event, undefined, false);
    await ctx.app.inject({
      method: 'POST',
      url: '/api/user/reset',
      payload: { Ask: { email: 'anne@example.org' } },
    });
    // A reset Ask queues its mail after the answer (the same delay for a known and an unknown address).
    await settled();
    const group = await ctx.app.inject({
      method: 'POST',
      url: '/api/event/mail',
      headers: bearer(organiser),
      payload: {
        event_uuid: event.uuid_event,
        subject_base64: Buffer.from('Rendez-vous').toString('base64'),
        message_base64: Buffer.from('À 9 h au club.').toString('base64'),
      },
    });
    expect(group.statusCode).toBe(200);
    const kinds = await ctx.db
      .selectFrom('mail_queue')
      .select(['kind', 'list_unsubscribe'])
      .where('status', '=', 'pending')
      .where('kind', 'in', ['password_reset', 'waiting_list_promotion', 'group_email'])
      .execute();
    expect(kinds.map((k) => k.kind).sort()).toEqual([
      'group_email',
      'password_reset',
      'waiting_list_promotion',
    ]);
    const pending = await ctx.db
      .selectFrom('mail_queue')
      .select('id')
      .where('status', '=', 'pending')
      .execute();
    const received = await delivered(pending.length);
    const always = received
      .map((mail) => mail.raw)
      .filter((raw) =>
        /^(Équipée : réinitialisation|Une place s'est libérée|Rendez-vous)/.test(
          mailHeader(raw, 'Subject') ?? '',
        ),
      );
    expect(always).toHaveLength(3);
    for (const raw of always) {
      expect(mailHeader(raw, 'List-Unsubscribe'), mailHeader(raw, 'Subject')).toBeUndefined();
      expect(mailHeader(raw, 'List-Unsubscribe-Post')).toBeUndefined();
    }
  });
});

/** A multipart/form-data body of text fields, as RFC 8058's own example sends its one click. */
function multipartForm(fields: Array<[string, string]>, boundary = '---FormBoundaryjWmhtjORrn') {
  const parts = fields.map(
    ([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
  );
  return {
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: `${parts.join('')}--${boundary}--\r\n`,
  };
}

describe('one-click unsubscribe in multipart/form-data (RFC 8058 allows either encoding)', () => {
  const linkFor = async (
    name: string,
    type: 'subscribe_unsubscribe' | 'stuff_unavailable' | 'event_reminder',
  ) =>
    pathOf(
      unsubscribeUrl(
        { clubKey: ctx.config.clubKey, publicUrl: PUBLIC_URL },
        await readLinkSecret(ctx.db),
        person(name).id,
        type,
      ),
    );

  it("switches the type off with the RFC's single part, answering as the urlencoded one click does", async () => {
    const path = await linkFor('carl', 'subscribe_unsubscribe');
    const done = await ctx.app.inject({
      method: 'POST',
      url: path,
      ...multipartForm([['List-Unsubscribe', 'One-Click']]),
    });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.headers['content-type']).toMatch(/^text\/html/);
    expect(done.body).toContain('C&#39;est fait');
    const carl = await readUserSwitches(ctx.db, person('carl').id);
    expect(carl.subscribe_unsubscribe).toBe(false);
    expect(carl.stuff_unavailable).toBe(true);
    // The urlencoded one click on the same link: the same page.
    const again = await oneClick(path);
    expect(again.statusCode).toBe(200);
    expect(again.body).toBe(done.body);
  });

  it('ignores extra fields and file parts', async () => {
    const path = await linkFor('carl', 'stuff_unavailable');
    const boundary = 'provider-boundary-42';
    const form = multipartForm(
      [
        ['List-Unsubscribe', 'One-Click'],
        ['source', 'mail-provider'],
        ['List-Id', 'club.example.org'],
      ],
      boundary,
    );
    const withFile = form.payload.replace(
      `--${boundary}--`,
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.txt"\r\nContent-Type: text/plain\r\n\r\nhello\r\n--${boundary}--`,
    );
    const done = await ctx.app.inject({
      method: 'POST',
      url: path,
      headers: form.headers,
      payload: withFile,
    });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.body).toContain('C&#39;est fait');
    expect((await readUserSwitches(ctx.db, person('carl').id)).stuff_unavailable).toBe(false);
  });

  it('refuses a malformed or oversized multipart body and a wrong one-click value, and changes nothing', async () => {
    const path = await linkFor('carl', 'event_reminder');
    const broken = await ctx.app.inject({
      method: 'POST',
      url: path,
      headers: { 'content-type': 'multipart/form-data; boundary=nothing-like-it' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.json()).toMatchObject({ code: 'invalid_input' });
    const wrong = await ctx.app.inject({
      method: 'POST',
      url: path,
      ...multipartForm([['List-Unsubscribe', 'Two-Clicks']]),
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ code: 'invalid_input', field: 'List-Unsubscribe' });
    const huge = await ctx.app.inject({
      method: 'POST',
      url: path,
      ...multipartForm([
        ['List-Unsubscribe', 'One-Click'],
        ['padding', 'x'.repeat(8 * 1024)],
      ]),
    });
    expect(huge.statusCode).toBe(413);
    expect((await readUserSwitches(ctx.db, person('carl').id)).event_reminder).toBe(true);
  });
});
