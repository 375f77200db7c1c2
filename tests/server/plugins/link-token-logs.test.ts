import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFeed } from '../helpers/calendar';
import { createEvent, DAY, insertModel, subscribe } from '../helpers/event-fixtures';
import { mailHeader, mailPart, mailText, type SmtpSink, startSmtpSink } from '../helpers/smtp-sink';
import { bearer, captureLogs, createTestContext, type TestContext } from '../helpers/test-context';

// Link tokens never reach the log (docs/rules.md#mails): a request a route answered is logged by the
// route's pattern, any other URL (a mistyped link, a page) with its token-like parts redacted. Every token
// this run makes (answer, unsubscribe, confirm, reset, calendar, email confirmation) is used, and mistyped,
// then looked for.
const PUBLIC_URL = 'https://club.example.org';
let ctx: TestContext;
let sink: SmtpSink;
const logs = captureLogs();
let admin: string;
let organiser: string;
let anne: { id: string; token: string };

beforeAll(async () => {
  sink = await startSmtpSink();
  ctx = await createTestContext({
    logStream: logs.stream,
    env: { SMTP_URL: sink.url, PUBLIC_URL, RATE_LIMIT_LOGIN: '1000', RATE_LIMIT_CONFIRM: '1000' },
  });
  await ctx.createUser('admin', 'Admin');
  await ctx.createUser('orga', 'Contributor');
  admin = await ctx.signIn('admin');
  organiser = await ctx.signIn('orga');
  const { id } = await ctx.createUser('anne');
  anne = { id, token: await ctx.signIn('anne') };
});
afterAll(async () => {
  await ctx.close();
  await sink.close();
});

/** Moves past the subscription notices' grace, then sends everything queued. */
async function sendQueued() {
  ctx.clock.now = new Date(ctx.clock.now.getTime() + 11 * 60_000);
  await ctx.mail.runOnce();
}

/** Everything a received mail says: its text, its HTML and its List-Unsubscribe. */
const received = () =>
  sink.received
    .map((m) =>
      [
        mailPart(m.raw, 'text/plain') ?? mailText(m.raw),
        mailPart(m.raw, 'text/html') ?? '',
        mailHeader(m.raw, 'List-Unsubscribe') ?? '',
      ].join('\n'),
    )
    .join('\n');
const allMatches = (text: string, pattern: RegExp) => [...text.matchAll(pattern)].map((m) => m[1] ?? '');

const get = (url: string) => ctx.app.inject({ method: 'GET', url });
const postForm = (url: string, payload = '') =>
  ctx.app.inject({
    method: 'POST',
    url,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload,
  });

