import type { NotReturnedEntry } from '@common/contract/kit';
import { clubDayOf } from '@common/rules/club-time';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEvent, DAY, HOUR, insertModel, insertStuff, saveEvent } from '../helpers/event-fixtures';
import { bearer, createTestContext, type TestContext } from '../helpers/test-context';

// GET /api/stuff/not-returned (docs/rules.md#kit): the items handed out and not given back at events that have
// ended and were not cancelled, newest event first; Admins read the club's, organisers their events', a member
// who organises nothing an empty list. The CSV says the same in the reader's language.
let ctx: TestContext;
type Who = { id: string; token: string };
const who: Record<'orga' | 'coorga' | 'autre' | 'boss' | 'nina' | 'yann', Who> = {} as never;
let kayak: string;
let paddle: string;
let vest: string;
const events: Record<'river' | 'sea' | 'cancelled' | 'upcoming', string> = {} as never;
let guestId: number;

const put = (by: Who, url: string, payload: object) =>
  ctx.app.inject({ method: 'PUT', url, headers: bearer(by.token), payload });
const handOut = (eventUuid: string, userId: string | number, stuffUuid: string, body: object) =>
  put(who.orga, '/api/event/checklist/stuff', {
    event_uuid: eventUuid,
    is_invited: typeof userId === 'number',
    user_id: userId,
    uuid_stuff: stuffUuid,
    ...body,
  }).then((response) => {
    expect(response.statusCode).toBe(200);
  });
const join = (person: Who, eventUuid: string, stuffs: string[]) =>
  put(person, '/api/event/subscribe/status', {
    uuid_event: eventUuid,
    uuid_user: person.id,
    subscribe: true,
    stuffs,
  }).then((response) => {
    expect(response.statusCode).toBe(200);
  });

/**
 * Four events, all by orga but the sea trip (autre's, co-organised by coorga): the river trip and the sea trip end,
 * one is cancelled after its kit went out, one is still ahead. Then the clock moves past all but the last.
 */
beforeAll(async () => {
  ctx = await createTestContext({ env: { RATE_LIMIT_LOGIN: '1000', CLUB_TIMEZONE: 'Europe/Paris' } });
  ctx.clock.now = new Date('2027-05-03T08:00:00Z');
  const accounts = [
    ['orga', 'Contributor'],
    ['coorga', 'Contributor'],
    ['autre', 'Contributor'],
    ['boss', 'Admin'],
    ['nina', 'User'],
    ['yann', 'User'],
  ] as const;
  for (const [name, role] of accounts)
    who[name] = { id: (await ctx.createUser(name, role)).id, token: await ctx.signIn(name) };
  await ctx.db
    .updateTable('users')
    .set({ first_name: 'Nina', last_name: 'Le Goff' })
    .where('id', '=', who.nina.id)
    .execute();
  const model = await insertModel(ctx, 'Sortie rivière');
  kayak = await insertStuff(ctx, 'Kayak mono K1', 20);
  paddle = await insertStuff(ctx, 'Pagaie double', 20);
  vest = await insertStuff(ctx, 'Gilet', 20);
  await ctx.db.updateTable('stuffs').set({ kind: 'Bateaux' }).where('uuid', '=', kayak).execute();
  const stuffs = [kayak, paddle, vest];

  const river = await createEvent(ctx, who.orga.token, model, { startInMs: DAY, stuffs });
  events.river = river.uuid_event;
  const sea = await createEvent(ctx, who.autre.token, model, { startInMs: 2 * DAY, stuffs });
  events.sea = sea.uuid_event;
  expect(
    (
      await saveEvent(ctx, who.autre.token, model, sea, {
        co_organisers: [who.coorga.id],
        title: "Descente de l'Odet",
      })
    ).statusCode,
  ).toBe(200);
  const cancelled = await createEvent(ctx, who.orga.token, model, { startInMs: DAY + 4 * HOUR, stuffs });
  events.cancelled = cancelled.uuid_event;
  events.upcoming = (
    await createEvent(ctx, who.orga.token, model, { startInMs: 10 * DAY, stuffs })
  ).uuid_event;

  await join(who.nina, events.river, [kayak, paddle]);
  await join(who.yann, events.river, [kayak]);
  const guest = await ctx.app.inject({
    method: 'POST',
    url: '/api/event/invite',
    headers: bearer(who.nina.token),
    payload: {
      uuid_event: events.river,
      uuid_user: who.nina.id,
      first_name: 'Léa',
      last_name: 'Port',
      stuffs: [vest],
    },
  });
  guestId = guest.json<{ id: number }>().id;
  await join(who.yann, events.sea, [paddle]);
  await join(who.nina, events.cancelled, [vest]);
  await join(who.nina, events.upcoming, [kayak]);

  // The river: nina's kayak out, her paddle out and back, Léa's vest out, yann's kayak never handed out.
  await handOut(events.river, who.nina.id, kayak, { handed_out: true });
  await handOut(events.river, who.nina.id, paddle, { returned: true });
  await handOut(events.river, guestId, vest, { handed_out: true });
  // The sea: yann's paddle out, handed out by its co-organiser (orga takes no attendance there).
  const sea1 = await ctx.app.inject({
    method: 'PUT',
    url: '/api/event/checklist/stuff',
    headers: bearer(who.coorga.token),
    payload: {
      event_uuid: events.sea,
      is_invited: false,
      user_id: who.yann.id,
      uuid_stuff: paddle,
      handed_out: true,
    },
  });
  expect(sea1.statusCode).toBe(200);
  await handOut(events.cancelled, who.nina.id, vest, { handed_out: true });
  expect((await saveEvent(ctx, who.orga.token, model, cancelled, { is_cancelled: true })).statusCode).toBe(
    200,
  );
  await handOut(events.upcoming, who.nina.id, kayak, { handed_out: true });

  ctx.clock.now = new Date(ctx.clock.now.getTime() + 3 * DAY);
});
afterAll(() => ctx.close());

