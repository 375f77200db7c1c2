import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../server/config';
import { startScheduledJobs } from '../../../server/jobs/scheduled-jobs';
import { isWeeklyListDueToday } from '../../../server/jobs/weekly-schedule';
import {
  writeSystemSwitch,
  writeUserSwitch,
} from '../../../server/modules/notifications/notification-settings.repository';
import { createTestContext, type TestContext } from '../helpers/test-context';

// Catch-up (docs/rules.md#mails): a weekly list missed while the server was down goes out once when it comes
// back, if that is still the same club day (Monday, 07:00 or later); never twice.
const ZONE = 'Europe/Paris';
let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext({ env: { CLUB_TIMEZONE: ZONE } });
  const { id } = await ctx.createUser('anne');
  await writeUserSwitch(ctx.db, id, 'weekly_event_list', true);
  await writeSystemSwitch(ctx.db, 'weekly_event_list', true);
});
afterAll(() => ctx.close());

/** Starts the scheduled jobs as a server starting at `at` would, waits for their start-time work, stops them. */
async function startServerAt(at: string): Promise<string[]> {
  ctx.clock.now = new Date(at);
  const logged: string[] = [];
  const jobs = startScheduledJobs({
    db: ctx.db,
    now: () => ctx.clock.now,
    config: loadConfig({ ...process.env, DATA_DIR: ctx.dataDir, CLUB_TIMEZONE: ZONE }),
    onMailQueued: () => undefined,
    log: {
      info: (details) => logged.push(JSON.stringify(details)),
      error: (details) => logged.push(`error ${JSON.stringify(details)}`),
    },
  });
  await jobs.started;
  jobs.stop();
  return logged;
}

// Only one week's list is ever queued in this file: every weekly mail is that one.
const weeklyLists = () =>
  ctx.db.selectFrom('mail_queue').select('to_address').where('kind', '=', 'weekly_event_list').execute();
const runOf = (week: string) =>
  ctx.db.selectFrom('weekly_list_runs').selectAll().where('week_start', '=', week).executeTakeFirst();

describe('the weekly list after downtime', () => {
  it('is due on Monday from 07:00 club time, that day only, across the clock change', () => {
    expect(isWeeklyListDueToday(new Date('2026-11-30T05:59:00Z'), ZONE)).toBe(false); // 06:59 CET
    expect(isWeeklyListDueToday(new Date('2026-11-30T06:00:00Z'), ZONE)).toBe(true); // 07:00 CET
    expect(isWeeklyListDueToday(new Date('2026-11-30T22:59:00Z'), ZONE)).toBe(true); // 23:59 CET
    expect(isWeeklyListDueToday(new Date('2026-11-30T23:00:00Z'), ZONE)).toBe(false); // Tuesday 00:00
    expect(isWeeklyListDueToday(new Date('2027-03-29T04:59:00Z'), ZONE)).toBe(false); // 06:59 CEST
    expect(isWeeklyListDueToday(new Date('2027-03-29T05:00:00Z'), ZONE)).toBe(true); // 07:00 CEST
  });

  it('goes out once when the server starts on Monday after 07:00, and not again on a second start', async () => {
    expect(await runOf('2026-11-30')).toBeUndefined();
    const logged = await startServerAt('2026-11-30T08:35:00Z'); // Monday 09:35
    expect(logged).toEqual([JSON.stringify({ status: 'queued', week: '2026-11-30', queued: 1 })]);
    expect(await weeklyLists()).toEqual([{ to_address: 'anne@example.org' }]);
    expect((await runOf('2026-11-30'))?.recipients).toBe(1);
    // Restarted at noon, or a second process: the week's row says it went.
    const again = await startServerAt('2026-11-30T11:00:00Z');
    expect(again).toEqual([JSON.stringify({ status: 'already_sent', week: '2026-11-30', queued: 0 })]);
    expect(await weeklyLists()).toHaveLength(1);
  });

  it('is not sent when the server comes back on Tuesday: that list is stale', async () => {
    expect(await startServerAt('2026-12-08T08:00:00Z')).toEqual([]);
    expect(await runOf('2026-12-07')).toBeUndefined();
  });

  it('waits for the schedule when the server starts on Monday before 07:00', async () => {
    expect(await startServerAt('2026-12-14T05:30:00Z')).toEqual([]); // 06:30 CET
    expect(await runOf('2026-12-14')).toBeUndefined();
  });
});
