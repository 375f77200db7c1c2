import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { settled } from '../../../server/background';
import { mailHeader, mailText, type SmtpSink, startSmtpSink } from '../helpers/smtp-sink';
import { bearer, createTestContext, PASSWORD, type TestContext } from '../helpers/test-context';

let smtp: SmtpSink;
let ctx: TestContext;

beforeAll(async () => {
  smtp = await startSmtpSink();
  // More sign-ins than the default 60 a minute happen here; the limit itself is tested in logs-and-limits.
  ctx = await createTestContext({
    env: { SMTP_URL: smtp.url, PUBLIC_URL: 'https://club.example.org', RATE_LIMIT_LOGIN: '1000' },
  });
});
afterAll(async () => {
  await ctx.close();
  await smtp.close();
});

const MINUTE = 60_000;
const WRONG = 'Wrong-password1';
const login = (username: string, password: string) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/user/login',
    payload: { username_or_email: username, password },
  });
const failTimes = async (username: string, times: number) => {
  for (let i = 0; i < times; i++) expect((await login(username, WRONG)).statusCode).toBe(401);
};
const advance = (ms: number) => {
  ctx.clock.now = new Date(ctx.clock.now.getTime() + ms);
};
const lockColumns = (id: string) =>
  ctx.db
    .selectFrom('users')
    .select(['connection_attempt', 'is_locked', 'locked_until', 'lock_count'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();

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

/** What a guesser can compare: status, body, and every header but the clock and the rate-limit counters. */
function visible(response: Awaited<ReturnType<typeof login>>) {
  const { date, 'x-ratelimit-remaining': _left, 'x-ratelimit-reset': _reset, ...headers } = response.headers;
  return { status: response.statusCode, headers, body: response.body };
}

describe('temporary lockout (a lock tells a guesser nothing)', () => {
  it('locks at the 5th failure; then the right and a wrong password get the very same answer; sessions stay', async () => {
    await ctx.createUser('bob');
    const existingToken = await ctx.signIn('bob');

    await failTimes('bob', 4);
    expect((await login('bob', PASSWORD)).statusCode).toBe(200); // 4 failures do not lock; success resets
    await failTimes('bob', 5);

    const right = visible(await login('bob', PASSWORD));
    const wrong = visible(await login('bob', WRONG));
    const unknown = visible(await login('nobody-at-all', WRONG));
    expect(right.status).toBe(401);
    expect(JSON.parse(right.body)).toEqual({
      code: 'invalid_credentials',
      message: 'Identifiant ou mot de passe incorrect.',
      field: null,
    });
    expect(right).toEqual(wrong);
    expect(right).toEqual(unknown);

    // A lock never ends a session: the organiser's phone at the venue keeps working.
    const me = await ctx.app.inject({ method: 'GET', url: '/api/user/me', headers: bearer(existingToken) });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ is_locked: true, connection_attempt: 7 });
  });

  it("counts failures during the lock, the right password's included, without moving the lock's end", async () => {
    const { id } = await ctx.createUser('carl');
    await failTimes('carl', 5);
    const locked = await lockColumns(id);
    expect(locked).toMatchObject({ connection_attempt: 5, is_locked: true, lock_count: 1 });

    advance(5 * MINUTE);
    await failTimes('carl', 3);
    expect((await login('carl', PASSWORD)).statusCode).toBe(401);
    expect(await lockColumns(id)).toEqual({ ...locked, connection_attempt: 9 });
  });

  it('ends the lock after 15 minutes; a further lock without a success between doubles', async () => {
    await ctx.createUser('carol');
    await failTimes('carol', 5);
    advance(14 * MINUTE);
    expect((await login('carol', PASSWORD)).json().code).toBe('invalid_credentials');
    advance(2 * MINUTE);

    // The lock is over: the guesser starts a new count of 5, and the next lock lasts 30 minutes.
    await failTimes('carol', 5);
    advance(16 * MINUTE);
    expect((await login('carol', PASSWORD)).json().code).toBe('invalid_credentials');
    advance(15 * MINUTE);
    const after = await login('carol', PASSWORD);
    expect(after.statusCode).toBe(200);
    expect(after.json().user).toMatchObject({ is_locked: false, connection_attempt: 0 });

    // A success resets the doubling: the next lock is 15 minutes again.
    await failTimes('carol', 5);
    advance(16 * MINUTE);
    expect((await login('carol', PASSWORD)).statusCode).toBe(200);
  });
});

