import type { SeasonReport } from '@common/contract/report';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEvent, HOUR, insertModel, insertStuff, saveEvent, subscribe } from '../helpers/event-fixtures';
import { bearer, createTestContext, type TestContext } from '../helpers/test-context';

// Whose figures the season report sums (docs/rules.md#season-report): the club's for an Admin, the events a
// Contributor created or co-organises for them, and nothing for a User.
let ctx: TestContext;
const token: Record<'ann' | 'ben' | 'cleo' | 'dan' | 'boss' | 'user', string> = {} as never;
const models: Record<'river' | 'pool' | 'sea', string> = {} as never;

const at = (iso: string) => new Date(iso);
const QUERY = 'from=2026-09-01&to=2026-09-30';
const report = (who: string, suffix = '') =>
  ctx.app.inject({ method: 'GET', url: `/api/report/season${suffix}?${QUERY}`, headers: bearer(who) });

beforeAll(async () => {
  ctx = await createTestContext({ env: { RATE_LIMIT_LOGIN: '1000', CLUB_TIMEZONE: 'Europe/Paris' } });
  ctx.clock.now = at('2026-09-01T08:00:00Z');
  const ids: Record<string, string> = {};
  for (const [name, role] of [
    ['ann', 'Contributor'],
    ['ben', 'Contributor'],
    ['cleo', 'Contributor'],
    ['dan', 'Contributor'],
    ['boss', 'Admin'],
    ['user', 'User'],
  ] as const) {
    ids[name] = (await ctx.createUser(name, role)).id;
    token[name] = await ctx.signIn(name);
  }
  models.river = await insertModel(ctx, 'Sortie rivière');
  models.pool = await insertModel(ctx, 'Piscine');
  models.sea = await insertModel(ctx, 'Sortie en mer');
  const kayak = await insertStuff(ctx, 'Kayak', 20);
  const rowers: Array<{ id: string; token: string }> = [];
  for (let i = 0; i < 5; i++) {
    const { id } = await ctx.createUser(`rower${i}`);
    rowers.push({ id, token: await ctx.signIn(`rower${i}`) });
  }
  const eventAt = (who: string, model: string, iso: string, max: number) =>
    createEvent(ctx, who, model, {
      startInMs: at(iso).getTime() - ctx.clock.now.getTime(),
      durationMs: 2 * HOUR,
      max,
      stuffs: [kayak],
    });
  // `count` rowers join, the first with a kayak when `withKayak`.
  const join = async (eventUuid: string, count: number, withKayak = false) => {
    for (const [i, rower] of rowers.slice(0, count).entries()) {
      const stuff = withKayak && i === 0 ? kayak : undefined;
      expect((await subscribe(ctx, rower.token, rower.id, eventUuid, stuff)).statusCode).toBe(200);
    }
  };
  // Ann's own outing: 2 places taken of 6, one with a kayak.
  const river = await eventAt(token.ann, models.river, '2026-09-10T14:00:00Z', 6);
  await join(river.uuid_event, 2, true);
  // Ben's pool session, co-organised by Cleo: 3 of 8.
  const pool = await eventAt(token.ben, models.pool, '2026-09-12T17:00:00Z', 8);
  expect((await saveEvent(ctx, token.ben, models.pool, pool, { co_organisers: [ids.cleo] })).statusCode).toBe(
    200,
  );
  await join(pool.uuid_event, 3);
  // The Admin's sea outing: 4 of 10, one with a kayak.
  const sea = await eventAt(token.boss, models.sea, '2026-09-20T09:00:00Z', 10);
  await join(sea.uuid_event, 4, true);
  ctx.clock.now = at('2026-10-01T08:00:00Z');
});
afterAll(() => ctx.close());

const figuresOf = (answer: SeasonReport) =>
  answer.rows.map((row) => [row.model_name, row.events, row.places_offered, row.subscriptions]);

describe("a Contributor's season report", () => {
  it('sums only the events they created', async () => {
    const response = await report(token.ann);
    expect(response.statusCode).toBe(200);
    const answer: SeasonReport = response.json();
    expect(figuresOf(answer)).toEqual([['Sortie rivière', 1, 6, 2]]);
    expect(answer.totals).toMatchObject({ events: 1, places_offered: 6, subscriptions: 2 });
    expect(answer.kit?.map((k) => [k.stuff_name, k.booked])).toEqual([['Kayak', 1]]);
  });

  it('sums the events they co-organise, as their creator reads them', async () => {
    const cleo: SeasonReport = (await report(token.cleo)).json();
    const ben: SeasonReport = (await report(token.ben)).json();
    expect(figuresOf(cleo)).toEqual([['Piscine', 1, 8, 3]]);
    expect(cleo).toEqual(ben);
    expect(cleo.kit).toEqual([]);
  });

  it('is empty for a Contributor who organises nothing', async () => {
    const response = await report(token.dan);
    expect(response.statusCode).toBe(200);
    const answer: SeasonReport = response.json();
    expect(answer.rows).toEqual([]);
    expect(answer.totals).toMatchObject({ events: 0, subscriptions: 0, attendance_rate: null });
  });

  it('gives the same filtered rows in the CSV', async () => {
    const csv = await report(token.ann, '.csv');
    expect(csv.statusCode).toBe(200);
    const [, ...lines] = parse(csv.body, { bom: true, delimiter: ';' }) as string[][];
    expect(lines[0]?.slice(1, 3)).toEqual(['Sortie rivière', '1']);
    expect(lines[1]?.[0]).toBe('Total');
    expect(csv.body).not.toContain('Piscine');
    expect(csv.body).not.toContain('Sortie en mer');
  });

  it("leaves an Admin's report the club's, and refuses a User", async () => {
    const admin: SeasonReport = (await report(token.boss)).json();
    expect(figuresOf(admin)).toEqual([
      ['Piscine', 1, 8, 3],
      ['Sortie en mer', 1, 10, 4],
      ['Sortie rivière', 1, 6, 2],
    ]);
    expect(admin.kit?.map((k) => [k.stuff_name, k.booked])).toEqual([['Kayak', 2]]);
    for (const suffix of ['', '.csv']) {
      const refused = await report(token.user, suffix);
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toMatchObject({ code: 'forbidden' });
    }
  });

  it('follows the role at the request: a Contributor made User is refused', async () => {
    await ctx.db.updateTable('users').set({ role_name: 'User' }).where('username', '=', 'dan').execute();
    expect((await report(token.dan)).statusCode).toBe(403);
  });
});
