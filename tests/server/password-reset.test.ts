import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailText, type SmtpSink, startSmtpSink } from './helpers/smtp-sink';
import { bearer, captureLogs, createTestContext, PASSWORD, type TestContext } from './helpers/test-context';

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
    await ctx.createUser('anna');
    const oldSession = await ctx.signIn('anna');
    for (let i = 0; i < 5; i++) await login('anna', 'Wrong-passw0rd');
    expect((await login('anna', PASSWORD)).json().code).toBe('account_locked');

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
    await ctx.mail.runOnce();
    expect(smtp.received.length).toBe(before);
  });

  it('never writes a reset token or link to the application log', async () => {
    const text = logs.text();
    expect(text).toContain('/api/user/reset');
    expect(text).not.toMatch(/token=[A-Za-z0-9_-]{20,}/);
    expect(text).not.toMatch(/"token":"[A-Za-z0-9_-]{20,}"/);
    expect(text).not.toContain('Nouveau-Passw0rd');
  });
});
