import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailText, type SmtpSink, startSmtpSink } from '../helpers/smtp-sink';
import { bearer, createTestContext, type TestContext } from '../helpers/test-context';

// « Renvoyer l'invitation » (docs/rules.md#accounts-and-sessions): an invitee who never confirmed gets a new link that
// voids the old one, mailed through a real SMTP server; Admins read when it went; a User may not; five minutes apart.

let smtp: SmtpSink;
let ctx: TestContext;
let adminToken: string;

beforeAll(async () => {
  smtp = await startSmtpSink();
  ctx = await createTestContext({ env: { SMTP_URL: smtp.url, PUBLIC_URL: 'https://club.example.org' } });
  await ctx.createUser('admin', 'Admin');
  await ctx.createUser('member', 'User');
  adminToken = await ctx.signIn('admin');
});
afterAll(async () => {
  await ctx.close();
  await smtp.close();
});

const minutes = (n: number) => {
  ctx.clock.now = new Date(ctx.clock.now.getTime() + n * 60_000);
};
const invite = async (username: string) => {
  const answer = await ctx.app.inject({
    method: 'POST',
    url: '/api/user/register',
    headers: bearer(adminToken),
    payload: { username, email: `${username}@example.org` },
  });
  expect(answer.statusCode).toBe(200);
  return answer.json<{ id: string }>().id;
};
const resend = (id: string, token = adminToken) =>
  ctx.app.inject({ method: 'POST', url: `/api/user/${id}/invitation`, headers: bearer(token) });
const confirm = (token: string) =>
  ctx.app.inject({
    method: 'POST',
    url: `/api/user/confirm/${token}`,
    payload: { password: 'Bienvenue-2026' },
  });
const linksTo = (address: string) =>
  smtp.received
    .filter((mail) => mail.to.includes(address))
    .map((mail) => /\/confirm\/([A-Za-z0-9_-]+)/.exec(mailText(mail.raw))?.[1] ?? '');
/** The links mailed to `address`, once `count` have arrived. */
async function linksOnceMailed(address: string, count: number): Promise<string[]> {
  const deadline = Date.now() + 5000;
  while (linksTo(address).length < count) {
    if (Date.now() > deadline) throw new Error(`expected ${count} mails to ${address}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return linksTo(address);
}

describe('resending an invitation', () => {
  it('tells Admins when the pending invitation went, and nobody else', async () => {
    const id = await invite('lena');
    const list = await ctx.app.inject({ method: 'GET', url: '/api/user', headers: bearer(adminToken) });
    const lena = list.json<Array<Record<string, unknown>>>().find((user) => user.id === id);
    expect(lena).toMatchObject({ is_confirmed: false, invitation_sent_at: ctx.clock.now.toISOString() });
    const read = await ctx.app.inject({
      method: 'GET',
      url: `/api/user/profile/${id}`,
      headers: bearer(adminToken),
    });
    expect(read.json()).toMatchObject({
      is_confirmed: false,
      invitation_sent_at: ctx.clock.now.toISOString(),
    });
    const admin = list.json<Array<Record<string, unknown>>>().find((user) => user.username === 'admin');
    expect(admin).toMatchObject({ is_confirmed: true, invitation_sent_at: null });

    const own = await ctx.app.inject({
      method: 'GET',
      url: '/api/user/me',
      headers: bearer(await ctx.signIn('member')),
    });
    expect(own.json()).not.toHaveProperty('is_confirmed');
    expect(own.json()).not.toHaveProperty('invitation_sent_at');
  });

  it('mails a new link that voids the old one, and the new one confirms the account', async () => {
    const id = await invite('noe');
    await linksOnceMailed('noe@example.org', 1);
    minutes(6);
    const answer = await resend(id);
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toMatchObject({
      id,
      is_confirmed: false,
      invitation_mail: 'sent',
      invitation_sent_at: ctx.clock.now.toISOString(),
    });
    expect(answer.json()).not.toHaveProperty('confirm_url'); // the link goes to the inbox alone
    const [first, second] = await linksOnceMailed('noe@example.org', 2);
    expect(first).toBeTruthy();
    expect(second).toBeTruthy();
    expect(second).not.toBe(first);

    const stale = await confirm(first as string);
    expect([stale.statusCode, stale.json().code]).toEqual([400, 'token_invalid']);
    expect((await confirm(second as string)).statusCode).toBe(200);
    // Confirmed now: nothing to resend, and the Admins' read says so.
    const again = await resend(id);
    expect([again.statusCode, again.json().code]).toEqual([409, 'invitation_not_pending']);
    const read = await ctx.app.inject({
      method: 'GET',
      url: `/api/user/profile/${id}`,
      headers: bearer(adminToken),
    });
    expect(read.json()).toMatchObject({ is_confirmed: true, invitation_sent_at: null });
  });

  it('resends at once after the invitation, then one mail per five minutes (429 with Retry-After), the last link staying valid', async () => {
    const id = await invite('joel');
    // The member says a minute later that nothing came: the first resend is not held back.
    minutes(1);
    expect((await resend(id)).statusCode).toBe(200);
    minutes(4);
    const early = await resend(id);
    expect(early.statusCode).toBe(429);
    expect(early.json().code).toBe('too_many_requests');
    expect(Number(early.headers['retry-after'])).toBe(60);
    const queued = await ctx.db
      .selectFrom('mail_queue')
      .select('kind')
      .where('to_address', '=', 'joel@example.org')
      .execute();
    expect(queued).toHaveLength(2);
    minutes(1);
    expect((await resend(id)).statusCode).toBe(200);
  });

  it('refuses a User (403), a revoked account (409), an unknown id (404), and an Admin on an invited Admin (403)', async () => {
    const id = await invite('sam');
    minutes(6);
    const member = await ctx.signIn('member');
    expect((await resend(id, member)).statusCode).toBe(403);
    expect((await resend('5a8f0c1e-2b3d-4e5f-8a9b-0c1d2e3f4a5b')).statusCode).toBe(404);

    await ctx.db.updateTable('users').set({ role_name: 'Admin' }).where('id', '=', id).execute();
    expect((await resend(id)).statusCode).toBe(403);
    await ctx.createUser('root', 'SuperAdmin');
    expect((await resend(id, await ctx.signIn('root'))).statusCode).toBe(200);

    await ctx.db
      .updateTable('users')
      .set({ role_name: 'User', is_revoked: true })
      .where('id', '=', id)
      .execute();
    minutes(6);
    const revoked = await resend(id);
    expect([revoked.statusCode, revoked.json().code]).toEqual([409, 'account_revoked']);
  });
});
