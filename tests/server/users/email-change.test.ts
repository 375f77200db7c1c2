import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { settled } from '../../../server/background';
import { hashToken } from '../../../server/modules/users/tokens';
import { bearer, createTestContext, PASSWORD, type TestContext } from '../helpers/test-context';

// An email change waits for the new address (docs/rules.md#accounts-and-sessions): the answer keeps `email`
// and sets `pending_email`; a link valid 24 h goes to the new address, the address in use is told at once,
// and only the link makes the change. A later request, a revocation or a deletion voids it.
let ctx: TestContext;
let admin: Member;
let serial = 0;

beforeAll(async () => {
  ctx = await createTestContext({
    env: { PUBLIC_URL: 'https://club.example.org', RATE_LIMIT_LOGIN: '1000', RATE_LIMIT_CONFIRM: '1000' },
  });
  admin = await member('Admin', 'Camille', 'Martin');
});
afterAll(() => ctx.close());

/** A fresh member, signed in, with a first name for the mails' greeting. */
async function member(role: 'User' | 'Admin' = 'User', firstName = 'Jeanne', lastName = 'Dupont') {
  serial += 1;
  const username = `mover${serial}`;
  const { id } = await ctx.createUser(username, role);
  await ctx.db
    .updateTable('users')
    .set({ first_name: firstName, last_name: lastName })
    .where('id', '=', id)
    .execute();
  return { id, username, email: `${username}@example.org`, token: await ctx.signIn(username) };
}
type Member = Awaited<ReturnType<typeof member>>;

const askChange = (actor: Member, target: Member, email: string) =>
  ctx.app.inject({
    method: 'PUT',
    url: `/api/user/email/${target.id}`,
    headers: bearer(actor.token),
    payload: actor.id === target.id ? { email, password: PASSWORD } : { email },
  });
const confirm = (token: string) =>
  ctx.app.inject({ method: 'POST', url: `/api/user/email/confirm/${token}` });
/** The link is refused as used, expired or voided. */
async function expectVoid(token: string) {
  const answer = await confirm(token);
  expect(answer.statusCode).toBe(400);
  expect(answer.json()).toMatchObject({ code: 'token_invalid' });
}
const me = (who: Member) =>
  ctx.app.inject({ method: 'GET', url: '/api/user/me', headers: bearer(who.token) });
const mailsTo = (address: string) =>
  ctx.db
    .selectFrom('mail_queue')
    .select(['kind', 'subject', 'body_text', 'priority'])
    .where('to_address', '=', address)
    .execute();
/** The token of the confirmation link mailed to `address` (for `userId`, when several were). */
async function linkTokenFor(address: string, userId?: string): Promise<string> {
  const mails = (await mailsTo(address)).filter((mail) => mail.kind === 'email_change_confirm');
  const tokens = mails.flatMap((mail) => /\/confirm-email\/([A-Za-z0-9_-]+)/.exec(mail.body_text)?.[1] ?? []);
  if (userId === undefined && tokens.length === 1) return tokens[0] as string;
  const live = await ctx.db
    .selectFrom('account_tokens')
    .select('token_hash')
    .where('user_id', '=', userId ?? '')
    .where('kind', '=', 'email')
    .execute();
  const token = tokens.find((candidate) => live.some((row) => row.token_hash === hashToken(candidate)));
  if (!token) throw new Error(`no confirmation link for that account mailed to ${address}`);
  return token;
}

describe('PUT /api/user/email/{id}: asking for a new address', () => {
  it('keeps the address in use, sets pending_email, mails a link to the new one and tells the old one', async () => {
    const jeanne = await member();
    const answer = await askChange(jeanne, jeanne, ' Jeanne.New@Example.org ');
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toMatchObject({ email: jeanne.email, pending_email: 'jeanne.new@example.org' });
    expect((await me(jeanne)).json()).toMatchObject({
      email: jeanne.email,
      pending_email: 'jeanne.new@example.org',
    });

    const [link] = await mailsTo('jeanne.new@example.org');
    expect(link).toMatchObject({ kind: 'email_change_confirm', priority: 0 });
    expect(link?.body_text).toContain('Bonjour Jeanne,');
    expect(link?.body_text).toMatch(/https:\/\/club\.example\.org\/confirm-email\/[A-Za-z0-9_-]{43}/);
    expect(link?.body_text).toContain('24 heures');
    const [notice] = await mailsTo(jeanne.email);
    expect(notice).toMatchObject({ kind: 'email_change_notice', priority: 0 });
    expect(notice?.body_text).toContain('vous avez demandé');
    expect(notice?.body_text).toContain('jeanne.new@example.org');
    expect(notice?.body_text).not.toContain('/confirm-email/');

    // Stored hashed, single kind `email`, 24 h.
    const token = await linkTokenFor('jeanne.new@example.org');
    const row = await ctx.db
      .selectFrom('account_tokens')
      .selectAll()
      .where('user_id', '=', jeanne.id)
      .where('kind', '=', 'email')
      .executeTakeFirstOrThrow();
    expect(row.token_hash).toBe(hashToken(token));
    expect(row.expires_at.getTime() - row.created_at.getTime()).toBe(24 * 3_600_000);

    // Until the link is used, the old address still signs in; the new one does not.
    const signIn = (login: string) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/user/login',
        payload: { username_or_email: login, password: PASSWORD },
      });
    expect((await signIn(jeanne.email)).statusCode).toBe(200);
    expect((await signIn('jeanne.new@example.org')).statusCode).toBe(401);
  });

  it("an admin's request names the admin to the address in use, and needs no password", async () => {
    const paul = await member('User', 'Paul');
    const answer = await askChange(admin, paul, 'paul.new@example.org');
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toMatchObject({ email: paul.email, pending_email: 'paul.new@example.org' });
    const [notice] = await mailsTo(paul.email);
    expect(notice?.body_text).toContain('Camille Martin a demandé');
  });

  it('an address another account uses is 409 email_taken, and nothing is pending or mailed', async () => {
    const lea = await member();
    const answer = await askChange(lea, lea, admin.email);
    expect(answer.statusCode).toBe(409);
    expect(answer.json()).toMatchObject({ code: 'email_taken', field: 'email' });
    expect((await me(lea)).json().pending_email).toBeNull();
    expect(await mailsTo(lea.email)).toEqual([]);
  });

  it('asking for the address in use withdraws a pending change and voids its link', async () => {
    const noe = await member();
    await askChange(noe, noe, 'noe.new@example.org');
    const token = await linkTokenFor('noe.new@example.org');
    const back = await askChange(noe, noe, noe.email);
    expect(back.json()).toMatchObject({ email: noe.email, pending_email: null });
    await expectVoid(token);
  });
});

