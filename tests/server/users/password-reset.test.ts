import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { settled } from '../../../server/background';
import { mailText, type SmtpSink, startSmtpSink } from '../helpers/smtp-sink';
import { bearer, captureLogs, createTestContext, PASSWORD, type TestContext } from '../helpers/test-context';

let smtp: SmtpSink;
let ctx: TestContext;
const logs = captureLogs();

beforeAll(async () => {
  smtp = await startSmtpSink();
  // More resets than the default 10 a minute happen here; the limit itself is tested in logs-and-limits.
  ctx = await createTestContext({
    env: { SMTP_URL: smtp.url, PUBLIC_URL: 'https://club.example.org', RATE_LIMIT_RESET: '100' },
    logStream: logs.stream,
  });
});
afterAll(async () => {
  await ctx.close();
  await smtp.close();
});

const ask = (email: string) =>
  ctx.app.inject({ method: 'POST', url: '/api/user/reset', payload: { Ask: { email } } });
const reset = (token: string, password: string) =>
  ctx.app.inject({ method: 'POST', url: '/api/user/reset', payload: { Reset: { token, password } } });
const login = (username: string, password: string) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/user/login',
    payload: { username_or_email: username, password },
  });

/** Every message the SMTP server received for this address, once the queued work and mail have run. */
async function mailsTo(address: string) {
  await settled();
  await ctx.mail.runOnce();
  return smtp.received.filter((mail) => mail.to.includes(address));
}
function resetTokenIn(raw: string): string {
  const match = /https:\/\/club\.example\.org\/reset\?token=([A-Za-z0-9_-]{43})\b/.exec(mailText(raw));
  if (!match?.[1]) throw new Error(`no reset link in:\n${raw}`);
  return match[1];
}

async function resetTokenMailed(after: number): Promise<string> {
  const mails = await smtp.waitFor(after + 1);
  const match = /https:\/\/club\.example\.org\/reset\?token=([A-Za-z0-9_-]+)/.exec(
    mailText(mails[after]?.raw ?? ''),
  );
  if (!match?.[1]) throw new Error('no reset link');
  return match[1];
}

