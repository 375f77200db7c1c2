import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { settled } from '../../../server/background';
import { enqueueMail } from '../../../server/mail/mail-queue';
import { reachableRecipients } from '../../../server/modules/notifications/notify';
import { type SmtpSink, startSmtpSink } from '../helpers/smtp-sink';
import { bearer, createTestContext, PASSWORD, type TestContext } from '../helpers/test-context';

// Bounces (docs/rules.md#mails): a real SMTP server refuses one recipient for good (550) and another for now
// (452); only the first address is marked, and notifications stop going to it.

let ctx: TestContext;
let smtp: SmtpSink;
const ids: Record<string, string> = {};

beforeAll(async () => {
  smtp = await startSmtpSink(0, {
    refuseRecipient: (address) =>
      address === 'dead@example.org' ? 550 : address === 'full@example.org' ? 452 : undefined,
  });
  ctx = await createTestContext({ env: { SMTP_URL: smtp.url, PUBLIC_URL: 'https://club.example.org' } });
  for (const name of ['admin', 'dead', 'full', 'alive'])
    ids[name] = (await ctx.createUser(name, name === 'admin' ? 'Admin' : 'User')).id;
});
afterAll(async () => {
  await ctx.close();
  await smtp.close();
});

const userRow = (name: string) =>
  ctx.db
    .selectFrom('users')
    .selectAll()
    .where('id', '=', ids[name] as string)
    .executeTakeFirstOrThrow();

/** Uses the confirmation link of the email change mailed to `address`. */
async function confirmLinkMailedTo(address: string) {
  const [mail] = await mailTo(address);
  const token = /\/confirm-email\/([A-Za-z0-9_-]+)/.exec(mail?.body_text ?? '')?.[1];
  const answer = await ctx.app.inject({ method: 'POST', url: `/api/user/email/confirm/${token}` });
  expect(answer.statusCode).toBe(200);
}

const mailTo = (address: string) =>
  ctx.db
    .selectFrom('mail_queue')
    .selectAll()
    .where('to_address', '=', address)
    .orderBy('created_at')
    .execute();

describe('addresses that bounce', () => {
  it('marks an address refused with 550, gives its mail up, and retries a 452 without marking', async () => {
    for (const name of ['dead', 'full', 'alive'])
      await enqueueMail(ctx.db, ctx.clock.now, ctx.config.clubKey, {
        kind: 'event_update',
        to: `${name}@example.org`,
        subject: 'Modification',
        text: 'Un évènement a changé.',
      });
    await ctx.mail.runOnce();

    expect(smtp.received.map((m) => m.to)).toEqual([['alive@example.org']]);
    const [dead] = await mailTo('dead@example.org');
    expect(dead).toMatchObject({ status: 'failed', attempts: 1 });
    expect(dead?.last_error).toMatch(/550/);
    const [full] = await mailTo('full@example.org');
    expect(full).toMatchObject({ status: 'pending', attempts: 1 });

    expect((await userRow('dead')).email_bouncing).toBe(true);
    expect((await userRow('full')).email_bouncing).toBe(false);
    expect((await userRow('alive')).email_bouncing).toBe(false);
  });

  it('shows the mark to the member and to admins', async () => {
    const own = await ctx.app.inject({
      method: 'GET',
      url: '/api/user/me',
      headers: bearer(await ctx.signIn('dead')),
    });
    expect(own.json().email_bouncing).toBe(true);
    const list = await ctx.app.inject({
      method: 'GET',
      url: '/api/user',
      headers: bearer(await ctx.signIn('admin')),
    });
    const byName = new Map(list.json().map((u: { username: string }) => [u.username, u]));
    expect(byName.get('dead')).toMatchObject({ email_bouncing: true });
    expect(byName.get('alive')).toMatchObject({ email_bouncing: false });
  });

  it('skips the address for notifications, reminders and the weekly list, but not for a reset', async () => {
    const dead = await userRow('dead');
    for (const kind of ['event_update', 'event_reminder', 'weekly_event_list', 'group_email'] as const)
      expect(await reachableRecipients(ctx.db, kind, [dead])).toEqual([]);
    for (const kind of ['password_reset', 'user_invitation'] as const)
      expect(await reachableRecipients(ctx.db, kind, [dead])).toEqual([dead]);

    const reset = await ctx.app.inject({
      method: 'POST',
      url: '/api/user/reset',
      payload: { Ask: { email: 'dead@example.org' } },
    });
    expect(reset.statusCode).toBe(200);
    await settled(); // the Ask's work runs after its answer, which takes the same time either way
    expect((await mailTo('dead@example.org')).map((m) => m.kind)).toContain('password_reset');
  });

  it('clears the mark when the email changes: the member with their password, or an admin', async () => {
    const dead = { id: ids.dead as string, token: await ctx.signIn('dead') };
    const change = (token: string, payload: object) =>
      ctx.app.inject({ method: 'PUT', url: `/api/user/email/${dead.id}`, headers: bearer(token), payload });
    const wrong = await change(dead.token, { email: 'dead.fixed@example.org', password: 'not-mine' });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json().code).toBe('password_incorrect');
    const taken = await change(dead.token, { email: 'ALIVE@example.org', password: PASSWORD });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().code).toBe('email_taken');
    expect((await userRow('dead')).email_bouncing).toBe(true);

    // The mark goes when the new address confirms itself, not at the request.
    const fixed = await change(dead.token, { email: ' Dead.Fixed@Example.org ', password: PASSWORD });
    expect(fixed.statusCode).toBe(200);
    expect(fixed.json()).toMatchObject({ pending_email: 'dead.fixed@example.org', email_bouncing: true });
    await confirmLinkMailedTo('dead.fixed@example.org');
    const row = await userRow('dead');
    expect([row.email, row.email_bouncing]).toEqual(['dead.fixed@example.org', false]);
    expect(await reachableRecipients(ctx.db, 'event_update', [row])).toEqual([row]);

    // An admin fixes a member's address without a password; another member may not.
    await ctx.db.updateTable('users').set({ email_bouncing: true }).where('id', '=', dead.id).execute();
    const admin = await ctx.signIn('admin');
    const byAdmin = await change(admin, { email: 'dead.again@example.org' });
    expect(byAdmin.statusCode).toBe(200);
    await confirmLinkMailedTo('dead.again@example.org');
    expect((await userRow('dead')).email_bouncing).toBe(false);
    const byOther = await change(await ctx.signIn('alive'), { email: 'x@example.org', password: PASSWORD });
    expect(byOther.statusCode).toBe(403);
  });
});
