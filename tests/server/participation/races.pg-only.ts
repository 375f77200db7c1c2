import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendWeeklyList } from '../../../server/jobs/weekly-list';
import {
  writeSystemSwitch,
  writeUserSwitch,
} from '../../../server/modules/notifications/notification-settings.repository';
import {
  createEvent,
  DAY,
  HOUR,
  insertModel,
  insertStuff,
  members,
  subscribe,
} from '../helpers/event-fixtures';
import { createSeries, subscribeSeries } from '../helpers/series-fixtures';
import { bearer, createTestContext, type TestContext } from '../helpers/test-context';

/**
 * Races, on PostgreSQL only (PGlite runs one transaction at a time, so a race there proves nothing):
 * many members act at the same instant; the row locks must hand out exactly the places and the stock.
 * The negative control runs the same race on an app with the locks switched off, and must overbook.
 */
const RUNS = 20;
let ctx: TestContext;
let unlocked: TestContext;
let organiser: string;
let model: string;
let crowd: Array<{ id: string; token: string; username: string }>;

beforeAll(async () => {
  ctx = await createTestContext({ poolSize: 110, env: { RATE_LIMIT_LOGIN: '100000' } });
  unlocked = await createTestContext({
    poolSize: 110,
    sharedDatabase: ctx.database,
    env: { RATE_LIMIT_LOGIN: '100000', EQUIPEE_TEST_DISABLE_ROW_LOCKS: 'true' },
  });
  await ctx.createUser('orga', 'Contributor');
  organiser = await ctx.signIn('orga');
  model = await insertModel(ctx);
  crowd = await members(ctx, 'racer', 100);
}, 120_000);
afterAll(async () => {
  await unlocked.close();
  await ctx.close();
});

async function race(app: TestContext, people: typeof crowd, eventUuid: string, stuffUuid?: string) {
  const responses = await Promise.all(people.map((p) => subscribe(app, p.token, p.id, eventUuid, stuffUuid)));
  const statuses = responses.map((r) => (r.statusCode === 200 ? 'ok' : r.json().code));
  return { ok: statuses.filter((s) => s === 'ok').length, refused: statuses.filter((s) => s !== 'ok') };
}
const participants = async (eventUuid: string) =>
  (
    await ctx.app.inject({ method: 'GET', url: `/api/event/${eventUuid}`, headers: bearer(organiser) })
  ).json();

const SERIES_RUNS = 5;
const KIT_RUNS = 6;

/**
 * One series race on `app`: a weekly 10-session series of 12 places `startInDays` ahead, 30 members
 * subscribing to all of it at once. Counted per session: subscribed, waiting, members in both, and
 * waiting entries whose queue order (seq) disagrees with their time of arrival (created_at, read from a
 * clock that runs for the race). `answersOk`: each member was told `subscribed` or `waiting` for each.
 */
