import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendDueNudges } from '../../../server/modules/reminders/nudges.service';
import { writeSetting } from '../../../server/modules/settings/settings.repository';
import { decline, subscribe } from '../helpers/event-fixtures';
import {
  createSeries,
  type Member,
  queuedMails,
  seriesContext,
  subscribeSeries,
} from '../helpers/series-fixtures';
import type { TestContext } from '../helpers/test-context';

// Nudges (docs/rules.md#reminders): 48 h before a series session, a member who follows the series (a place or
// a waiting spot in another of its sessions) and has not answered this one gets one nudge with "Je viens" and
// "Je ne viens pas"; not one who answered (in, waiting or declined), not one who never joined, once.
let ctx: TestContext;
let organiser: string;
let model: string;
let people: Member[];
const p = (i: number) => people[i] as Member;
const at = (iso: string) => new Date(iso);

beforeAll(async () => {
  ({ ctx, organiser, model, people } = await seriesContext(
    'Europe/Paris',
    '2027-09-01T08:00:00Z',
    'Aviron',
    'rower',
    4,
  ));
});
afterAll(() => ctx.close());

const run = () => sendDueNudges({ db: ctx.db, now: () => ctx.clock.now, config: ctx.config });

describe('series nudges', () => {
  it('go 48 h before a session to followers who have not answered it, with both answers, once', async () => {
    // Tuesdays 19:00 Paris from 7 September 2027, three sessions.
    const series = await createSeries(ctx, organiser, {
      uuid_model_event: model,
      start_date: '2027-09-07T19:00:00+02:00',
      end_date: '2027-09-07T21:00:00+02:00',
      max_subscribers: 10,
      recurrence: { weekdays: ['TU'], interval_weeks: 1, count: 3 },
    });
    const [first, second] = series.sessions.map((session) => ({ uuid_event: session.uuid_event }));
    if (!first || !second) throw new Error('the series has three sessions');
    // rower0 takes the whole series (answered every session); rower1 only the first session;
    // rower2 the first, and declines the second; rower3 never joins.
    await subscribeSeries(ctx, p(0).token, series.uuid_series, { uuid_user: p(0).id, subscribe: true });
    await subscribe(ctx, p(1).token, p(1).id, first.uuid_event);
    await subscribe(ctx, p(2).token, p(2).id, first.uuid_event);
    expect((await decline(ctx, p(2), second.uuid_event)).statusCode).toBe(200);
    await ctx.db.deleteFrom('mail_queue').execute();

    // The second session: Tuesday 14 September 19:00 (17:00Z); 48 h before is Sunday 12 at 19:00.
    ctx.clock.now = at('2027-09-12T16:59:00Z');
    expect(await run()).toBe(0);
    ctx.clock.now = at('2027-09-12T17:00:00Z');
    expect(await run()).toBe(1);
    const [nudge, ...others] = await queuedMails(ctx, 'series_nudge');
    expect(others).toEqual([]);
    expect(nudge?.to_address).toBe(`${p(1).username}@example.org`);
    expect(nudge?.subject).toBe('Vous venez ? Aviron, mardi 14/09/2027 19:00');
    expect(nudge?.body_text).toMatch(
      new RegExp(`Je viens : \\S+/api/answer/${second.uuid_event}\\.${p(1).id}\\.come\\.`),
    );
    expect(nudge?.body_text).toMatch(/Je ne viens pas : \S+\.decline\./);

    ctx.clock.now = at('2027-09-12T18:00:00Z');
    expect(await run()).toBe(0);
    expect(await Promise.all([run(), run()])).toEqual([0, 0]);
  });

  it('stop when the club switches reminders off, and keep to the quiet hours', async () => {
    const series = await createSeries(ctx, organiser, {
      uuid_model_event: model,
      start_date: '2027-10-05T19:00:00+02:00',
      end_date: '2027-10-05T21:00:00+02:00',
      max_subscribers: 10,
      recurrence: { weekdays: ['TU'], interval_weeks: 1, count: 2 },
    });
    const [first] = series.sessions;
    if (!first) throw new Error('the series has two sessions');
    ctx.clock.now = at('2027-10-01T08:00:00Z');
    await subscribe(ctx, p(3).token, p(3).id, first.uuid_event);
    await ctx.db.deleteFrom('mail_queue').execute();
    // The second session: Tuesday 12 October 19:00 (17:00Z).
    await writeSetting(ctx.db, 'reminder_hours', '0', ctx.clock.now);
    ctx.clock.now = at('2027-10-10T17:30:00Z');
    expect(await run()).toBe(0);
    await writeSetting(ctx.db, 'reminder_hours', '24', ctx.clock.now);
    ctx.clock.now = at('2027-10-10T21:30:00Z'); // 23:30 club time: quiet
    expect(await run()).toBe(0);
    ctx.clock.now = at('2027-10-11T06:00:00Z'); // 08:00 club time
    expect(await run()).toBe(1);
  });
});