const list = async (by: Who) => {
  const response = await ctx.app.inject({
    method: 'GET',
    url: '/api/stuff/not-returned',
    headers: bearer(by.token),
  });
  expect(response.statusCode).toBe(200);
  return response.json<NotReturnedEntry[]>();
};
const items = (entries: NotReturnedEntry[]) =>
  entries.map((e) => [e.event_name, e.first_name, e.last_name, e.stuff_name]);

describe('GET /api/stuff/not-returned', () => {
  it('lists the items out and not back at ended, held events, newest event first, each with its holder', async () => {
    const entries = await list(who.boss);
    expect(items(entries)).toEqual([
      ["Descente de l'Odet", null, 'yann', 'Pagaie double'],
      ['Sortie rivière', 'Léa', 'Port', 'Gilet'],
      ['Sortie rivière', 'Nina', 'Le Goff', 'Kayak mono K1'],
    ]);
    const river = (await ctx.db
      .selectFrom('booked_stuffs')
      .select('changed_at')
      .where('event_uuid', '=', events.river)
      .where('stuff_uuid', '=', kayak)
      .where('handed_out', '=', true)
      .executeTakeFirstOrThrow()) as { changed_at: Date };
    expect(entries[2]).toEqual({
      event_uuid: events.river,
      event_name: 'Sortie rivière',
      start_date: expect.any(String),
      end_date: expect.any(String),
      is_invited: false,
      user_id: who.nina.id,
      first_name: 'Nina',
      last_name: 'Le Goff',
      host_name: null,
      uuid_stuff: kayak,
      stuff_name: 'Kayak mono K1',
      stuff_kind: 'Bateaux',
      handed_out_at: river.changed_at.toISOString(),
    });
    expect(entries[1]).toMatchObject({
      is_invited: true,
      user_id: guestId,
      host_name: 'Nina Le Goff',
      stuff_kind: null,
    });
  });

  it("gives an organiser their events' items, a co-organiser theirs, and a member who organises nothing an empty list", async () => {
    expect(items(await list(who.orga)).map((i) => i[3])).toEqual(['Gilet', 'Kayak mono K1']);
    expect(items(await list(who.coorga))).toEqual([["Descente de l'Odet", null, 'yann', 'Pagaie double']]);
    expect(items(await list(who.autre))).toEqual([["Descente de l'Odet", null, 'yann', 'Pagaie double']]);
    expect(await list(who.nina)).toEqual([]);
    const anonymous = await ctx.app.inject({ method: 'GET', url: '/api/stuff/not-returned' });
    expect(anonymous.statusCode).toBe(401);
  });

  it('drops an item once it is given back', async () => {
    const back = await ctx.app.inject({
      method: 'PUT',
      url: '/api/event/checklist/stuff',
      headers: bearer(who.boss.token),
      payload: {
        event_uuid: events.sea,
        is_invited: false,
        user_id: who.yann.id,
        uuid_stuff: paddle,
        returned: true,
      },
    });
    expect(back.statusCode).toBe(200);
    expect(items(await list(who.coorga))).toEqual([]);
    expect(items(await list(who.boss)).map((i) => i[0])).toEqual(['Sortie rivière', 'Sortie rivière']);
  });

  it('exports the same list as a CSV in the reader’s language: headers, club times, the guest’s host', async () => {
    const csv = await ctx.app.inject({
      method: 'GET',
      url: '/api/stuff/not-returned.csv',
      headers: bearer(who.orga.token),
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    // Named in French by the club day it was read (docs/rules.md#file-names).
    const today = clubDayOf(ctx.clock.now, 'Europe/Paris');
    expect(csv.headers['content-disposition']).toBe(`attachment; filename="materiel-non-rendu-${today}.csv"`);
    const [header, ...lines] = parse(csv.body, { bom: true, delimiter: ';' }) as string[][];
    expect(header).toEqual([
      'Évènement',
      'Date',
      'Nom',
      'Type',
      'Invité de',
      'Équipement',
      'Catégorie',
      'Remis le',
    ]);
    const start = new Date('2027-05-04T08:00:00Z'); // 10:00 in Paris
    expect(lines).toEqual([
      [
        'Sortie rivière',
        '04/05/2027 10:00',
        'Léa Port',
        'Invité',
        'Nina Le Goff',
        'Gilet',
        '',
        '03/05/2027 10:00',
      ],
      [
        'Sortie rivière',
        '04/05/2027 10:00',
        'Nina Le Goff',
        'Membre',
        '',
        'Kayak mono K1',
        'Bateaux',
        '03/05/2027 10:00',
      ],
    ]);
    expect(start.toISOString()).toBe((await list(who.orga))[0]?.start_date);
    const english = await ctx.app.inject({
      method: 'GET',
      url: '/api/stuff/not-returned.csv',
      headers: { ...bearer(who.orga.token), 'accept-language': 'en' },
    });
    const [englishHeader, firstLine] = parse(english.body, { bom: true, delimiter: ';' }) as string[][];
    expect(englishHeader?.slice(0, 5)).toEqual(['Event', 'Date', 'Name', 'Type', 'Guest of']);
    expect(firstLine?.[1]).toBe('2027-05-04 10:00');
  });
});
