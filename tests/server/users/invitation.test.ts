import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailHeader, mailText, type SmtpSink, startSmtpSink } from '../helpers/smtp-sink';
import { bearer, createTestContext, type TestContext } from '../helpers/test-context';

let smtp: SmtpSink;
let ctx: TestContext;
let adminToken: string;
const NEW_PASSWORD = 'Bienvenue-2026';

beforeAll(async () => {
  smtp = await startSmtpSink();
  ctx = await createTestContext({ env: { SMTP_URL: smtp.url, PUBLIC_URL: 'https://club.example.org' } });
  await ctx.createUser('admin', 'Admin');
  adminToken = await ctx.signIn('admin');
});
afterAll(async () => {
  await ctx.close();
  await smtp.close();
});

const invite = (username: string, email: string) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/user/register',
    headers: bearer(adminToken),
    payload: { username, email },
  });
const confirm = (token: string, password = NEW_PASSWORD) =>
  ctx.app.inject({ method: 'POST', url: `/api/user/confirm/${token}`, payload: { password } });
const login = (username: string, password = NEW_PASSWORD) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/user/login',
    payload: { username_or_email: username, password },
  });

function linkTokenIn(raw: string): string {
  const match = /https:\/\/club\.example\.org\/confirm\/([A-Za-z0-9_-]+)/.exec(mailText(raw));
  if (!match?.[1]) throw new Error(`no confirmation link in:\n${raw}`);
  return match[1];
}

describe('invitation through a real SMTP server', () => {
  it('mails a link that confirms the account once; sign-in works after', async () => {
    const response = await invite('Lea.Martin', 'Lea@Example.org');
    expect(response.statusCode).toBe(200);
    const user = response.json();
    expect(user).toMatchObject({ username: 'lea.martin', email: 'lea@example.org', role_name: 'User' });
    expect(user).not.toHaveProperty('confirm_url'); // SMTP is configured: the link goes to the inbox only
    expect(user.invitation_mail).toBe('sent'); // the dialog says it was mailed

    const [mail] = await smtp.waitFor(1);
    expect(mail?.to).toEqual(['lea@example.org']);
    expect(mail?.raw).toMatch(/^Message-ID: <[0-9a-f-]+@default\.equipee>/im);
    expect(mailHeader(mail?.raw ?? '', 'Subject')).toBe('Invitation à rejoindre Équipée');
    const token = linkTokenIn(mail?.raw ?? '');

    expect((await login('lea.martin')).json().code).toBe('invalid_credentials'); // no password yet
    expect((await confirm(token, 'weak')).json()).toMatchObject({
      code: 'password_too_weak',
      field: 'password',
    });
    expect((await confirm(token)).statusCode).toBe(200);
    expect((await login('lea.martin')).statusCode).toBe(200);

    const reuse = await confirm(token, 'Another-Passw0rd');
    expect(reuse.statusCode).toBe(400);
    expect(reuse.json().code).toBe('token_invalid');
  });

  it('refuses an expired link (after 7 days)', async () => {
    const before = smtp.received.length;
    expect((await invite('tom', 'tom@example.org')).statusCode).toBe(200);
    const token = linkTokenIn((await smtp.waitFor(before + 1))[before]?.raw ?? '');
    ctx.clock.now = new Date(ctx.clock.now.getTime() + 7 * 24 * 3_600_000 + 60_000);
    const response = await confirm(token);
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('token_invalid');
  });

  it('re-inviting an unconfirmed member voids the old link; a confirmed one is taken', async () => {
    const before = smtp.received.length;
    await invite('zoe', 'zoe@example.org');
    await invite('zoe', 'zoe@example.org');
    const mails = await smtp.waitFor(before + 2);
    const [first, second] = [
      linkTokenIn(mails[before]?.raw ?? ''),
      linkTokenIn(mails[before + 1]?.raw ?? ''),
    ];
    expect(first).not.toBe(second);
    expect((await confirm(first)).json().code).toBe('token_invalid');
    expect((await confirm(second)).statusCode).toBe(200);

    expect((await invite('zoe', 'zoe@example.org')).json().code).toBe('username_taken');
    expect((await invite('zoe2', 'zoe@example.org')).json().code).toBe('email_taken');
    expect((await invite('zoe', 'zoe3@example.org')).statusCode).toBe(409);
  });

  it('hands back confirm_url when the invitation email type is switched off', async () => {
    const rootId = (await ctx.createUser('root', 'SuperAdmin')).id;
    const rootToken = await ctx.signIn('root');
    const off = await ctx.app.inject({
      method: 'PUT',
      url: `/api/user/system/settings/${rootId}`,
      headers: bearer(rootToken),
      payload: { setting: { name: 'user_invitation', active: false } },
    });
    expect(off.json().find((s: { name: string }) => s.name === 'user_invitation').active).toBe(false);
    const before = smtp.received.length;
    const response = await invite('ines', 'ines@example.org');
    expect(response.json().confirm_url).toMatch(/^https:\/\/club\.example\.org\/confirm\/[A-Za-z0-9_-]{43}$/);
    expect(response.json().invitation_mail).toBe('off');
    await ctx.mail.runOnce();
    expect(smtp.received.length).toBe(before);
  });
});

