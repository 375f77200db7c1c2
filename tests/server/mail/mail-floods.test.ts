import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enqueueMail } from '../../../server/mail/mail-queue';
import { mailLogDir } from '../../../server/mail/transport';
import {
  NOTICE_GRACE_MS,
  NOTICE_SPACING_MS,
} from '../../../server/modules/participation/subscription-notices';
import { createEvent, DAY, insertModel, members, subscribe } from '../helpers/event-fixtures';
import { mailText, type SmtpSink, startSmtpSink } from '../helpers/smtp-sink';
import { createTestContext, type TestContext } from '../helpers/test-context';

// A past mail flood: a member toggling subscribe/unsubscribe made the server send a thousand mails, and a
// reset queued behind them left minutes later. Coalescing (docs/rules.md#subscriptions) and priority
// (docs/rules.md#mails).
type Member = { id: string; token: string; username: string };

async function setUp(env: Record<string, string> = {}) {
  const ctx = await createTestContext({ env: { RATE_LIMIT_LOGIN: '1000', ...env } });
  const organiser = { id: (await ctx.createUser('orga', 'Contributor')).id, token: await ctx.signIn('orga') };
  const model = await insertModel(ctx, 'Kayak');
  return { ctx, organiser, model };
}

/** The messages the disk transport wrote (no SMTP_URL here), as they left. */
const loggedMails = (ctx: TestContext) => {
  const dir = mailLogDir(ctx.config);
  return fs.readdirSync(dir).map((file) => fs.readFileSync(path.join(dir, file), 'utf8'));
};

const later = (ctx: TestContext, ms: number) => {
  ctx.clock.now = new Date(ctx.clock.now.getTime() + ms);
};

/** The subscription mails queued so far, after a mail round has written the notices that are due. */
async function subscriptionMails(ctx: TestContext) {
  await ctx.mail.runOnce();
  return ctx.db
    .selectFrom('mail_queue')
    .select(['to_address', 'subject'])
    .where('kind', '=', 'subscribe_unsubscribe')
    .orderBy('created_at')
    .execute();
}

/** `count` toggles, one every 150 ms of the server's clock (100 in 15 s); answers the statuses. */
async function toggle(ctx: TestContext, who: Member, eventUuid: string, count: number) {
  const statuses: number[] = [];
  for (let i = 0; i < count; i++) {
    statuses.push((await subscribe(ctx, who.token, who.id, eventUuid, undefined, i % 2 === 0)).statusCode);
    later(ctx, 150);
  }
  return statuses;
}

describe('100 toggles in 15 s, with the limits as they ship', () => {
  let ctx: TestContext;
  afterAll(() => ctx.close());

  it('make no mail at all when the member ends where they started (and at most 2 in any case)', async () => {
    const setup = await setUp();
    ctx = setup.ctx;
    const [member] = (await members(ctx, 'flood', 1)) as [Member];
    const event = await createEvent(ctx, setup.organiser.token, setup.model, { startInMs: 2 * DAY });
    const statuses = await toggle(ctx, member, event.uuid_event, 100);
    // The per-event limit lets 20 through; the rest are 429 and change nothing.
    expect(statuses.filter((s) => s === 200)).toHaveLength(20);
    expect(statuses.filter((s) => s === 429)).toHaveLength(80);
    later(ctx, NOTICE_SPACING_MS);
    const mails = await subscriptionMails(ctx);
    expect(mails.length).toBeLessThanOrEqual(2);
    expect(mails).toEqual([]);
  });
});

