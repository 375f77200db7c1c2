import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  writeSystemSwitch,
  writeUserSwitch,
} from '../../../server/modules/notifications/notification-settings.repository';
import { isQuietTime, reminderDueAt } from '../../../server/modules/reminders/reminder-time';
import { sendDueReminders } from '../../../server/modules/reminders/reminders.service';
import { writeSetting } from '../../../server/modules/settings/settings.repository';
import { createEvent, insertModel, saveEvent, subscribe } from '../helpers/event-fixtures';
import { createTestContext, type TestContext } from '../helpers/test-context';

// Reminders (docs/rules.md#reminders), on an injected clock: 24 h before by default, by push to a member with
// a device and by mail otherwise, once per member and event, never in the quiet hours, never for a cancelled
// event or to someone who left; a reminder missed while down goes when back.
const ZONE = 'Europe/Paris';
const at = (iso: string) => new Date(iso);

describe('when a reminder goes out', () => {
  const due = (start: string, hours: number) => reminderDueAt(at(start), hours, ZONE).toISOString();

  it('is the delay before the event, outside 21:00–08:00 club time', () => {
    expect(isQuietTime(at('2026-12-02T19:59:00Z'), ZONE)).toBe(false); // 20:59 CET
    expect(isQuietTime(at('2026-12-02T20:00:00Z'), ZONE)).toBe(true); // 21:00
    expect(isQuietTime(at('2026-12-03T06:59:00Z'), ZONE)).toBe(true); // 07:59
    expect(isQuietTime(at('2026-12-03T07:00:00Z'), ZONE)).toBe(false); // 08:00
    // Thursday 18:00 CET, 24 h: Wednesday 18:00.
    expect(due('2026-12-03T17:00:00Z', 24)).toBe('2026-12-02T17:00:00.000Z');
  });

  it('moves out of the quiet hours to 08:00, or to 20:59 the evening before when the event starts by 08:00', () => {
    // Thursday 07:30, 24 h: Wednesday 07:30 is quiet, so Wednesday 08:00.
    expect(due('2026-12-03T06:30:00Z', 24)).toBe('2026-12-02T07:00:00.000Z');
    // Thursday 07:30, 2 h: 05:30 is quiet and 08:00 is after the start, so Wednesday 20:59.
    expect(due('2026-12-03T06:30:00Z', 2)).toBe('2026-12-02T19:59:00.000Z');
    // Thursday 22:30, 1 h: 21:30 is quiet and Friday 08:00 is after the start, so Thursday 20:59.
    expect(due('2026-12-03T21:30:00Z', 1)).toBe('2026-12-03T19:59:00.000Z');
    // Across the spring clock change: Monday 29 March 2027 07:00 CEST, 24 h: Sunday 07:00 CET is quiet,
    // so Sunday 08:00 CEST (06:00Z).
    expect(due('2027-03-29T05:00:00Z', 24)).toBe('2027-03-28T06:00:00.000Z');
  });
});