async function seriesRace(app: TestContext, startInDays: number) {
  const start = new Date(ctx.clock.now.getTime() + startInDays * DAY);
  const series = await createSeries(ctx, organiser, {
    uuid_model_event: model,
    start_date: start.toISOString(),
    end_date: new Date(start.getTime() + 2 * HOUR).toISOString(),
    max_subscribers: 12,
    recurrence: { weekdays: ['MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU'], interval_weeks: 1, count: 10 },
  });
  const racers = crowd.slice(0, 30);
  const fixed = app.clock.now;
  Object.defineProperty(app.clock, 'now', { get: () => new Date(), configurable: true });
  let responses: Awaited<ReturnType<typeof subscribeSeries>>[];
  try {
    responses = await Promise.all(
      racers.map((r) =>
        subscribeSeries(app, r.token, series.uuid_series, { uuid_user: r.id, subscribe: true }),
      ),
    );
  } finally {
    Object.defineProperty(app.clock, 'now', { value: fixed, writable: true, configurable: true });
  }
  const answersOk = responses.every(
    (r) =>
      r.statusCode === 200 &&
      r.json().sessions.length === 10 &&
      r
        .json()
        .sessions.every((s: { outcome: string }) => s.outcome === 'subscribed' || s.outcome === 'waiting'),
  );
  const subscribed: number[] = [];
  const waiting: number[] = [];
  let inBoth = 0;
  let outOfOrder = 0;
  for (const session of series.sessions) {
    const ins = await ctx.db
      .selectFrom('subscriptions')
      .select('user_id')
      .where('event_uuid', '=', session.uuid_event)
      .execute();
    const queue = await ctx.db
      .selectFrom('waiting_list')
      .select(['user_id', 'created_at'])
      .where('event_uuid', '=', session.uuid_event)
      .orderBy('seq')
      .execute();
    subscribed.push(ins.length);
    waiting.push(queue.length);
    const inIds = new Set(ins.map((i) => i.user_id));
    inBoth += queue.filter((q) => inIds.has(q.user_id)).length;
    outOfOrder += queue.filter(
      (q, i) => i > 0 && q.created_at < (queue[i - 1] as typeof q).created_at,
    ).length;
  }
  const figure = `${subscribed.join(',')}/${waiting.join(',')}${inBoth ? ` both:${inBoth}` : ''}${outOfOrder ? ` disorder:${outOfOrder}` : ''}`;
  return { subscribed, waiting, inBoth, outOfOrder, answersOk, figure };
}