describe('link tokens and the log', () => {
  it('no token the run made appears in the log, whether the link is used or mistyped', async () => {
    const tokens = new Set<string>();
    const keep = (found: string[], kind: string) => {
      expect(found.length, `no ${kind} token was made`).toBeGreaterThan(0);
      for (const token of found) tokens.add(token);
      return found;
    };

    // Answer and unsubscribe links: the subscription mail carries both.
    const model = await insertModel(ctx);
    const event = await createEvent(ctx, organiser, model, { startInMs: 3 * DAY, max: 5 });
    expect((await subscribe(ctx, anne.token, anne.id, event.uuid_event)).statusCode).toBe(200);
    // Confirm link: an invitation; reset link: a reset asked for anne.
    const invited = await ctx.app.inject({
      method: 'POST',
      url: '/api/user/register',
      headers: bearer(admin),
      payload: { username: 'bruno', email: 'bruno@example.org' },
    });
    expect(invited.statusCode).toBe(200);
    await ctx.app.inject({
      method: 'POST',
      url: '/api/user/reset',
      payload: { Ask: { email: 'anne@example.org' } },
    });
    // Email confirmation link: anne's admin asks for a new address.
    const moved = await ctx.app.inject({
      method: 'PUT',
      url: `/api/user/email/${anne.id}`,
      headers: bearer(admin),
      payload: { email: 'anne.moved@example.org' },
    });
    expect(moved.statusCode).toBe(200);
    await sendQueued();
    const mails = received();
    const answers = keep(allMatches(mails, /\/api\/answer\/([^\s"<>&]+)/g), 'answer');
    const unsubscribes = keep(allMatches(mails, /\/api\/unsubscribe\/([^\s"<>&]+)/g), 'unsubscribe');
    const [confirm = ''] = keep(allMatches(mails, /\/confirm\/([A-Za-z0-9_-]+)/g), 'confirm');
    const [reset = ''] = keep(allMatches(mails, /\/reset\?token=([A-Za-z0-9_-]+)/g), 'reset');
    const [newAddress = ''] = keep(allMatches(mails, /\/confirm-email\/([A-Za-z0-9_-]+)/g), 'email');
    const feed = await createFeed(ctx, anne.token);
    const [calendar = ''] = keep(
      allMatches(feed.path, /\/api\/calendar\/([A-Za-z0-9_-]+)\.ics/g),
      'calendar',
    );

    const [answer = ''] = answers;
    const [unsubscribe = ''] = unsubscribes;
    // Each link used as its reader would: the page, then the form's POST.
    expect((await get(`/api/answer/${answer}`)).statusCode).toBe(200);
    expect((await postForm(`/api/answer/${answer}`)).statusCode).toBe(200);
    expect((await get(`/api/unsubscribe/${unsubscribe}`)).statusCode).toBe(200);
    expect((await postForm(`/api/unsubscribe/${unsubscribe}`, 'List-Unsubscribe=One-Click')).statusCode).toBe(
      200,
    );
    await get(`/confirm/${confirm}`);
    const confirmed = await ctx.app.inject({
      method: 'POST',
      url: `/api/user/confirm/${confirm}`,
      payload: { password: 'Bienvenue-2026' },
    });
    expect(confirmed.statusCode).toBe(200);
    await get(`/confirm-email/${newAddress}`);
    const addressConfirmed = await ctx.app.inject({
      method: 'POST',
      url: `/api/user/email/confirm/${newAddress}`,
    });
    expect(addressConfirmed.statusCode).toBe(200);
    expect((await get(feed.path)).statusCode).toBe(200); // before the reset, which renews the feed
    await get(`/reset?token=${reset}`);
    const resetDone = await ctx.app.inject({
      method: 'POST',
      url: '/api/user/reset',
      payload: { Reset: { token: reset, password: 'Nouveau-Passw0rd' } },
    });
    expect(resetDone.statusCode).toBe(200);

    // Mistyped links route nowhere (404), yet carry the same live tokens.
    for (const url of [
      `/api/answr/${answer}`,
      `/api/answer/${answer}/extra`,
      `/Answer/${answer}`,
      `/api/unsubscribe-me/${unsubscribe}`,
      `/api/user/confirmer/${confirm}`,
      `/confirmer/${confirm}`,
      `/confirm-mail/${newAddress}`,
      `/api/user/email/confirmer/${newAddress}`,
      `/api/calender/${calendar}.ics`,
      `/api/calendar/${calendar}.ics/x`,
      `/reset?tok=${reset}`,
      `/nowhere?${reset}`,
      `/api/nowhere?link=https%3A%2F%2Fclub.example.org%2Fapi%2Fanswer%2F${encodeURIComponent(answer)}`,
    ]) {
      expect((await get(url)).statusCode, url).toBe(404);
      expect((await postForm(url)).statusCode, url).toBe(404);
    }

    const text = logs.text();
    // No token appears, whole or as the signature that makes it one…
    expect(tokens.size).toBeGreaterThanOrEqual(6);
    for (const token of tokens) {
      expect(text).not.toContain(token);
      expect(text).not.toContain(token.split('.').at(-1));
    }
    // …yet every request was logged, by its route's pattern or with its URL redacted.
    expect(text).toContain('"url":"/api/answer/:token"');
    expect(text).toContain('"url":"/api/unsubscribe/:token"');
    expect(text).toContain('"url":"/api/user/confirm/:token"');
    expect(text).toContain('"url":"/api/user/email/confirm/:token"');
    expect(text).toContain('"url":"/api/calendar/:file"');
    expect(text).toContain('"url":"/api/answr/[redacted]"');
    expect(text).toContain('"url":"/reset?token=[redacted]"');
  });
});