describe('the reminders', () => {
  let ctx: TestContext;
  let organiser: string;
  let model: string;
  const people: Record<string, { id: string; token: string }> = {};
  const person = (name: string) => people[name] as { id: string; token: string };

  beforeAll(async () => {
    ctx = await createTestContext({ env: { CLUB_TIMEZONE: ZONE, RATE_LIMIT_LOGIN: '1000' } });
    ctx.clock.now = at('2026-11-30T09:00:00Z'); // Monday 10:00
    await ctx.createUser('orga', 'Contributor');
    organiser = await ctx.signIn('orga');
    model = await insertModel(ctx, 'Kayak');
    for (const name of ['anne', 'bob', 'carl', 'dora', 'erin']) {
      const { id } = await ctx.createUser(name);
      people[name] = { id, token: await ctx.signIn(name) };
    }
    // bob allowed notifications on a device; dora switched reminders off.
    await ctx.db
      .insertInto('push_subscriptions')
      .values({
        id: randomUUID(),
        user_id: person('bob').id,
        endpoint: 'https://push.example.org/bob',
        p256dh: 'key',
        auth: 'auth',
        user_agent: null,
        created_at: ctx.clock.now,
      })
      .execute();
    await writeUserSwitch(ctx.db, person('dora').id, 'event_reminder', false);
  });
  afterAll(() => ctx.close());

  const run = () => sendDueReminders({ db: ctx.db, now: () => ctx.clock.now, config: ctx.config });
  const remindersOf = (eventUuid: string) =>
    ctx.db
      .selectFrom('event_reminders')
      .select(['user_id', 'channel'])
      .where('event_uuid', '=', eventUuid)
      .orderBy('channel')
      .execute();
  /** An event starting at `start` that `names` subscribed to (now), made at the clock's moment. */
  async function eventAt(start: string, names: string[]) {
    const event = await createEvent(ctx, organiser, model, {
      startInMs: at(start).getTime() - ctx.clock.now.getTime(),
      max: 10,
    });
    for (const name of names) await subscribe(ctx, person(name).token, person(name).id, event.uuid_event);
    return event;
  }

  it('go 24 h before, by push to bob and by mail to anne; not to one who left nor to one who switched them off; once', async () => {
    // Wednesday 2 December 18:00 CET.
    const event = await eventAt('2026-12-02T17:00:00Z', ['anne', 'bob', 'carl', 'dora']);
    await subscribe(ctx, person('carl').token, person('carl').id, event.uuid_event, undefined, false);

    ctx.clock.now = at('2026-12-01T16:59:00Z'); // Tuesday 17:59: not yet
    expect(await run()).toEqual({ mail: 0, push: 0 });

    ctx.clock.now = at('2026-12-01T17:00:00Z'); // Tuesday 18:00
    expect(await run()).toEqual({ mail: 1, push: 1 });
    expect(await remindersOf(event.uuid_event)).toEqual([
      { user_id: person('anne').id, channel: 'mail' },
      { user_id: person('bob').id, channel: 'push' },
    ]);
    const mail = await ctx.db
      .selectFrom('mail_queue')
      .select(['to_address', 'subject', 'body_text', 'list_unsubscribe'])
      .where('kind', '=', 'event_reminder')
      .execute();
    expect(mail).toHaveLength(1);
    expect(mail[0]?.to_address).toBe('anne@example.org');
    expect(mail[0]?.subject).toBe('Rappel : Kayak, mercredi 02/12/2026 18:00');
    expect(mail[0]?.body_text).toContain(`/event/${event.uuid_event}`);
    expect(mail[0]?.body_text).toMatch(/Je ne viens pas : https?:\/\/[^ ]+\/api\/answer\/[^ \n]+\.decline\./);
    expect(mail[0]?.list_unsubscribe).toContain(`${person('anne').id}.event_reminder.`);
    const pushes = await ctx.db
      .selectFrom('push_queue')
      .innerJoin('push_subscriptions', 'push_subscriptions.id', 'push_queue.subscription_id')
      .select(['push_subscriptions.user_id', 'push_queue.payload'])
      .execute();
    expect(pushes.map((p) => p.user_id)).toEqual([person('bob').id]);
    expect(JSON.parse(pushes[0]?.payload ?? '{}').title).toBe('Rappel');

    // Later runs, or another process: nothing more.
    ctx.clock.now = at('2026-12-01T17:05:00Z');
    expect(await run()).toEqual({ mail: 0, push: 0 });
    const [first, second] = await Promise.all([run(), run()]);
    expect((first?.mail ?? 0) + (second?.mail ?? 0)).toBe(0);
  });

  it('two processes at once send each reminder once', async () => {
    ctx.clock.now = at('2026-12-03T09:00:00Z'); // Thursday 10:00
    const event = await eventAt('2026-12-04T12:00:00Z', ['anne', 'erin']);
    ctx.clock.now = at('2026-12-03T12:00:00Z');
    const results = await Promise.all([run(), run(), run()]);
    expect(results.reduce((sum, r) => sum + r.mail, 0)).toBe(2);
    expect(await remindersOf(event.uuid_event)).toHaveLength(2);
  });

  it('wait out the quiet hours: one due at 22:00 goes at 08:00, a missed one goes when the server is back', async () => {
    ctx.clock.now = at('2026-12-05T09:00:00Z'); // Saturday 10:00
    // Monday 7 December 09:00: due Sunday 09:00.
    const event = await eventAt('2026-12-07T08:00:00Z', ['erin']);
    // The server is down all Sunday day and comes back at 22:00: quiet, nothing.
    ctx.clock.now = at('2026-12-06T21:00:00Z');
    expect(await run()).toEqual({ mail: 0, push: 0 });
    // Monday 08:00, still before the event: the missed reminder goes.
    ctx.clock.now = at('2026-12-07T07:00:00Z');
    expect(await run()).toEqual({ mail: 1, push: 0 });
    expect(await remindersOf(event.uuid_event)).toEqual([{ user_id: person('erin').id, channel: 'mail' }]);
  });

  it('skip a cancelled event, one subscribed after the moment, a club that switched them off, and a delay of 0', async () => {
    ctx.clock.now = at('2026-12-08T09:00:00Z'); // Tuesday 10:00
    const cancelled = await eventAt('2026-12-09T17:00:00Z', ['anne']);
    expect((await saveEvent(ctx, organiser, model, cancelled, { is_cancelled: true })).statusCode).toBe(200);
    const late = await eventAt('2026-12-09T17:30:00Z', []);
    ctx.clock.now = at('2026-12-08T17:10:00Z'); // past the moment of both
    await subscribe(ctx, person('erin').token, person('erin').id, late.uuid_event);
    expect(await run()).toEqual({ mail: 0, push: 0 });

    ctx.clock.now = at('2026-12-10T09:00:00Z');
    const offForClub = await eventAt('2026-12-11T17:00:00Z', ['anne']);
    ctx.clock.now = at('2026-12-10T17:00:00Z');
    await writeSystemSwitch(ctx.db, 'event_reminder', false);
    expect(await run()).toEqual({ mail: 0, push: 0 });
    await writeSystemSwitch(ctx.db, 'event_reminder', true);
    await writeSetting(ctx.db, 'reminder_hours', '0', ctx.clock.now);
    expect(await run()).toEqual({ mail: 0, push: 0 });
    // 2 h before instead: not the day before, but Friday at 16:00.
    await writeSetting(ctx.db, 'reminder_hours', '2', ctx.clock.now);
    expect(await run()).toEqual({ mail: 0, push: 0 });
    ctx.clock.now = at('2026-12-11T15:00:00Z');
    expect(await run()).toEqual({ mail: 1, push: 0 });
    expect(await remindersOf(offForClub.uuid_event)).toHaveLength(1);
  });
});
