import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sendWeeklyList } from '../../../server/jobs/weekly-list';
import {
  writeSystemSwitch,
  writeUserSwitch,
} from '../../../server/modules/notifications/notification-settings.repository';
import { writeSetting } from '../../../server/modules/settings/settings.repository';
import { publicFilesDir } from '../../../server/plugins/public-files';
import { createEvent, DAY, HOUR, insertModel, subscribe } from '../helpers/event-fixtures';
import { mailHeader, mailPart, type ReceivedMail, type SmtpSink, startSmtpSink } from '../helpers/smtp-sink';
import { createTestContext, type TestContext } from '../helpers/test-context';

const URL_BASE = 'https://club.example.org';
// Monday 30 November 2026, 07:00 in Paris: the schedule's instant.
const MONDAY_7AM = new Date('2026-11-30T06:00:00Z');
const WEEK = 7 * DAY;

let ctx: TestContext;
let sink: SmtpSink;
const users: Record<string, string> = {};

beforeAll(async () => {
  sink = await startSmtpSink();
  ctx = await createTestContext({
    env: {
      SMTP_URL: sink.url,
      PUBLIC_URL: URL_BASE,
      CLUB_TIMEZONE: 'Europe/Paris',
      RATE_LIMIT_LOGIN: '1000',
    },
  });
  ctx.clock.now = MONDAY_7AM;
  for (const name of ['anne', 'bob', 'carl', 'dora', 'eve', 'fred'])
    users[name] = (await ctx.createUser(name)).id;
  // anne gave her first name (the greeting uses it, never the username); bob gave none.
  await ctx.db.updateTable('users').set({ first_name: 'Anne' }).where('username', '=', 'anne').execute();
  await ctx.createUser('orga', 'Contributor');
  // anne (fr) and bob (en) opted in; carl never chose (off by default); fred turned it off; dora opted in
  // then was revoked; eve opted in but never confirmed her account.
  await ctx.db.updateTable('users').set({ language: 'en' }).where('username', '=', 'bob').execute();
  for (const name of ['anne', 'bob', 'dora', 'eve'])
    await writeUserSwitch(ctx.db, users[name] as string, 'weekly_event_list', true);
  await writeUserSwitch(ctx.db, users.fred as string, 'weekly_event_list', false);
  await ctx.db.updateTable('users').set({ is_revoked: true }).where('username', '=', 'dora').execute();
  await ctx.db.updateTable('users').set({ confirmed_at: null }).where('username', '=', 'eve').execute();
  await writeSetting(ctx.db, 'slogan', 'Pagayer <ensemble>', MONDAY_7AM);

  const organiser = await ctx.signIn('orga');
  const kayak = await insertModel(ctx, 'Kayak & paddle');
  const sailing = await insertModel(ctx, 'Voile');
  const diving = await insertModel(ctx, 'Plongée');
  const hike = await insertModel(ctx, 'Rando');
  // Tuesday 10:00–12:00 Paris, 10 places, 2 taken.
  const tuesday = await createEvent(ctx, organiser, kayak, { startInMs: DAY + 3 * HOUR, max: 10 });
  for (const name of ['anne', 'carl'])
    await subscribe(ctx, await ctx.signIn(name), users[name] as string, tuesday.uuid_event);
  // Wednesday: cancelled.
  const cancelled = await createEvent(ctx, organiser, hike, { startInMs: 2 * DAY + 3 * HOUR });
  await ctx.db
    .updateTable('events')
    .set({ is_cancelled: true })
    .where('uuid', '=', cancelled.uuid_event)
    .execute();
  // Thursday 14:00, one place, taken: full.
  const full = await createEvent(ctx, organiser, diving, { startInMs: 3 * DAY + 7 * HOUR, max: 1 });
  await subscribe(ctx, await ctx.signIn('bob'), users.bob as string, full.uuid_event);
  // Saturday 09:00 to Sunday 15:00, no limit.
  await createEvent(ctx, organiser, sailing, {
    startInMs: 5 * DAY + 2 * HOUR,
    durationMs: 30 * HOUR,
    isInfinite: true,
  });
  // The next week's Tuesday: not in this week's list.
  await createEvent(ctx, organiser, sailing, { startInMs: WEEK + DAY + 3 * HOUR });
}, 60_000);
afterAll(async () => {
  await ctx.close();
  await sink.close();
});
beforeEach(async () => {
  // Subscriptions queue their own messages, and kick rounds that may still be running: let them end
  // (runOnce chains after them), so only the weekly list's messages reach the sink in these tests.
  await ctx.mail.runOnce();
  await ctx.db.deleteFrom('mail_queue').execute();
  sink.received.length = 0;
  ctx.clock.now = MONDAY_7AM;
  await writeSystemSwitch(ctx.db, 'weekly_event_list', true);
});