describe('password reset', () => {
  it('answers a known and an unknown email exactly alike, and mails only the known one', async () => {
    await ctx.createUser('paul');
    const before = smtp.received.length;
    const known = await ask('PAUL@example.org');
    const unknown = await ask('nobody@example.org');
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(known.body).toBe(unknown.body);
    await resetTokenMailed(before);
    await ctx.mail.runOnce();
    expect(smtp.received.length).toBe(before + 1);
    expect(smtp.received[before]?.to).toEqual(['paul@example.org']);
  });

  it('sets the password, clears the lock, and ends every old session', async () => {
    const { id } = await ctx.createUser('anna');
    const oldSession = await ctx.signIn('anna');
    // Locked as failed sign-ins leave it (the lock's own email is tested in auth-lockout).
    await ctx.db
      .updateTable('users')
      .set({
        connection_attempt: 5,
        is_locked: true,
        locked_until: new Date(ctx.clock.now.getTime() + 15 * 60_000),
        lock_count: 1,
      })
      .where('id', '=', id)
      .execute();
    expect((await login('anna', PASSWORD)).json().code).toBe('invalid_credentials');

    const before = smtp.received.length;
    await ask('anna@example.org');
    const token = await resetTokenMailed(before);
    expect((await reset(token, 'short')).json()).toMatchObject({
      code: 'password_too_weak',
      field: 'password',
    });
    expect((await reset(token, 'Nouveau-Passw0rd')).statusCode).toBe(200);

    expect(
      (await ctx.app.inject({ method: 'GET', url: '/api/user/me', headers: bearer(oldSession) })).statusCode,
    ).toBe(401);
    expect((await login('anna', PASSWORD)).json().code).toBe('invalid_credentials');
    const signedIn = await login('anna', 'Nouveau-Passw0rd');
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json().user).toMatchObject({ is_locked: false, connection_attempt: 0 });
    expect((await reset(token, 'Encore-Passw0rd')).json().code).toBe('token_invalid');
  });

  it('confirms an invited account that never set a password', async () => {
    const { id } = await ctx.createUser('ivan');
    await ctx.db
      .updateTable('users')
      .set({ confirmed_at: null, password_hash: null })
      .where('id', '=', id)
      .execute();
    const before = smtp.received.length;
    await ask('ivan@example.org');
    const token = await resetTokenMailed(before);
    expect((await reset(token, 'Premier-Passw0rd')).statusCode).toBe(200);
    expect((await login('ivan', 'Premier-Passw0rd')).statusCode).toBe(200);
  });

  it('refuses an expired link (after 1 hour), and sends nothing to a revoked account', async () => {
    const { id } = await ctx.createUser('rita');
    let before = smtp.received.length;
    await ask('rita@example.org');
    const token = await resetTokenMailed(before);
    ctx.clock.now = new Date(ctx.clock.now.getTime() + 3_600_000 + 1000);
    expect((await reset(token, 'Nouveau-Passw0rd')).json().code).toBe('token_invalid');

    await ctx.db.updateTable('users').set({ is_revoked: true }).where('id', '=', id).execute();
    before = smtp.received.length;
    expect((await ask('rita@example.org')).statusCode).toBe(200);
    await settled();
    await ctx.mail.runOnce();
    expect(smtp.received.length).toBe(before);
  });

  it('sends one mail for four Asks in a row, and its link works', async () => {
    await ctx.createUser('flo');
    for (let i = 0; i < 4; i++) expect((await ask('flo@example.org')).statusCode).toBe(200);
    const mails = await mailsTo('flo@example.org');
    expect(mails).toHaveLength(1);
    expect((await reset(resetTokenIn(mails[0]?.raw ?? ''), 'Nouveau-Passw0rd')).statusCode).toBe(200);
    expect((await login('flo', 'Nouveau-Passw0rd')).statusCode).toBe(200);
  });

  it('sends the next link once 5 minutes have passed; it voids the earlier one', async () => {
    await ctx.createUser('gwen');
    await ask('gwen@example.org');
    // Each Ask's work runs after its answer, at the clock of then: let it run before the clock moves.
    expect(await mailsTo('gwen@example.org')).toHaveLength(1);
    ctx.clock.now = new Date(ctx.clock.now.getTime() + 5 * 60_000 - 1000);
    await ask('gwen@example.org');
    expect(await mailsTo('gwen@example.org')).toHaveLength(1);
    ctx.clock.now = new Date(ctx.clock.now.getTime() + 1000);
    await ask('gwen@example.org');
    const mails = await mailsTo('gwen@example.org');
    expect(mails).toHaveLength(2);
    const [first, second] = mails.map((mail) => resetTokenIn(mail.raw));
    expect((await reset(first ?? '', 'Nouveau-Passw0rd')).json().code).toBe('token_invalid');
    expect((await reset(second ?? '', 'Nouveau-Passw0rd')).statusCode).toBe(200);
  });

  it('counts the lock email as a reset mail: an Ask within 5 minutes sends nothing, its link still works', async () => {
    await ctx.createUser('gil');
    for (let i = 0; i < 5; i++) expect((await login('gil', 'Wrong-passw0rd')).statusCode).toBe(401);
    const [lockMail] = await mailsTo('gil@example.org');
    await ask('gil@example.org');
    expect(await mailsTo('gil@example.org')).toHaveLength(1);
    expect((await reset(resetTokenIn(lockMail?.raw ?? ''), 'Nouveau-Passw0rd')).statusCode).toBe(200);
  });

  it('revoking voids pending reset and confirm links, for good', async () => {
    await ctx.createUser('boss', 'Admin');
    const boss = await ctx.signIn('boss');
    const status = (id: string, action: boolean) =>
      ctx.app.inject({
        method: 'PUT',
        url: `/api/user/status/${id}`,
        headers: bearer(boss),
        payload: { status: 'Revok', action },
      });
    const { id } = await ctx.createUser('vic');
    await ask('vic@example.org');
    const [mail] = await mailsTo('vic@example.org');
    const resetToken = resetTokenIn(mail?.raw ?? '');
    const invited = await ctx.app.inject({
      method: 'POST',
      url: '/api/user/register',
      headers: bearer(boss),
      payload: { username: 'wes', email: 'wes@example.org' },
    });
    const [invitation] = await mailsTo('wes@example.org');
    const confirmToken = /\/confirm\/([A-Za-z0-9_-]{43})/.exec(mailText(invitation?.raw ?? ''))?.[1] ?? '';
    const confirm = () =>
      ctx.app.inject({
        method: 'POST',
        url: `/api/user/confirm/${confirmToken}`,
        payload: { password: 'Premier-Passw0rd' },
      });

    expect((await status(id, true)).statusCode).toBe(200);
    expect((await status(invited.json().id, true)).statusCode).toBe(200);
    const refused = await reset(resetToken, 'Nouveau-Passw0rd');
    expect(refused.statusCode).toBe(400);
    expect(refused.json().code).toBe('token_invalid');
    expect((await confirm()).json().code).toBe('token_invalid');

    // Reactivated, the member needs a new link: the old ones stay void.
    expect((await status(id, false)).statusCode).toBe(200);
    expect((await status(invited.json().id, false)).statusCode).toBe(200);
    expect((await reset(resetToken, 'Nouveau-Passw0rd')).json().code).toBe('token_invalid');
    expect((await confirm()).json().code).toBe('token_invalid');
  });

  it('never writes a reset token or link to the application log', async () => {
    const text = logs.text();
    expect(text).toContain('/api/user/reset');
    expect(text).not.toMatch(/token=[A-Za-z0-9_-]{20,}/);
    expect(text).not.toMatch(/"token":"[A-Za-z0-9_-]{20,}"/);
    expect(text).not.toContain('Nouveau-Passw0rd');
  });
});