describe('invitation without an SMTP server', () => {
  it('answers confirm_url and writes the message to the mail log, mode 0600', async () => {
    const local = await createTestContext();
    try {
      await local.createUser('admin', 'Admin');
      const token = await local.signIn('admin');
      const response = await local.app.inject({
        method: 'POST',
        url: '/api/user/register',
        headers: bearer(token),
        payload: { username: 'noe', email: 'noe@example.org' },
      });
      const { confirm_url: confirmUrl, invitation_mail: mail } = response.json();
      expect(confirmUrl).toMatch(/\/confirm\/[A-Za-z0-9_-]{43}$/);
      expect(mail).toBe('logged');
      await local.mail.runOnce();
      const fs = await import('node:fs');
      const path = await import('node:path');
      const dir = path.join(local.dataDir, 'default', 'mail-log');
      const [file] = fs.readdirSync(dir);
      expect(file).toMatch(/\.eml$/);
      expect(fs.statSync(path.join(dir, file ?? '')).mode & 0o777).toBe(0o600);
      expect(mailText(fs.readFileSync(path.join(dir, file ?? ''), 'utf8'))).toContain(confirmUrl);
      // The mail log is never served.
      expect((await local.app.inject({ method: 'GET', url: `/files/../mail-log/${file}` })).statusCode).toBe(
        404,
      );
    } finally {
      await local.close();
    }
  });
});

describe('re-inviting an unconfirmed account, only within one’s rights', () => {
  let local: TestContext;
  const tokens: Record<string, string> = {};
  beforeAll(async () => {
    // No SMTP server: every invitation answers its confirm_url, so links are read from the answers.
    local = await createTestContext();
    await local.createUser('chief', 'SuperAdmin');
    await local.createUser('admin', 'Admin');
    tokens.chief = await local.signIn('chief');
    tokens.admin = await local.signIn('admin');
  });
  afterAll(() => local.close());

  const inviteAs = (caller: string, username: string) =>
    local.app.inject({
      method: 'POST',
      url: '/api/user/register',
      headers: bearer(tokens[caller] ?? ''),
      payload: { username, email: `${username}@example.org` },
    });
  const confirmWith = (url: string) =>
    local.app.inject({
      method: 'POST',
      url: `/api/user/confirm/${url.split('/confirm/')[1]}`,
      payload: { password: NEW_PASSWORD },
    });
  /** An invited account that a SuperAdmin has made Admin before it was confirmed; answers its link. */
  async function unconfirmedAdmin(username: string): Promise<{ id: string; link: string }> {
    const invited = await inviteAs('chief', username);
    const { id, confirm_url: link } = invited.json();
    const role = await local.app.inject({
      method: 'PUT',
      url: `/api/user/role/${id}`,
      headers: bearer(tokens.chief ?? ''),
      payload: { role_name: 'Admin' },
    });
    expect(role.json().role_name).toBe('Admin');
    return { id, link };
  }

  it('refuses an Admin re-inviting an unconfirmed Admin (403), and the old link still works', async () => {
    const { link } = await unconfirmedAdmin('ada');
    const refused = await inviteAs('admin', 'ada');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('forbidden');
    expect((await confirmWith(link)).statusCode).toBe(200);
  });

  it('lets a SuperAdmin re-invite an unconfirmed Admin: a new link, the old one void', async () => {
    const { link } = await unconfirmedAdmin('bea');
    const again = await inviteAs('chief', 'bea');
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ username: 'bea', role_name: 'Admin' });
    expect((await confirmWith(link)).json().code).toBe('token_invalid');
    expect((await confirmWith(again.json().confirm_url)).statusCode).toBe(200);
  });

  it('lets an Admin re-invite an unconfirmed User', async () => {
    const first = await inviteAs('chief', 'cyd');
    const again = await inviteAs('admin', 'cyd');
    expect(again.statusCode).toBe(200);
    expect((await confirmWith(first.json().confirm_url)).json().code).toBe('token_invalid');
    expect((await confirmWith(again.json().confirm_url)).statusCode).toBe(200);
  });
});