describe('coalescing, even past the limits', () => {
  let ctx: TestContext;
  let organiser: { id: string; token: string };
  let model: string;
  beforeAll(async () => {
    ({ ctx, organiser, model } = await setUp({ RATE_LIMIT_SUBSCRIPTION_CHANGES: '100000' }));
  });
  afterAll(() => ctx.close());

  it('101 toggles in 15 s make one mail to the member, and one line of the organiser digest, telling the final state', async () => {
    const [member] = (await members(ctx, 'toggler', 1)) as [Member];
    const event = await createEvent(ctx, organiser.token, model, { startInMs: 2 * DAY });
    expect((await toggle(ctx, member, event.uuid_event, 101)).every((s) => s === 200)).toBe(true);
    // Nothing before the notice is due…
    expect(await subscriptionMails(ctx)).toEqual([]);
    later(ctx, NOTICE_GRACE_MS);
    const mails = await subscriptionMails(ctx);
    expect(mails.map((m) => m.to_address)).toEqual([`${member.username}@example.org`]);
    // 101 toggles from unsubscribed: subscribed.
    for (const mail of mails) expect(mail.subject).toMatch(/^Inscription/);
    // A sent row keeps no body (docs/rules.md#mails): what left is read from the mail log.
    const toMember = loggedMails(ctx).filter((raw) => raw.includes(`To: ${member.username}@example.org`));
    // Greeted by first name, never the username: this member gave none.
    expect(toMember.map(mailText).join('\n')).toMatch(/^Bonjour,\r?$/m);
    expect(toMember.map(mailText).join('\n')).not.toContain(`Bonjour ${member.username}`);
    // The organiser's digest keeps one line: from not there to subscribed (docs/rules.md#talking-around-an-event).
    const digest = await ctx.db
      .selectFrom('organiser_digest_changes')
      .select(['state_before', 'state_after'])
      .where('event_uuid', '=', event.uuid_event)
      .execute();
    expect(digest).toEqual([{ state_before: 'none', state_after: 'subscribed' }]);
  });

  it('sends the next notice no sooner than 10 minutes after the last one, and none when the state came back', async () => {
    const [member] = (await members(ctx, 'spaced', 1)) as [Member];
    const event = await createEvent(ctx, organiser.token, model, { startInMs: 3 * DAY });
    const mailsAbout = async () =>
      (await subscriptionMails(ctx)).filter((m) => m.to_address === `${member.username}@example.org`);
    expect((await subscribe(ctx, member.token, member.id, event.uuid_event)).statusCode).toBe(200);
    later(ctx, NOTICE_GRACE_MS);
    expect((await mailsAbout()).map((m) => m.subject)).toEqual([expect.stringMatching(/^Inscription/)]);
    // Leaves a minute later: told, but only 10 minutes after the first notice.
    later(ctx, 60_000);
    expect(
      (await subscribe(ctx, member.token, member.id, event.uuid_event, undefined, false)).statusCode,
    ).toBe(200);
    later(ctx, NOTICE_GRACE_MS);
    expect(await mailsAbout()).toHaveLength(1);
    later(ctx, NOTICE_SPACING_MS - NOTICE_GRACE_MS - 60_000);
    expect((await mailsAbout()).map((m) => m.subject)).toEqual([
      expect.stringMatching(/^Inscription/),
      expect.stringMatching(/^Désinscription/),
    ]);
    // Back and forth again: the state ends as last told, so nothing more.
    await subscribe(ctx, member.token, member.id, event.uuid_event);
    await subscribe(ctx, member.token, member.id, event.uuid_event, undefined, false);
    later(ctx, NOTICE_SPACING_MS);
    expect(await mailsAbout()).toHaveLength(2);
  });
});

describe('account mails', () => {
  let ctx: TestContext;
  let smtp: SmtpSink;
  beforeAll(async () => {
    smtp = await startSmtpSink();
    ({ ctx } = await setUp({ SMTP_URL: smtp.url, PUBLIC_URL: 'https://club.example.org' }));
  });
  afterAll(async () => {
    await ctx.close();
    await smtp.close();
  });

  it('go before 1,000 queued notifications: a reset asked after them leaves within 10 s, first', async () => {
    await ctx.createUser('nina');
    for (let i = 0; i < 1000; i++)
      await enqueueMail(ctx.db, ctx.clock.now, ctx.config.clubKey, {
        kind: 'event_update',
        to: `member${i}@example.org`,
        subject: `Modification ${i}`,
        text: 'Un événement a changé.',
      });
    later(ctx, 1000);
    const asked = Date.now();
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/user/reset',
      payload: { Ask: { email: 'nina@example.org' } },
    });
    expect(response.statusCode).toBe(200);
    // No help from the test: the reset's own commit kicks the worker, which meets 1,001 due messages.
    const [first] = await smtp.waitFor(1, 10_000);
    const tookMs = Date.now() - asked;
    console.log(`reset mail at the SMTP server ${tookMs} ms after it was asked, 1,000 notifications queued`);
    expect(first?.to).toEqual(['nina@example.org']);
    expect(mailText(first?.raw ?? '')).toContain('https://club.example.org/reset?token=');
    expect(tookMs).toBeLessThan(10_000);
  });
});
