import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startScheduledJobs } from '../../../server/jobs/scheduled-jobs';
import { sendWeeklyList } from '../../../server/jobs/weekly-list';
import { enqueueMail, purgeSentMail } from '../../../server/mail/mail-queue';
import { mailLogDir } from '../../../server/mail/transport';
import {
  writeSystemSwitch,
  writeUserSwitch,
} from '../../../server/modules/notifications/notification-settings.repository';
import { sendDueNudges } from '../../../server/modules/reminders/nudges.service';
import { sendDueReminders } from '../../../server/modules/reminders/reminders.service';
import { createEvent, DAY, insertModel, subscribe } from '../helpers/event-fixtures';
import { createSeries } from '../helpers/series-fixtures';
import { createTestContext, type TestContext } from '../helpers/test-context';

// Sent mail (docs/rules.md#mails): its links stay live for days, so once a message is sent the hourly
// housekeeping forgets its body and its List-Unsubscribe, and deletes sent rows after 30 days. The once-only rules keep their own rows, so that deletion changes none of them.
const ZONE = 'Europe/Paris';
const MONDAY = new Date('2026-11-30T08:00:00Z'); // Monday 09:00 in Paris
let ctx: TestContext;
let anne: { id: string; token: string };
let organiser: string;
let model: string;

beforeAll(async () => {
  ctx = await createTestContext({ env: { CLUB_TIMEZONE: ZONE, RATE_LIMIT_LOGIN: '1000' } });
  ctx.clock.now = MONDAY;
  const { id } = await ctx.createUser('anne');
  anne = { id, token: await ctx.signIn('anne') };
  await ctx.createUser('orga', 'Contributor');
  organiser = await ctx.signIn('orga');
  model = await insertModel(ctx);
});
afterAll(() => ctx.close());

const rows = () => ctx.db.selectFrom('mail_queue').selectAll().orderBy('created_at').execute();
const deps = () => ({ db: ctx.db, now: () => ctx.clock.now, config: ctx.config });
const LINK =
  'https://club.example.org/api/answer/e.u.decline.1.c2lnbmF0dXJlLXRoYXQtaXMtbGl2ZS1mb3ItZGF5cy0xMjM0';

describe('a sent mail', () => {
  it('is delivered whole, then the housekeeping leaves its row no body, no HTML and no List-Unsubscribe', async () => {
    await enqueueMail(ctx.db, ctx.clock.now, ctx.config.clubKey, {
      kind: 'event_reminder',
      to: 'anne@example.org',
      subject: 'Rappel',
      text: `Je ne viens pas : ${LINK}`,
      html: `<a href="${LINK}">Je ne viens pas</a>`,
      listUnsubscribe:
        'https://club.example.org/api/unsubscribe/u.event_reminder.c2lnbmF0dXJlLWZvci10aGUtbGlzdC1oZWFkZXI',
    });
    expect(await ctx.mail.runOnce()).toEqual({ sent: 1, failed: 0 });

    // Sent, it still holds its links until the housekeeping runs.
    expect((await rows())[0]?.body_text).toContain(LINK);
    await purgeSentMail(ctx.db, ctx.clock.now);
    const [row] = await rows();
    expect(row).toMatchObject({
      status: 'sent',
      sent_at: ctx.clock.now,
      kind: 'event_reminder',
      to_address: 'anne@example.org',
      subject: 'Rappel',
      body_text: '',
      body_html: null,
      list_unsubscribe: null,
    });
    // What left carried everything: the log folder stands in for the mail server here.
    const dir = mailLogDir(ctx.config);
    const sent = fs.readdirSync(dir).map((file) => fs.readFileSync(path.join(dir, file), 'utf8'));
    expect(sent.join('\n')).toContain('List-Unsubscribe');
    expect(sent.join('\n').replace(/=\r?\n/g, '')).toContain(
      'c2lnbmF0dXJlLXRoYXQtaXMtbGl2ZS1mb3ItZGF5cy0xMjM0',
    );
  });

  it('is deleted by the hourly housekeeping 30 days after it was sent; pending and failed mail stays', async () => {
    await ctx.db.deleteFrom('mail_queue').execute();
    const now = ctx.clock.now.getTime();
    const insert = (subject: string, status: 'sent' | 'pending' | 'failed', daysAgo: number) =>
      ctx.db
        .insertInto('mail_queue')
        .values({
          id: randomUUID(),
          message_id: `<${subject}@default.equipee>`,
          kind: 'event_update',
          to_address: 'anne@example.org',
          subject,
          body_text: status === 'sent' ? '' : 'body',
          status,
          next_attempt_at: new Date(now + DAY),
          created_at: new Date(now - (daysAgo + 1) * DAY),
          sent_at: status === 'sent' ? new Date(now - daysAgo * DAY) : null,
          last_error: null,
        })
        .execute();
    await insert('sent-31-days-ago', 'sent', 31);
    await insert('sent-29-days-ago', 'sent', 29);
    await insert('pending-for-long', 'pending', 40);
    await insert('failed-long-ago', 'failed', 40);

    const jobs = startScheduledJobs({
      ...deps(),
      onMailQueued: () => undefined,
      log: { info: () => {}, error: () => {} },
    });
    await jobs.started;
    jobs.stop();
    expect((await rows()).map((r) => r.subject).sort()).toEqual([
      'failed-long-ago',
      'pending-for-long',
      'sent-29-days-ago',
    ]);
  });
});