describe('the lock email', () => {
  it('is sent once per lock, says until when in club time, and a new lock sends a new one', async () => {
    ctx.clock.now = new Date('2026-11-23T09:00:00Z'); // Paris is UTC+1 in November
    await ctx.createUser('dan');
    await failTimes('dan', 5);
    let mails = await mailsTo('dan@example.org');
    expect(mails).toHaveLength(1);
    expect(mailHeader(mails[0]?.raw ?? '', 'Subject')).toBe(
      'Équipée : votre compte est temporairement verrouillé',
    );
    expect(mailText(mails[0]?.raw ?? '')).toContain("jusqu'au lundi 23/11/2026 10:15");
    resetTokenIn(mails[0]?.raw ?? '');

    // Five more failures during the same lock: no second mail.
    advance(MINUTE);
    await failTimes('dan', 5);
    expect(await mailsTo('dan@example.org')).toHaveLength(1);

    // The lock ends; five more failures start a new lock (30 minutes), with its own mail.
    ctx.clock.now = new Date('2026-11-23T09:20:00Z');
    await failTimes('dan', 5);
    mails = await mailsTo('dan@example.org');
    expect(mails).toHaveLength(2);
    expect(mailText(mails[1]?.raw ?? '')).toContain("jusqu'au lundi 23/11/2026 10:50");
  });

  it("is written in the owner's language", async () => {
    ctx.clock.now = new Date('2026-11-24T17:00:00Z');
    const { id } = await ctx.createUser('eve');
    await ctx.db.updateTable('users').set({ language: 'en' }).where('id', '=', id).execute();
    await failTimes('eve', 5);
    const [mail] = await mailsTo('eve@example.org');
    expect(mailHeader(mail?.raw ?? '', 'Subject')).toBe('Équipée: your account is temporarily locked');
    expect(mailText(mail?.raw ?? '')).toContain('locked until Tuesday, 24/11/2026, 18:15');
  });

  it('carries a reset link that works once and lifts the lock', async () => {
    const { id } = await ctx.createUser('gus');
    await failTimes('gus', 5);
    const [mail] = await mailsTo('gus@example.org');
    const token = resetTokenIn(mail?.raw ?? '');

    const reset = (password: string) =>
      ctx.app.inject({ method: 'POST', url: '/api/user/reset', payload: { Reset: { token, password } } });
    expect((await reset('Nouveau-Passw0rd')).statusCode).toBe(200);
    expect(await lockColumns(id)).toMatchObject({ connection_attempt: 0, is_locked: false, lock_count: 0 });
    const signedIn = await login('gus', 'Nouveau-Passw0rd');
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json().user).toMatchObject({ is_locked: false, connection_attempt: 0 });
    expect((await reset('Encore-Passw0rd')).json().code).toBe('token_invalid');
  });

  it('never goes to a revoked or an unconfirmed account, and leaves them no live link', async () => {
    const revoked = await ctx.createUser('hal');
    const unconfirmed = await ctx.createUser('ida');
    await ctx.db.updateTable('users').set({ is_revoked: true }).where('id', '=', revoked.id).execute();
    await ctx.db.updateTable('users').set({ confirmed_at: null }).where('id', '=', unconfirmed.id).execute();
    await failTimes('hal', 5);
    await failTimes('ida', 5);
    expect(await lockColumns(revoked.id)).toMatchObject({ is_locked: true });
    expect(await lockColumns(unconfirmed.id)).toMatchObject({ is_locked: true });
    expect(await mailsTo('hal@example.org')).toHaveLength(0);
    expect(await mailsTo('ida@example.org')).toHaveLength(0);
    const tokens = await ctx.db
      .selectFrom('account_tokens')
      .select('user_id')
      .where('user_id', 'in', [revoked.id, unconfirmed.id])
      .execute();
    expect(tokens).toEqual([]);
  });
});

describe('account states told only after the right password on an unlocked account', () => {
  it('refuses a revoked account with account_revoked only to the right password', async () => {
    const { id } = await ctx.createUser('dave');
    await ctx.db.updateTable('users').set({ is_revoked: true }).where('id', '=', id).execute();
    expect((await login('dave', WRONG)).json().code).toBe('invalid_credentials');
    const refused = await login('dave', PASSWORD);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('account_revoked');
  });

  it('refuses an unconfirmed account with account_not_confirmed only to the right password', async () => {
    const { id } = await ctx.createUser('erin');
    await ctx.db.updateTable('users').set({ confirmed_at: null }).where('id', '=', id).execute();
    expect((await login('erin', WRONG)).json().code).toBe('invalid_credentials');
    const refused = await login('erin', PASSWORD);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('account_not_confirmed');
  });

  it('answers a locked revoked account invalid_credentials, even to the right password', async () => {
    const { id } = await ctx.createUser('fay');
    await ctx.db.updateTable('users').set({ is_revoked: true }).where('id', '=', id).execute();
    await failTimes('fay', 5);
    const refused = await login('fay', PASSWORD);
    expect(refused.statusCode).toBe(401);
    expect(refused.json().code).toBe('invalid_credentials');
  });

  it('answers invalid_credentials for an invited user who has no password yet', async () => {
    const { id } = await ctx.createUser('frank');
    await ctx.db
      .updateTable('users')
      .set({ confirmed_at: null, password_hash: null })
      .where('id', '=', id)
      .execute();
    expect((await login('frank', PASSWORD)).json().code).toBe('invalid_credentials');
  });
});
