import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendPaperReminders } from '../../../server/modules/member-file/paper-reminders.service';
import { addPushDevice } from '../helpers/push-devices';
import { mailPart, type SmtpSink, startSmtpSink } from '../helpers/smtp-sink';
import { bearer, createTestContext, PASSWORD, type TestContext } from '../helpers/test-context';

// Reminders before a paper of the member's file ends (docs/rules.md#members-file), on an injected clock: 30, 14
// and 7 days before, each once (a missed day sends the latest threshold passed), by push to whoever has a device
// and by mail otherwise, a minor's guardians told, the season start to a member not renewed; a new paper stops
// the rest. The scheduled jobs keep them out of the quiet hours, as every reminder.
let ctx: TestContext;
let sink: SmtpSink;

beforeAll(async () => {
  sink = await startSmtpSink();
  ctx = await createTestContext({
    env: { SMTP_URL: sink.url, CLUB_TIMEZONE: 'Europe/Paris', RATE_LIMIT_LOGIN: '1000' },
  });
}, 60_000);
afterAll(async () => {
  await ctx.close();
  await sink.close();
});

/** Noon in Paris on `day`, outside the quiet hours. */
const onDay = (day: string) => {
  ctx.clock.now = new Date(`${day}T11:00:00Z`);
};
const run = () => sendPaperReminders({ db: ctx.db, now: () => ctx.clock.now, config: ctx.config });

async function member(
  name: string,
  { birth = '1990-05-04', first = null as string | null, push = false } = {},
): Promise<string> {
  const { id } = await ctx.createUser(name);
  await ctx.db
    .updateTable('users')
    .set({ birth_date: birth, first_name: first })
    .where('id', '=', id)
    .execute();
  if (push) await addPushDevice(ctx, id);
  return id;
}
async function licence(userId: string, season: string) {
  await ctx.db
    .insertInto('licences')
    .values({
      user_id: userId,
      season,
      number: `N${season}`,
      federation: 'FFCK',
      type: 'Canoë Plus',
      recorded_at: ctx.clock.now,
      recorded_by: userId,
    })
    .execute();
}
async function healthItem(userId: string, kind: 'caci' | 'minor_questionnaire', day: string) {
  await ctx.db
    .insertInto('health_items')
    .values({
      user_id: userId,
      kind,
      day,
      competition: kind === 'caci' ? false : null,
      all_no: null,
      signed_by: kind === 'minor_questionnaire' ? 'Gwen Le Bihan' : null,
      way: null,
      recorded_at: ctx.clock.now,
      recorded_by: userId,
      recorded_by_admin: false,
    })
    .execute();
}
/** What was sent about `userId`: item, last day and threshold, in the order sent. */
const sentAbout = (userId: string) =>
  ctx.db
    .selectFrom('paper_reminders')
    .select(['item', 'ends_on', 'threshold'])
    .where('user_id', '=', userId)
    .orderBy('sent_at')
    .orderBy('threshold', 'desc')
    .execute();
const idOf = async (username: string) =>
  (await ctx.db.selectFrom('users').select('id').where('username', '=', username).executeTakeFirstOrThrow())
    .id;
const mailsTo = (address: string) =>
  ctx.db
    .selectFrom('mail_queue')
    .select(['subject', 'body_text'])
    .where('to_address', '=', address)
    .where('kind', '=', 'paper_reminder')
    .orderBy('created_at')
    .execute();
const pushesTo = (userId: string) =>
  ctx.db
    .selectFrom('push_queue')
    .innerJoin('push_subscriptions', 'push_subscriptions.id', 'push_queue.subscription_id')
    .select('push_queue.payload')
    .where('push_subscriptions.user_id', '=', userId)
    .orderBy('push_queue.created_at')
    .execute();