describe('races on PostgreSQL', () => {
  it(`100 concurrent subscribes for 10 places seat exactly 10, ${RUNS} times`, async () => {
    const seated: number[] = [];
    for (let run = 0; run < RUNS; run++) {
      const event = await createEvent(ctx, organiser, model, { max: 10, startInMs: DAY + run * HOUR });
      const { ok, refused } = await race(ctx, crowd, event.uuid_event);
      seated.push(ok);
      expect(new Set(refused)).toEqual(new Set(['event_full']));
      expect((await participants(event.uuid_event)).subcribers_count).toBe(10);
    }
    console.log(`capacity race: ${RUNS} runs, seated per run: ${seated.join(',')}`);
    expect(seated).toEqual(Array(RUNS).fill(10));
  }, 300_000);

  it(`50 concurrent subscribes for a stuff with stock 3 hand out exactly 3, ${RUNS} times`, async () => {
    const held: number[] = [];
    for (let run = 0; run < RUNS; run++) {
      const kayak = await insertStuff(ctx, `Kayak ${run}`, 3);
      const event = await createEvent(ctx, organiser, model, {
        isInfinite: true,
        stuffs: [kayak],
        startInMs: 30 * DAY + run * HOUR,
      });
      const { ok, refused } = await race(ctx, crowd.slice(0, 50), event.uuid_event, kayak);
      held.push(ok);
      expect(new Set(refused)).toEqual(new Set(['stuff_unavailable']));
    }
    console.log(`stock race: ${RUNS} runs, holders per run: ${held.join(',')}`);
    expect(held).toEqual(Array(RUNS).fill(3));
  }, 300_000);

  it(`100 concurrent subscribes with a kit of three for 10 places end with exact stock, ${KIT_RUNS} times`, async () => {
    // docs/rules.md#kit: the event row, then every stuff row in uuid order; the whole kit or nothing.
    const figures: string[] = [];
    for (let run = 0; run < KIT_RUNS; run++) {
      // Stock 10 of each: the places run out first. Then 7 vests: the vests run out first, and no kit is half booked.
      const vestStock = run % 2 === 0 ? 10 : 7;
      const kit = [
        await insertStuff(ctx, `K1 ${run}`, 10),
        await insertStuff(ctx, `Pagaie ${run}`, 10),
        await insertStuff(ctx, `Gilet ${run}`, vestStock),
      ];
      const event = await createEvent(ctx, organiser, model, {
        max: 10,
        stuffs: kit,
        startInMs: 400 * DAY + run * HOUR,
      });
      const answers = await Promise.all(
        crowd.map((p) =>
          ctx.app.inject({
            method: 'PUT',
            url: '/api/event/subscribe/status',
            headers: bearer(p.token),
            payload: { uuid_event: event.uuid_event, uuid_user: p.id, subscribe: true, stuffs: kit },
          }),
        ),
      );
      const seated = answers.filter((a) => a.statusCode === 200).length;
      const held = await Promise.all(
        kit.map(async (uuid) =>
          Number(
            (
              await ctx.db
                .selectFrom('booked_stuffs')
                .select((eb) => eb.fn.countAll<string>().as('n'))
                .where('stuff_uuid', '=', uuid)
                .executeTakeFirstOrThrow()
            ).n,
          ),
        ),
      );
      const shown = await participants(event.uuid_event);
      const left = kit.map(
        (uuid) => shown.stuffs_available.find((s: { uuid: string }) => s.uuid === uuid).available,
      );
      figures.push(`${seated}:${held.join('/')}:${left.join('/')}`);
      const expected = Math.min(10, vestStock);
      expect(seated).toBe(expected);
      expect(held).toEqual([expected, expected, expected]);
      expect(left).toEqual([10 - expected, 10 - expected, vestStock - expected]);
      expect(shown.subcribers_count).toBe(expected);
    }
    console.log(`kit race: ${KIT_RUNS} runs, seated:held:left per run: ${figures.join(',')}`);
  }, 300_000);

  it(`20 members changing their kit at once for the 3 vests left: exactly 3 get one, the others keep theirs, ${KIT_RUNS} times`, async () => {
    const got: number[] = [];
    for (let run = 0; run < KIT_RUNS; run++) {
      const kayak = await insertStuff(ctx, `Kayak change ${run}`, 20);
      const vest = await insertStuff(ctx, `Gilet change ${run}`, 3);
      const event = await createEvent(ctx, organiser, model, {
        max: 20,
        stuffs: [kayak, vest],
        startInMs: 450 * DAY + run * HOUR,
      });
      const racers = crowd.slice(0, 20);
      for (const p of racers) await subscribe(ctx, p.token, p.id, event.uuid_event, kayak);
      const answers = await Promise.all(
        racers.map((p) =>
          ctx.app.inject({
            method: 'PUT',
            url: '/api/event/subscribe/stuffs',
            headers: bearer(p.token),
            payload: { uuid_event: event.uuid_event, uuid_user: p.id, stuffs: [kayak, vest] },
          }),
        ),
      );
      const refused = answers.filter((a) => a.statusCode !== 200).map((a) => a.json().code);
      expect(new Set(refused)).toEqual(new Set(['stuff_unavailable']));
      const shown = await participants(event.uuid_event);
      const kits = shown.subscribers_with_stuff.map((s: { stuffs: string[] }) => s.stuffs.join('+'));
      const withVest = kits.filter((k: string) => k === `${kayak}+${vest}`).length;
      got.push(withVest);
      // Nobody lost their place or their kayak.
      expect(kits.filter((k: string) => k === kayak).length + withVest).toBe(20);
    }
    console.log(`kit change race: ${KIT_RUNS} runs, vests handed per run: ${got.join(',')}`);
    expect(got).toEqual(Array(KIT_RUNS).fill(3));
  }, 300_000);

  it(`two overlapping events sharing 2 kayaks never hand out 3, ${RUNS} times`, async () => {
    const held: number[] = [];
    for (let run = 0; run < RUNS; run++) {
      const kayaks = await insertStuff(ctx, `Paire ${run}`, 2);
      const start = 60 * DAY + run * DAY;
      const a = await createEvent(ctx, organiser, model, {
        isInfinite: true,
        stuffs: [kayaks],
        startInMs: start,
      });
      const b = await createEvent(ctx, organiser, model, {
        isInfinite: true,
        stuffs: [kayaks],
        startInMs: start + HOUR,
      });
      const [first, second] = await Promise.all([
        race(ctx, crowd.slice(0, 20), a.uuid_event, kayaks),
        race(ctx, crowd.slice(20, 40), b.uuid_event, kayaks),
      ]);
      held.push(first.ok + second.ok);
    }
    console.log(`shared stock race: ${RUNS} runs, holders per run: ${held.join(',')}`);
    expect(held).toEqual(Array(RUNS).fill(2));
  }, 300_000);

  it(`concurrent guest invites cannot overbook, ${RUNS} times`, async () => {
    const counts: number[] = [];
    for (let run = 0; run < RUNS; run++) {
      const event = await createEvent(ctx, organiser, model, { max: 15, startInMs: 120 * DAY + run * HOUR });
      const hosts = crowd.slice(0, 10);
      await Promise.all(hosts.map((h) => subscribe(ctx, h.token, h.id, event.uuid_event)));
      // 10 hosts × 3 guests at once for the 5 places left.
      await Promise.all(
        hosts.flatMap((h) =>
          [1, 2, 3].map((n) =>
            ctx.app.inject({
              method: 'POST',
              url: '/api/event/invite',
              headers: bearer(h.token),
              payload: {
                uuid_event: event.uuid_event,
                uuid_user: h.id,
                first_name: `Invité ${n}`,
                last_name: h.username,
              },
            }),
          ),
        ),
      );
      counts.push((await participants(event.uuid_event)).subcribers_count);
    }
    console.log(`guest race: ${RUNS} runs, participants per run: ${counts.join(',')}`);
    expect(counts).toEqual(Array(RUNS).fill(15));
  }, 300_000);

  it(`two guardians subscribing one child at once give it one place, never two, ${RUNS} times`, async () => {
    const [mum, dad] = crowd.slice(40, 42) as [(typeof crowd)[number], (typeof crowd)[number]];
    const child = await ctx.app.inject({
      method: 'POST',
      url: '/api/family/children',
      headers: bearer(mum.token),
      payload: { first_name: 'Lou', last_name: 'Course', birth_date: '2017-06-01' },
    });
    const childId = child.json<{ id: string }>().id;
    const linked = await ctx.app.inject({
      method: 'POST',
      url: `/api/user/${childId}/guardians`,
      headers: bearer(mum.token),
      payload: { email: `${dad.username}@example.org` },
    });
    expect(linked.statusCode).toBe(201);
    const seats: number[] = [];
    for (let run = 0; run < RUNS; run++) {
      const event = await createEvent(ctx, organiser, model, { max: 5, startInMs: 130 * DAY + run * HOUR });
      const answers = await Promise.all(
        [mum, dad].map((parent) => subscribe(ctx, parent.token, childId, event.uuid_event)),
      );
      expect(answers.map((a) => a.statusCode)).toEqual([200, 200]);
      seats.push((await participants(event.uuid_event)).subcribers_count);
    }
    console.log(`two guardians, one child: places per run: ${seats.join(',')}`);
    expect(seats).toEqual(Array(RUNS).fill(1));
  }, 300_000);

  it(`the same walk-in added at once from five phones makes one row, ${RUNS} times`, async () => {
    const figures: string[] = [];
    for (let run = 0; run < RUNS; run++) {
      const event = await createEvent(ctx, organiser, model, { max: 5, startInMs: 150 * DAY + run * HOUR });
      // Five phones back online at once, each with its own key and device time, the same person typed
      // differently.
      const spellings = ['Gwen Morvan', 'gwen morvan', ' Gwen  Morvan', 'GWEN MORVAN', 'Gwen Morvan '];
      const answers = await Promise.all(
        spellings.map((name, i) =>
          ctx.app.inject({
            method: 'PUT',
            url: '/api/event/walk-in',
            headers: { ...bearer(organiser), 'idempotency-key': `phone-${run}-${i}` },
            payload: {
              event_uuid: event.uuid_event,
              name,
              status: i === 3 ? 'late' : 'present',
              checked_at: new Date(ctx.clock.now.getTime() - (10 - i) * 60_000).toISOString(),
            },
          }),
        ),
      );
      const rows = await ctx.db
        .selectFrom('walk_ins')
        .selectAll()
        .where('event_uuid', '=', event.uuid_event)
        .execute();
      const ids = new Set(answers.map((a) => a.json().id));
      // The newest device time (phone 4, present) wins, whatever order they ran in.
      figures.push(
        `${answers.filter((a) => a.statusCode === 200).length}:${rows.length}:${ids.size}:${rows[0]?.status}`,
      );
    }
    console.log(`walk-in race: ${RUNS} runs, answered:rows:ids:status per run: ${figures.join(',')}`);
    expect(figures).toEqual(Array(RUNS).fill('5:1:1:present'));
  }, 300_000);

  it(`four weekly list jobs at once (two connection pools, as two processes) queue one list, ${RUNS} times`, async () => {
    const readers = crowd.slice(0, 5);
    for (const reader of readers) await writeUserSwitch(ctx.db, reader.id, 'weekly_event_list', true);
    await writeSystemSwitch(ctx.db, 'weekly_event_list', true);
    const outcomes: string[] = [];
    for (let run = 0; run < RUNS; run++) {
      // A Monday 07:00 in Paris, one week per run, far from the weeks other tests use.
      const monday = new Date(Date.UTC(2031, 0, 6, 6) + run * 7 * DAY);
      const job = (app: TestContext) => sendWeeklyList({ db: app.db, now: () => monday, config: app.config });
      const results = await Promise.all([job(ctx), job(unlocked), job(ctx), job(unlocked)]);
      outcomes.push(
        results
          .map((r) => `${r.status}:${r.queued}`)
          .sort()
          .join('+'),
      );
    }
    console.log(`weekly list race: ${RUNS} runs, outcomes: ${[...new Set(outcomes)].join(' | ')}`);
    expect(outcomes).toEqual(Array(RUNS).fill('already_sent:0+already_sent:0+already_sent:0+queued:5'));
    const queued = await ctx.db
      .selectFrom('mail_queue')
      .select(['to_address'])
      .where('kind', '=', 'weekly_event_list')
      .execute();
    // Exactly one message per reader per week.
    expect(queued).toHaveLength(RUNS * readers.length);
    for (const reader of readers)
      expect(queued.filter((m) => m.to_address === `${reader.username}@example.org`)).toHaveLength(RUNS);
  }, 300_000);

  it(`30 members subscribing at once to a 10-session series with 12 places: 12 in and 18 waiting in order at each session, ${SERIES_RUNS} times`, async () => {
    const figures: string[] = [];
    for (let run = 0; run < SERIES_RUNS; run++) {
      const tally = await seriesRace(ctx, 300 + run * 70);
      figures.push(tally.figure);
      expect(tally.subscribed).toEqual(Array(10).fill(12));
      expect(tally.waiting).toEqual(Array(10).fill(18));
      expect(tally.inBoth).toBe(0);
      expect(tally.outOfOrder).toBe(0);
      expect(tally.answersOk).toBe(true);
    }
    console.log(`series race: ${SERIES_RUNS} runs, subscribed/waiting per session: ${figures.join(' | ')}`);
  }, 300_000);

  it('negative control: with the row locks switched off, the series race breaks', async () => {
    const figures: string[] = [];
    let broken = false;
    for (let run = 0; run < 5 && !broken; run++) {
      const tally = await seriesRace(unlocked, 700 + run * 70);
      figures.push(tally.figure);
      broken =
        tally.subscribed.some((n) => n !== 12) ||
        tally.inBoth > 0 ||
        tally.outOfOrder > 0 ||
        !tally.answersOk;
    }
    console.log(
      `series negative control (no row locks): subscribed/waiting per session: ${figures.join(' | ')}`,
    );
    expect(broken).toBe(true);
  }, 300_000);

  it('negative control: with the row locks switched off, the same race overbooks', async () => {
    const seated: number[] = [];
    for (let run = 0; run < 5 && !seated.some((n) => n > 10); run++) {
      const event = await createEvent(ctx, organiser, model, { max: 10, startInMs: 200 * DAY + run * HOUR });
      seated.push((await race(unlocked, crowd, event.uuid_event)).ok);
    }
    console.log(`negative control (no row locks): seated per run: ${seated.join(',')}`);
    expect(seated.some((n) => n > 10)).toBe(true);
  }, 300_000);
});