describe('the once-only rules, once the sent mail is gone', () => {
  const purgeEverythingSent = async () => {
    await ctx.mail.runOnce();
    await purgeSentMail(ctx.db, new Date(ctx.clock.now.getTime() + 31 * DAY));
    expect(await rows()).toEqual([]);
  };

  it('the weekly list still goes once a week', async () => {
    await ctx.db.deleteFrom('mail_queue').execute();
    ctx.clock.now = MONDAY;
    await writeSystemSwitch(ctx.db, 'weekly_event_list', true);
    await writeUserSwitch(ctx.db, anne.id, 'weekly_event_list', true);
    expect(await sendWeeklyList(deps())).toMatchObject({ status: 'queued', queued: 1 });
    await purgeEverythingSent();
    expect(await sendWeeklyList(deps())).toMatchObject({ status: 'already_sent', queued: 0 });
    expect(await rows()).toEqual([]);
    await writeSystemSwitch(ctx.db, 'weekly_event_list', false);
  });

  it('a reminder still goes once, and a subscription notice still tells only a change', async () => {
    ctx.clock.now = MONDAY;
    // Wednesday 18:00 in Paris: the reminder is due Tuesday 18:00.
    const event = await createEvent(ctx, organiser, model, {
      startInMs: new Date('2026-12-02T17:00:00Z').getTime() - MONDAY.getTime(),
    });
    expect((await subscribe(ctx, anne.token, anne.id, event.uuid_event)).statusCode).toBe(200);
    ctx.clock.now = new Date(MONDAY.getTime() + 11 * 60_000);
    await ctx.mail.runOnce(); // the subscription notice goes
    ctx.clock.now = new Date('2026-12-01T17:00:00Z');
    expect(await sendDueReminders(deps())).toEqual({ mail: 1, push: 0 });
    await purgeEverythingSent();
    expect(await sendDueReminders(deps())).toEqual({ mail: 0, push: 0 });

    // Left and came back within the grace: the final state is the one already told, so no mail.
    expect((await subscribe(ctx, anne.token, anne.id, event.uuid_event, undefined, false)).statusCode).toBe(
      200,
    );
    expect((await subscribe(ctx, anne.token, anne.id, event.uuid_event)).statusCode).toBe(200);
    ctx.clock.now = new Date(ctx.clock.now.getTime() + 11 * 60_000);
    await ctx.mail.runOnce();
    expect((await rows()).filter((r) => r.to_address === 'anne@example.org')).toEqual([]);
  });

  it('a series nudge still goes once', async () => {
    // Tuesdays 19:00 in Paris, 8 and 15 December; anne holds a place in the first session only.
    const series = await createSeries(ctx, organiser, {
      uuid_model_event: model,
      start_date: '2026-12-08T19:00:00+01:00',
      end_date: '2026-12-08T21:00:00+01:00',
      max_subscribers: 10,
      recurrence: { weekdays: ['TU'], interval_weeks: 1, count: 2 },
    });
    const [first] = series.sessions;
    expect((await subscribe(ctx, anne.token, anne.id, first?.uuid_event ?? '')).statusCode).toBe(200);
    // 48 h before the second session (15 December 18:00Z).
    ctx.clock.now = new Date('2026-12-13T18:00:00Z');
    expect(await sendDueNudges(deps())).toBe(1);
    await purgeEverythingSent();
    expect(await sendDueNudges(deps())).toBe(0);
    expect(await rows()).toEqual([]);
  });
});