describe('the reminders before a paper ends', () => {
  it('go 30, 14 and 7 days before a CACI ends, once each: by mail to anne, by push to bob; twice run sends nothing more', async () => {
    onDay('2026-09-15');
    const anne = await member('anne', { first: 'Anne' });
    const bob = await member('bob', { push: true });
    for (const id of [anne, bob]) {
      await licence(id, '2026-2027');
      // A first licence: a CACI under one year, last day 2027-03-14.
      await healthItem(id, 'caci', '2026-03-15');
    }
    onDay('2027-02-11'); // 31 days before
    await run();
    expect(await sentAbout(anne)).toEqual([]);

    for (const [day, next] of [
      ['2027-02-12', '2027-02-13'],
      ['2027-02-28', '2027-03-01'],
      ['2027-03-07', '2027-03-08'],
    ] as const) {
      onDay(day);
      await run();
      await run();
      onDay(next);
      await run();
    }
    onDay('2027-03-15'); // ended: nothing more
    await run();
    const expected = [30, 14, 7].map((threshold) => ({ item: 'caci', ends_on: '2027-03-14', threshold }));
    expect(await sentAbout(anne)).toEqual(expected);
    expect(await sentAbout(bob)).toEqual(expected);

    const mails = await mailsTo('anne@example.org');
    expect(mails.map((m) => m.subject)).toEqual(
      Array(3).fill('Votre certificat médical arrive à échéance le 14 mars 2027'),
    );
    expect(mails[0]?.body_text).toContain('Bonjour Anne,');
    expect(mails[0]?.body_text).toContain('/my-profile?tab=file');
    expect(await pushesTo(anne)).toEqual([]);

    expect(await mailsTo('bob@example.org')).toEqual([]);
    const pushes = (await pushesTo(bob)).map((p) => JSON.parse(p.payload));
    expect(pushes).toHaveLength(3);
    expect(pushes[0]).toEqual({
      title: 'Dossier du club',
      body: 'Votre certificat médical arrive à échéance le 14 mars 2027.',
      url: '/my-profile?tab=file',
      tag: 'paper-caci',
    });

    // Through the real SMTP transport: the club's mail, in words, the date and the kind of paper only.
    await ctx.mail.runOnce();
    const delivered = (await sink.waitFor(3)).filter((m) => m.to[0] === 'anne@example.org');
    expect(delivered).toHaveLength(3);
    const text = mailPart(delivered[0]?.raw ?? '', 'text/plain') ?? '';
    expect(text).toContain('Votre certificat médical arrive à échéance le 14 mars 2027.');
  });

  it('send the latest threshold passed when the job did not run on the day, once', async () => {
    onDay('2026-09-15');
    const carl = await member('carl');
    await licence(carl, '2026-2027');
    await healthItem(carl, 'caci', '2026-03-15');
    onDay('2027-03-01'); // 13 days before: the 30 and 14 days' moments were missed
    await run();
    onDay('2027-03-02');
    await run();
    expect(await sentAbout(carl)).toEqual([{ item: 'caci', ends_on: '2027-03-14', threshold: 14 }]);
    onDay('2027-03-10'); // 4 days before: the 7 days' one
    await run();
    await run();
    expect((await sentAbout(carl)).map((r) => r.threshold)).toEqual([14, 7]);
    expect(await mailsTo('carl@example.org')).toHaveLength(2);
  });

  it('stop once the member records the new paper', async () => {
    onDay('2026-09-15');
    const dora = await member('dora');
    await licence(dora, '2026-2027');
    await healthItem(dora, 'caci', '2026-03-15');
    onDay('2027-02-12');
    await run();
    expect(await sentAbout(dora)).toEqual([{ item: 'caci', ends_on: '2027-03-14', threshold: 30 }]);
    // dora records her new certificate herself, through the API.
    const token = await ctx.signIn('dora');
    const put = await ctx.app.inject({
      method: 'PUT',
      url: `/api/user/${dora}/health`,
      headers: bearer(token),
      payload: {
        items: [
          { kind: 'caci', date: '2026-03-15', competition: false },
          { kind: 'caci', date: '2027-02-12', competition: false },
        ],
      },
    });
    expect(put.statusCode).toBe(200);
    for (const day of ['2027-02-28', '2027-03-07', '2027-03-14']) {
      onDay(day);
      await run();
    }
    expect(await sentAbout(dora)).toEqual([{ item: 'caci', ends_on: '2027-03-14', threshold: 30 }]);
  });

  it("reach a minor's guardian, by mail, naming the child and the paper", async () => {
    onDay('2026-09-15');
    const gwen = await member('gwen', { first: 'Gwen' });
    const made = await ctx.app.inject({
      method: 'POST',
      url: '/api/family/children',
      headers: bearer(await ctx.signIn('gwen')),
      payload: { first_name: 'Lou', last_name: 'Le Bihan', birth_date: '2015-06-01' },
    });
    expect(made.statusCode).toBe(201);
    const lou = made.json().id as string;
    await licence(lou, '2026-2027');
    // The minors' questionnaire attestation, under one year: last day 2027-04-19.
    await healthItem(lou, 'minor_questionnaire', '2026-04-20');
    onDay('2027-03-20');
    await run();
    expect(await sentAbout(lou)).toEqual([
      { item: 'minor_questionnaire', ends_on: '2027-04-19', threshold: 30 },
    ]);
    const mails = await mailsTo('gwen@example.org');
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toBe(
      "L'attestation du questionnaire de santé de Lou arrive à échéance le 19 avril 2027",
    );
    expect(mails[0]?.body_text).toContain('Bonjour Gwen,');
    expect(await sentAbout(gwen)).toEqual([]);
  });

  it("go at the season start to a member whose last licence is last season's, once, and not to one renewed", async () => {
    onDay('2026-06-01');
    const erin = await member('erin', { first: 'Erin' });
    const fred = await member('fred');
    await licence(erin, '2025-2026');
    await licence(fred, '2025-2026');
    await licence(fred, '2026-2027');
    onDay('2026-08-31'); // 30 days before last season's grace end (30 September)
    await run();
    onDay('2026-09-01');
    await run();
    await run();
    expect(await sentAbout(erin)).toEqual([
      { item: 'licence', ends_on: '2026-09-30', threshold: 30 },
      { item: 'renewal', ends_on: '2026-09-01', threshold: 0 },
    ]);
    expect((await mailsTo('erin@example.org')).map((m) => m.subject)).toEqual([
      'Votre licence arrive à échéance le 30 septembre 2026',
      "Votre licence pour la saison 2026-2027 n'est pas encore enregistrée",
    ]);
    expect(await sentAbout(fred)).toEqual([]);
  });

  it('are erased with the account, as the papers they name', async () => {
    const erin = await idOf('erin');
    expect(await sentAbout(erin)).toHaveLength(2);
    const deleted = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/user/${erin}`,
      headers: bearer(await ctx.signIn('erin')),
      payload: { password: PASSWORD },
    });
    expect(deleted.statusCode).toBe(200);
    expect(await sentAbout(erin)).toEqual([]);
  });
});
