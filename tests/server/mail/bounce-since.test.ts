import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enqueueMail } from '../../../server/mail/mail-queue';
import { type SmtpSink, startSmtpSink } from '../helpers/smtp-sink';
import { bearer, createTestContext, type TestContext } from '../helpers/test-context';

// Bounces (docs/rules.md#mails): the first permanent refusal's time is kept, shown to Admins only (the member reads
// the mark alone), kept through later refusals, and cleared with the mark when the address changes.

let ctx: TestContext;
let smtp: SmtpSink;
const ids: Record<string, string> = {};

beforeAll(async () => {
  smtp = await startSmtpSink(0, {
    refuseRecipient: (address) => (address === 'dead@example.org' ? 550 : undefined),
  });
  ctx = await createTestContext({ env: { SMTP_URL: smtp.url, PUBLIC_URL: 'https://club.example.org' } });
  for (const name of ['admin', 'dead'])
    ids[name] = (await ctx.createUser(name, name === 'admin' ? 'Admin' : 'User')).id;
});
afterAll(async () => {
  await ctx.close();
  await smtp.close();
});

const refuseOnce = async () => {
  await enqueueMail(ctx.db, ctx.clock.now, ctx.config.clubKey, {
    kind: 'event_update',
    to: 'dead@example.org',
    subject: 'Modification',
    text: 'Un évènement a changé.',
  });
  await ctx.mail.runOnce();
};
const readAs = async (who: string, url: string) =>
  (await ctx.app.inject({ method: 'GET', url, headers: bearer(await ctx.signIn(who)) })).json();

describe('since when an address bounces', () => {
  it('keeps the first refusal time and shows it to Admins only', async () => {
    const first = new Date(ctx.clock.now);
    await refuseOnce();
    ctx.clock.now = new Date(first.getTime() + 86_400_000);
    await refuseOnce(); // a later refusal keeps the first date

    const row = await ctx.db
      .selectFrom('users')
      .selectAll()
      .where('id', '=', ids.dead as string)
      .executeTakeFirstOrThrow();
    expect([row.email_bouncing, row.email_bouncing_since?.toISOString()]).toEqual([
      true,
      first.toISOString(),
    ]);
    const list = await readAs('admin', '/api/user');
    expect(list.find((user: { id: string }) => user.id === ids.dead)).toMatchObject({
      email_bouncing: true,
      email_bouncing_since: first.toISOString(),
    });
    expect(await readAs('admin', `/api/user/profile/${ids.dead}`)).toMatchObject({
      email_bouncing_since: first.toISOString(),
    });
    const own = await readAs('dead', `/api/user/profile/${ids.dead}`);
    expect(own.email_bouncing).toBe(true);
    expect(own).not.toHaveProperty('email_bouncing_since');
    expect(await readAs('dead', '/api/user/me')).not.toHaveProperty('email_bouncing_since');
  });

  it('clears the date with the mark when an Admin fixes the address and the new one confirms', async () => {
    const change = await ctx.app.inject({
      method: 'PUT',
      url: `/api/user/email/${ids.dead}`,
      headers: bearer(await ctx.signIn('admin')),
      payload: { email: 'dead.fixed@example.org' },
    });
    expect(change.statusCode).toBe(200);
    const [mail] = await ctx.db
      .selectFrom('mail_queue')
      .select('body_text')
      .where('to_address', '=', 'dead.fixed@example.org')
      .execute();
    const token = /\/confirm-email\/([A-Za-z0-9_-]+)/.exec(mail?.body_text ?? '')?.[1];
    const confirmed = await ctx.app.inject({ method: 'POST', url: `/api/user/email/confirm/${token}` });
    expect(confirmed.statusCode).toBe(200);
    expect(await readAs('admin', `/api/user/profile/${ids.dead}`)).toMatchObject({
      email: 'dead.fixed@example.org',
      email_bouncing: false,
      email_bouncing_since: null,
    });
  });
});
