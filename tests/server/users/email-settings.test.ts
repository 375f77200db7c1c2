import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailHeader, mailText, type SmtpSink, startSmtpSink } from '../helpers/smtp-sink';
import { bearer, createTestContext, type TestContext } from '../helpers/test-context';

// The email settings (docs/rules.md#mails): the sender the club's mails carry, and a test mail an Admin sends
// themself through the real queue and mail server.

let ctx: TestContext;
let smtp: SmtpSink;

beforeAll(async () => {
  smtp = await startSmtpSink();
  ctx = await createTestContext({
    env: {
      SMTP_URL: smtp.url,
      PUBLIC_URL: 'https://club.example.org',
      MAIL_FROM: 'Kayak Club de l’Odet <club@kayak-odet.example.org>',
      MAIL_REPLY_TO: 'bureau@kayak-odet.example.org',
    },
  });
  await ctx.createUser('admin', 'Admin');
  await ctx.createUser('member', 'User');
  await ctx.db.updateTable('users').set({ first_name: 'Léna' }).where('username', '=', 'admin').execute();
});
afterAll(async () => {
  await ctx.close();
  await smtp.close();
});

const call = async (who: string, method: 'GET' | 'POST', url: string) =>
  ctx.app.inject({ method, url, headers: bearer(await ctx.signIn(who)) });

describe('the email settings', () => {
  it('names the sender and the Reply-To, for Admins only', async () => {
    const sender = await call('admin', 'GET', '/api/internal/email-settings');
    expect(sender.statusCode).toBe(200);
    expect(sender.json()).toEqual({
      from_name: 'Kayak Club de l’Odet',
      from_address: 'club@kayak-odet.example.org',
      reply_to: 'bureau@kayak-odet.example.org',
    });
    expect((await call('member', 'GET', '/api/internal/email-settings')).statusCode).toBe(403);
  });

  it("sends a test mail to the Admin's own address through the SMTP server (202), one a minute", async () => {
    const sent = await call('admin', 'POST', '/api/internal/email-settings/test');
    expect(sent.statusCode).toBe(202);
    expect(sent.json()).toEqual({ to: 'admin@example.org' });
    const [mail] = await smtp.waitFor(1);
    expect(mail?.to).toEqual(['admin@example.org']);
    expect(mailHeader(mail?.raw ?? '', 'From')).toContain('club@kayak-odet.example.org');
    expect(mailHeader(mail?.raw ?? '', 'Reply-To')).toContain('bureau@kayak-odet.example.org');
    expect(mailText(mail?.raw ?? '')).toContain('les mails du club partent bien');

    const again = await call('admin', 'POST', '/api/internal/email-settings/test');
    expect([again.statusCode, again.json().code]).toEqual([429, 'too_many_requests']);
    expect(Number(again.headers['retry-after'])).toBeGreaterThan(0);
    ctx.clock.now = new Date(ctx.clock.now.getTime() + 61_000);
    expect((await call('admin', 'POST', '/api/internal/email-settings/test')).statusCode).toBe(202);
    expect((await call('member', 'POST', '/api/internal/email-settings/test')).statusCode).toBe(403);
  });

  it('tries a bouncing address too: whether it still bounces is the question', async () => {
    await ctx.db.updateTable('users').set({ email_bouncing: true }).where('username', '=', 'admin').execute();
    ctx.clock.now = new Date(ctx.clock.now.getTime() + 61_000);
    const before = smtp.received.length;
    expect((await call('admin', 'POST', '/api/internal/email-settings/test')).statusCode).toBe(202);
    await smtp.waitFor(before + 1);
  });
});