const run = () => sendWeeklyList({ db: ctx.db, now: () => ctx.clock.now, config: ctx.config });
const queued = () =>
  ctx.db.selectFrom('mail_queue').select(['to_address', 'kind']).orderBy('to_address').execute();
/** Runs the mail worker until the sink holds `count` messages, then answers them by recipient. */
async function deliver(count: number): Promise<Record<string, ReceivedMail>> {
  await ctx.mail.runOnce();
  const received = await sink.waitFor(count);
  expect(received).toHaveLength(count);
  return Object.fromEntries(received.map((mail) => [mail.to[0], mail]));
}
const runs = () =>
  ctx.db
    .selectFrom('weekly_list_runs')
    .select([(eb) => eb.cast<string>('week_start', 'text').as('week'), 'recipients'])
    .orderBy('week_start')
    .execute();

describe('the weekly event list', () => {
  it('sends one email per opted-in member, in their language, and none on a second run the same week', async () => {
    expect(await run()).toEqual({ status: 'queued', week: '2026-11-30', queued: 2 });
    const mails = await deliver(2);
    expect(Object.keys(mails).sort()).toEqual(['anne@example.org', 'bob@example.org']);

    const fr = mails['anne@example.org'] as ReceivedMail;
    expect(mailHeader(fr.raw, 'Subject')).toBe('Programme de la semaine : 30 novembre – 6 décembre');
    expect(mailHeader(fr.raw, 'Content-Type')).toMatch(/^multipart\/alternative/);
    const frText = mailPart(fr.raw, 'text/plain') ?? '';
    expect(frText).toContain('Bonjour Anne,');
    expect(frText).toContain('Pagayer <ensemble>');
    expect(frText).toContain(
      '• Kayak & paddle\n  mardi 1 décembre, 10:00 – 12:00\n  Lieu : 29200 Brest\n  Places restantes : 8',
    );
    expect(frText).toContain(
      '• Rando (Annulé)\n  mercredi 2 décembre, 10:00 – 12:00\n  Lieu : 29200 Brest\n  Voir',
    );
    expect(frText).toContain('• Plongée\n  jeudi 3 décembre, 14:00 – 16:00\n  Lieu : 29200 Brest\n  Complet');
    expect(frText).toContain('• Voile\n  samedi 5 décembre 09:00 → dimanche 6 décembre 15:00');
    expect(frText).toContain('Places : sans limite');
    expect(frText).toMatch(new RegExp(`Voir l'évènement : ${URL_BASE}/event/[0-9a-f-]{36}\n`));
    expect(frText).toContain(`Pour ne plus le recevoir : ${URL_BASE}/my-profile?tab=preferences`);
    expect(frText).not.toContain('8 décembre'); // the next week's event
    // In start order.
    const order = ['Kayak', 'Rando', 'Plongée', 'Voile'].map((name) => frText.indexOf(`• ${name}`));
    expect([...order].sort((a, b) => a - b)).toEqual(order);

    const frHtml = mailPart(fr.raw, 'text/html') ?? '';
    expect(frHtml).toMatch(/<html [^>]*lang="fr"/);
    // The club's layout, as every other mail (react-email): its dark-mode rules come with it.
    expect(frHtml).toContain('prefers-color-scheme: dark');
    expect(frHtml).toContain('Kayak &amp; paddle');
    expect(frHtml).toContain('Pagayer &lt;ensemble&gt;');
    expect(frHtml).toContain('<img alt="Logo du club"');
    expect(frHtml).toContain(`src="${URL_BASE}/icons/icon-192.png"`);
    expect(frHtml).toMatch(new RegExp(`href="${URL_BASE}/event/[0-9a-f-]{36}"`));
    expect(frHtml).toContain(`href="${URL_BASE}/my-profile?tab=preferences"`);
    expect(frHtml).toContain('Rando (Annulé)');

    const en = mails['bob@example.org'] as ReceivedMail;
    expect(mailHeader(en.raw, 'Subject')).toBe("This week's programme: 30 November – 6 December");
    const enText = mailPart(en.raw, 'text/plain') ?? '';
    expect(enText).toMatch(/^Hello,\r?$/m);
    expect(enText).not.toContain('bob,');
    expect(enText).toContain(
      '• Kayak & paddle\n  Tuesday 1 December, 10:00 – 12:00\n  Place: 29200 Brest\n  Places left: 8',
    );
    expect(enText).toContain('• Rando (Cancelled)');
    expect(enText).toContain('Full (waiting list open)');
    expect(enText).toContain('Saturday 5 December 09:00 → Sunday 6 December 15:00');
    expect(enText).toContain(`To stop receiving it: ${URL_BASE}/my-profile?tab=preferences`);
    expect(mailPart(en.raw, 'text/html')).toMatch(/<html [^>]*lang="en"/);

    // A second run that week (another process, the command, a restart): nothing more.
    expect(await run()).toEqual({ status: 'already_sent', week: '2026-11-30', queued: 0 });
    ctx.clock.now = new Date(MONDAY_7AM.getTime() + 3 * DAY); // Thursday, same week
    expect((await run()).status).toBe('already_sent');
    expect(await queued()).toHaveLength(2);
    expect(await runs()).toEqual([{ week: '2026-11-30', recipients: 2 }]);
  });

  it('sends again the next week, saying when nothing is planned', async () => {
    ctx.clock.now = new Date(MONDAY_7AM.getTime() + WEEK);
    expect(await run()).toEqual({ status: 'queued', week: '2026-12-07', queued: 2 });
    const mails = await deliver(2);
    expect(mailPart(mails['anne@example.org']?.raw ?? '', 'text/plain')).toContain(
      'mardi 8 décembre, 10:00 – 12:00',
    );

    ctx.clock.now = new Date(MONDAY_7AM.getTime() + 2 * WEEK);
    await ctx.db.deleteFrom('mail_queue').execute();
    sink.received.length = 0;
    expect((await run()).queued).toBe(2);
    const empty = await deliver(2);
    expect(mailPart(empty['bob@example.org']?.raw ?? '', 'text/plain')).toContain(
      'No event is planned this week.',
    );
  });

  it('sends nothing while the admin switch is off, and leaves the week to a later run', async () => {
    ctx.clock.now = new Date(MONDAY_7AM.getTime() + 3 * WEEK);
    await writeSystemSwitch(ctx.db, 'weekly_event_list', false);
    expect(await run()).toEqual({ status: 'switched_off', week: '2026-12-21', queued: 0 });
    await ctx.mail.runOnce();
    expect(await queued()).toEqual([]);
    expect(sink.received).toEqual([]);
    expect((await runs()).map((r) => r.week)).not.toContain('2026-12-21');

    await writeSystemSwitch(ctx.db, 'weekly_event_list', true);
    expect((await run()).status).toBe('queued');
  });

  it('reaches nobody but opted-in, confirmed, active members', async () => {
    ctx.clock.now = new Date(MONDAY_7AM.getTime() + 4 * WEEK);
    await run();
    expect((await queued()).map((m) => m.to_address)).toEqual(['anne@example.org', 'bob@example.org']);
    expect(new Set((await queued()).map((m) => m.kind))).toEqual(new Set(['weekly_event_list']));
  });

  it("shows the club's uploaded logo, which a webmail's page may embed", async () => {
    fs.writeFileSync(path.join(publicFilesDir(ctx.config), 'logo.png'), Buffer.from('png'));
    ctx.clock.now = new Date(MONDAY_7AM.getTime() + 5 * WEEK);
    await run();
    const [row] = await ctx.db.selectFrom('mail_queue').select('body_html').execute();
    const src = /<img [^>]*src="([^"]+)"/.exec(row?.body_html ?? '')?.[1] ?? '';
    expect(src).toMatch(new RegExp(`^${URL_BASE}/files/logo\\.png\\?v=\\d+$`));
    const logo = await ctx.app.inject({ method: 'GET', url: src.slice(URL_BASE.length) });
    expect(logo.statusCode).toBe(200);
    expect(logo.headers['cross-origin-resource-policy']).toBe('cross-origin');
    const api = await ctx.app.inject({ method: 'GET', url: '/api/health' });
    expect(api.headers['cross-origin-resource-policy']).toBe('same-origin');
  });
});
