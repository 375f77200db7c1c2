import type { SeasonReport } from '@common/contract/report';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEvent, insertModel, insertStuff, saveEvent } from '../helpers/event-fixtures';
import { bearer, createTestContext, type TestContext } from '../helpers/test-context';

// The season report's kit use (docs/rules.md#season-report): per stuff, how many times it was booked at the season's
// held events, subscribers and guests alike, and how many of those were handed out.
let ctx: TestContext;
let admin: string;
const stuff: Record<'kayak' | 'paddle' | 'vest' | 'helmet', string> = {} as never;

const at = (iso: string) => new Date(iso);

beforeAll(async () => {
  ctx = await createTestContext({ env: { RATE_LIMIT_LOGIN: '1000', CLUB_TIMEZONE: 'Europe/Paris' } });
  ctx.clock.now = at('2026-09-01T08:00:00Z');
  await ctx.createUser('orga', 'Contributor');
  await ctx.createUser('boss', 'Admin');
  const organiser = await ctx.signIn('orga');
  const model = await insertModel(ctx, 'Sortie rivière');
  stuff.kayak = await insertStuff(ctx, 'Kayak mono K1', 20);
  stuff.paddle = await insertStuff(ctx, 'Pagaie double', 20);
  stuff.vest = await insertStuff(ctx, 'Gilet', 20);
  stuff.helmet = await insertStuff(ctx, 'Casque', 20);
  await ctx.db.updateTable('stuffs').set({ kind: 'Bateaux' }).where('uuid', '=', stuff.kayak).execute();
  await ctx.db.updateTable('stuffs').set({ kind: 'Pagaies' }).where('uuid', '=', stuff.paddle).execute();
  const people: Record<string, { id: string; token: string }> = {};
  for (const name of ['nina', 'yann', 'zoe', 'tom', 'ana']) {
    const { id } = await ctx.createUser(name);
    people[name] = { id, token: await ctx.signIn(name) };
  }
  const member = (name: string) => people[name] as { id: string; token: string };
  const offered = Object.values(stuff);
  const eventAt = (iso: string) =>
    createEvent(ctx, organiser, model, {
      startInMs: at(iso).getTime() - ctx.clock.now.getTime(),
      stuffs: offered,
    });
  const join = async (name: string, eventUuid: string, stuffs: string[]) => {
    const response = await ctx.app.inject({
      method: 'PUT',
      url: '/api/event/subscribe/status',
      headers: bearer(member(name).token),
      payload: { uuid_event: eventUuid, uuid_user: member(name).id, subscribe: true, stuffs },
    });
    expect(response.statusCode).toBe(200);
  };
  const handOut = async (eventUuid: string, userId: string | number, stuffUuid: string) => {
    const response = await ctx.app.inject({
      method: 'PUT',
      url: '/api/event/checklist/stuff',
      headers: bearer(organiser),
      payload: {
        event_uuid: eventUuid,
        is_invited: typeof userId === 'number',
        user_id: userId,
        uuid_stuff: stuffUuid,
        handed_out: true,
      },
    });
    expect(response.statusCode).toBe(200);
  };

  // Held and ended: nina on a kayak and a paddle, her guest on a vest, yann on a kayak; two items handed out.
  const held = await eventAt('2026-09-12T08:00:00Z');
  await join('nina', held.uuid_event, [stuff.kayak, stuff.paddle]);
  await join('yann', held.uuid_event, [stuff.kayak]);
  const guest = await ctx.app.inject({
    method: 'POST',
    url: '/api/event/invite',
    headers: bearer(member('nina').token),
    payload: {
      uuid_event: held.uuid_event,
      uuid_user: member('nina').id,
      first_name: 'Léa',
      last_name: 'Port',
      stuffs: [stuff.vest],
    },
  });
  expect(guest.statusCode).toBe(200);
  await handOut(held.uuid_event, member('nina').id, stuff.kayak);
  await handOut(held.uuid_event, guest.json<{ id: number }>().id, stuff.vest);
  // Cancelled after its kit was handed out: not counted.
  const cancelled = await eventAt('2026-10-03T08:00:00Z');
  await join('zoe', cancelled.uuid_event, [stuff.kayak, stuff.helmet]);
  await handOut(cancelled.uuid_event, member('zoe').id, stuff.helmet);
  expect((await saveEvent(ctx, organiser, model, cancelled, { is_cancelled: true })).statusCode).toBe(200);
  // Held, still ahead: booked, nothing handed out yet.
  const ahead = await eventAt('2026-11-20T08:00:00Z');
  await join('tom', ahead.uuid_event, [stuff.paddle]);
  // Outside the report's dates.
  const later = await eventAt('2026-12-15T08:00:00Z');
  await join('ana', later.uuid_event, [stuff.kayak, stuff.helmet]);

  ctx.clock.now = at('2026-10-10T12:00:00Z');
  // Over a month later: a fresh session.
  admin = await ctx.signIn('boss');
});
afterAll(() => ctx.close());

const report = (suffix = '', language = 'fr') =>
  ctx.app.inject({
    method: 'GET',
    url: `/api/report/season${suffix}?from=2026-09-01&to=2026-11-30`,
    headers: { ...bearer(admin), 'accept-language': language },
  });

describe('kit use in the season report', () => {
  it('counts, per stuff, the items booked at held events and those handed out, by kind then name', async () => {
    const response = await report();
    expect(response.statusCode).toBe(200);
    expect(response.json<SeasonReport>().kit).toEqual([
      {
        stuff_uuid: stuff.kayak,
        stuff_name: 'Kayak mono K1',
        stuff_kind: 'Bateaux',
        booked: 2,
        handed_out: 1,
      },
      {
        stuff_uuid: stuff.paddle,
        stuff_name: 'Pagaie double',
        stuff_kind: 'Pagaies',
        booked: 2,
        handed_out: 0,
      },
      { stuff_uuid: stuff.vest, stuff_name: 'Gilet', stuff_kind: null, booked: 1, handed_out: 1 },
    ]);
  });

  it('writes the same counts as a section of the CSV, after the figures', async () => {
    const csv = await report('.csv');
    // One table for a strict reader: every line as wide as the figures' header.
    const lines = parse(csv.body, { bom: true, delimiter: ';' }) as string[][];
    expect(new Set(lines.map((line) => line.length)).size).toBe(1);
    const totals = lines.findIndex((line) => line[0] === 'Total');
    expect(totals).toBeGreaterThan(0);
    const trimmed = (line: string[]) =>
      line.slice(0, Math.max(1, line.findLastIndex((cell) => cell !== '') + 1));
    expect(lines.slice(totals + 1).map(trimmed)).toEqual([
      [''],
      ['Matériel'],
      ['Équipement', 'Catégorie', 'Réservations', 'Remis'],
      ['Kayak mono K1', 'Bateaux', '2', '1'],
      ['Pagaie double', 'Pagaies', '2', '0'],
      ['Gilet', '', '1', '1'],
    ]);
    const english = parse((await report('.csv', 'en')).body, { bom: true, delimiter: ';' }) as string[][];
    expect(english.map(trimmed)).toContainEqual(['Equipment', 'Category', 'Bookings', 'Handed out']);
  });
});