describe('POST /api/user/email/confirm/{token}: the new address confirms', () => {
  it('makes it the account email, clears a bounce, ends no session, and works once', async () => {
    const sam = await member();
    await ctx.db.updateTable('users').set({ email_bouncing: true }).where('id', '=', sam.id).execute();
    await askChange(sam, sam, 'sam.new@example.org');
    const token = await linkTokenFor('sam.new@example.org');

    const confirmed = await confirm(token);
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toEqual({ ok: true, email: 'sam.new@example.org' });
    const after = await me(sam);
    expect(after.statusCode).toBe(200);
    expect(after.json()).toMatchObject({
      email: 'sam.new@example.org',
      pending_email: null,
      email_bouncing: false,
    });

    await expectVoid(token);
  });

  it('two requests in a row: the second link wins, the first is void', async () => {
    const ines = await member();
    await askChange(ines, ines, 'ines.first@example.org');
    const first = await linkTokenFor('ines.first@example.org');
    await askChange(ines, ines, 'ines.second@example.org');
    const second = await linkTokenFor('ines.second@example.org');
    await expectVoid(first);
    expect((await confirm(second)).statusCode).toBe(200);
    expect((await me(ines)).json().email).toBe('ines.second@example.org');
  });

  it('an address taken meanwhile is 409 email_taken, and the change stays pending', async () => {
    const ugo = await member();
    const vera = await member();
    await askChange(ugo, ugo, 'shared.new@example.org');
    await askChange(vera, vera, 'shared.new@example.org');
    const ugoToken = await linkTokenFor('shared.new@example.org', ugo.id);
    expect((await confirm(await linkTokenFor('shared.new@example.org', vera.id))).statusCode).toBe(200);
    const late = await confirm(ugoToken);
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({ code: 'email_taken' });
    expect((await me(ugo)).json()).toMatchObject({
      email: ugo.email,
      pending_email: 'shared.new@example.org',
    });
  });

  it('after 24 hours the link is void', async () => {
    const yves = await member();
    await askChange(yves, yves, 'yves.new@example.org');
    const token = await linkTokenFor('yves.new@example.org');
    const saved = ctx.clock.now;
    ctx.clock.now = new Date(saved.getTime() + 24 * 3_600_000 + 1000);
    try {
      await expectVoid(token);
    } finally {
      ctx.clock.now = saved;
    }
    expect((await me(yves)).json().email).toBe(yves.email);
  });

  it('a revocation voids the link and forgets the pending address', async () => {
    const zoe = await member();
    await askChange(zoe, zoe, 'zoe.new@example.org');
    const token = await linkTokenFor('zoe.new@example.org');
    const revoked = await ctx.app.inject({
      method: 'PUT',
      url: `/api/user/status/${zoe.id}`,
      headers: bearer(admin.token),
      payload: { status: 'Revok', action: true },
    });
    expect(revoked.statusCode).toBe(200);
    expect(revoked.json().pending_email).toBeNull();
    await expectVoid(token);
  });

  it('a password reset voids the link: whoever knew the old password may have asked for it', async () => {
    const rose = await member();
    await askChange(rose, rose, 'rose.new@example.org');
    const token = await linkTokenFor('rose.new@example.org');
    await ctx.app.inject({ method: 'POST', url: '/api/user/reset', payload: { Ask: { email: rose.email } } });
    await settled();
    const resetMail = (await mailsTo(rose.email)).find((mail) => mail.kind === 'password_reset');
    const resetToken = /reset\?token=([A-Za-z0-9_-]+)/.exec(resetMail?.body_text ?? '')?.[1];
    const reset = await ctx.app.inject({
      method: 'POST',
      url: '/api/user/reset',
      payload: { Reset: { token: resetToken, password: 'Nouveau-Passw0rd!' } },
    });
    expect(reset.statusCode).toBe(200);
    await expectVoid(token);
    const row = await ctx.db
      .selectFrom('users')
      .select(['email', 'pending_email'])
      .where('id', '=', rose.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ email: rose.email, pending_email: null });
  });

  it('a deletion voids the link', async () => {
    const max = await member();
    await askChange(max, max, 'max.new@example.org');
    const token = await linkTokenFor('max.new@example.org');
    const deleted = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/user/${max.id}`,
      headers: bearer(admin.token),
      payload: { password: PASSWORD },
    });
    expect(deleted.statusCode).toBe(200);
    await expectVoid(token);
    const row = await ctx.db
      .selectFrom('users')
      .select(['email', 'pending_email'])
      .where('id', '=', max.id)
      .executeTakeFirstOrThrow();
    expect(row.pending_email).toBeNull();
    expect(row.email).toMatch(/@deleted\.invalid$/);
  });

  it('a made-up token is 400 token_invalid', async () => {
    await expectVoid('x'.repeat(43));
  });
});
