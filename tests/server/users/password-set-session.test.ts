import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { settled } from '../../../server/background';
import { mailText, type SmtpSink, startSmtpSink } from '../helpers/smtp-sink';
import { bearer, createTestContext, PASSWORD, type TestContext } from '../helpers/test-context';

// A password set through an invitation or a reset link signs the member in, as a sign-in does
// (docs/rules.md#accounts-and-sessions): the answer carries a working session token.
let smtp: SmtpSink;
let ctx: TestContext;
let adminToken: string;
const CHOSEN = 'Bienvenue-2026';

beforeAll(async () => {
  smtp = await startSmtpSink();
  ctx = await createTestContext({
    env: { SMTP_URL: smtp.url, PUBLIC_URL: 'https://club.example.org', RATE_LIMIT_RESET: '100' },
  });
  await ctx.createUser('admin', 'Admin');
  adminToken = await ctx.signIn('admin');
});
afterAll(async () => {
  await ctx.close();
  await smtp.close();
});

const me = (token: string) => ctx.app.inject({ method: 'GET', url: '/api/user/me', headers: bearer(token) });

async function linkToken(pattern: RegExp, after: number): Promise<string> {
  await settled();
  await ctx.mail.runOnce();
  const mails = await smtp.waitFor(after + 1);
  const match = pattern.exec(mailText(mails[after]?.raw ?? ''));
  if (!match?.[1]) throw new Error('no link in the mail');
  return match[1];
}

async function sessionCount(username: string): Promise<number> {
  const row = await ctx.db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('users.username', '=', username)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

describe('a password set through a link signs the member in', () => {
  it('confirm answers {ok, token, user}; the token opens /api/user/me; the link then answers 400', async () => {
    const before = smtp.received.length;
    const invited = await ctx.app.inject({
      method: 'POST',
      url: '/api/user/register',
      headers: bearer(adminToken),
      payload: { username: 'lena', email: 'lena@example.org' },
    });
    expect(invited.statusCode).toBe(200);
    const token = await linkToken(/https:\/\/club\.example\.org\/confirm\/([A-Za-z0-9_-]+)/, before);

    const answer = await ctx.app.inject({
      method: 'POST',
      url: `/api/user/confirm/${token}`,
      payload: { password: CHOSEN },
    });
    expect(answer.statusCode).toBe(200);
    const body = answer.json();
    expect(body).toMatchObject({ ok: true, user: { username: 'lena', email: 'lena@example.org' } });
    expect(typeof body.token).toBe('string');
    expect(await sessionCount('lena')).toBe(1); // the same sessions table as a sign-in

    const signedIn = await me(body.token);
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json().username).toBe('lena');

    const again = await ctx.app.inject({
      method: 'POST',
      url: `/api/user/confirm/${token}`,
      payload: { password: 'Another-Passw0rd' },
    });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ code: 'token_invalid' });
    expect(again.json()).not.toHaveProperty('token');
  });

  it('reset ends the old sessions and answers a new working one; Ask still answers ok alone', async () => {
    await ctx.createUser('marc');
    const oldToken = await ctx.signIn('marc', PASSWORD);
    const before = smtp.received.length;
    const asked = await ctx.app.inject({
      method: 'POST',
      url: '/api/user/reset',
      payload: { Ask: { email: 'marc@example.org' } },
    });
    expect(asked.json()).toEqual({ ok: true });
    const token = await linkToken(/https:\/\/club\.example\.org\/reset\?token=([A-Za-z0-9_-]+)/, before);

    const answer = await ctx.app.inject({
      method: 'POST',
      url: '/api/user/reset',
      payload: { Reset: { token, password: CHOSEN } },
    });
    expect(answer.statusCode).toBe(200);
    const body = answer.json();
    expect(body).toMatchObject({ ok: true, user: { username: 'marc' } });
    expect((await me(oldToken)).statusCode).toBe(401); // the old password's sessions are gone
    expect((await me(body.token)).statusCode).toBe(200);
    expect(await sessionCount('marc')).toBe(1);

    const reuse = await ctx.app.inject({
      method: 'POST',
      url: '/api/user/reset',
      payload: { Reset: { token, password: 'Another-Passw0rd' } },
    });
    expect(reuse.statusCode).toBe(400);
    expect(reuse.json().code).toBe('token_invalid');
  });
});
