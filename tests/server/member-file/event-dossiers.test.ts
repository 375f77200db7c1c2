import { DEFAULT_TIMEZONE } from '@common/contract/club-defaults';
import type { EventDto } from '@common/contract/event';
import { clubDayOf } from '@common/rules/club-time';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEvent, holdsPlace, insertModel, saveEvent } from '../helpers/event-fixtures';
import { bearer, createTestContext, type TestContext } from '../helpers/test-context';
import {
  type Account,
  account,
  asks,
  putHealth,
  putLicence,
  readEvent,
  setModelRule,
  subscribeAs,
} from './file-fixtures';

// The members' files as an event's readers get them (docs/rules.md#members-file): the model's requirements for
// everyone, the reader's own file on GET /api/event/{id}, and each subscriber's status for those who take
// attendance only, never a health item; ticks are never refused for a file.
let ctx: TestContext;
let organiser: Account;
let admin: Account;

beforeAll(async () => {
  ctx = await createTestContext({ env: { RATE_LIMIT_LOGIN: '1000' } });
  ctx.clock.now = new Date('2026-10-05T08:00:00Z');
  organiser = await account(ctx, 'Contributor');
  admin = await account(ctx, 'Admin');
});
afterAll(() => ctx.close());

async function modelAsking(named: Parameters<typeof asks>[0], enforcement: 'warn' | 'block') {
  const model = await insertModel(ctx, `Modèle ${Math.random()}`);
  await setModelRule(ctx, organiser, model, asks(named), enforcement);
  return model;
}
const entryOf = (event: EventDto, id: string) => event.subscribers_with_stuff.find((s) => s.id === id);

describe("the organisers' view", () => {
  it('gives each subscriber a status, caci_required as health_missing; the member reads their own reasons', async () => {
    const model = await modelAsking({ health: true }, 'warn');
    const event = (await createEvent(ctx, organiser.token, model)).uuid_event as string;
    const member = await account(ctx);
    // Two seasons in a row: the renewal asks the QS-SPORT, whose « oui » asks a recent CACI.
    for (const season of ['2025-2026', '2026-2027'])
      expect((await putLicence(ctx, admin, member.id, season)).statusCode).toBe(200);
    await putHealth(ctx, member, member.id, [{ kind: 'qs_sport', date: '2026-09-10', all_no: false }]);
    const complete = await account(ctx);
    await putHealth(ctx, complete, complete.id, [{ kind: 'caci', date: '2026-09-20', competition: false }]);
    for (const who of [member, complete])
      expect((await subscribeAs(ctx, who, who.id, event)).statusCode).toBe(200);

    const seen = await readEvent(ctx, organiser, event);
    expect(entryOf(seen, member.id)?.dossier).toEqual({ status: 'missing', reasons: ['health_missing'] });
    expect(entryOf(seen, complete.id)?.dossier).toEqual({ status: 'ok', reasons: [] });
    expect(seen.my_dossier).toEqual({ status: 'missing', reasons: ['health_missing'] });
    expect(JSON.stringify(seen)).not.toMatch(/qs_sport|all_no|caci"|"items"/);

    const own = await readEvent(ctx, member, event);
    expect(own.my_dossier).toEqual({ status: 'missing', reasons: ['caci_required'] });
    expect(own.requirements).toEqual(asks({ health: true }));
    expect(own.enforcement).toBe('warn');
    for (const entry of own.subscribers_with_stuff) expect(entry).not.toHaveProperty('dossier');
  });

  it('is absent from the week read, which carries the requirements only; an event asking nothing has none', async () => {
    const model = await modelAsking({ licence: true }, 'block');
    const event = await createEvent(ctx, organiser.token, model);
    await subscribeAs(ctx, organiser, organiser.id, event.uuid_event, { override: true });
    const day = clubDayOf(new Date(event.start_date), DEFAULT_TIMEZONE);
    const week = await ctx.app.inject({
      method: 'GET',
      url: `/api/event/from/${day}/to/${day}`,
      headers: bearer(organiser.token),
    });
    const read = week.json<EventDto[]>().find((e) => e.uuid_event === event.uuid_event);
    expect(read).toMatchObject({ requirements: asks({ licence: true }), enforcement: 'block' });
    expect(read).not.toHaveProperty('my_dossier');
    for (const entry of read?.subscribers_with_stuff ?? []) expect(entry).not.toHaveProperty('dossier');

    const plain = await createEvent(ctx, organiser.token, await insertModel(ctx, 'Balade'));
    await subscribeAs(ctx, organiser, organiser.id, plain.uuid_event);
    const seen = await readEvent(ctx, organiser, plain.uuid_event);
    expect(seen).toMatchObject({ requirements: null, enforcement: 'warn', my_dossier: null });
    for (const entry of seen.subscribers_with_stuff) expect(entry).not.toHaveProperty('dossier');
  });

  it('shows on the event day a file that expired after subscribing (the event moved), the member still in', async () => {
    const model = await modelAsking({ health: true }, 'block');
    const created = await createEvent(ctx, organiser.token, model);
    const member = await account(ctx);
    // A CACI counts under one year: until 2026-10-19.
    await putHealth(ctx, member, member.id, [{ kind: 'caci', date: '2025-10-20', competition: false }]);
    expect((await subscribeAs(ctx, member, member.id, created.uuid_event)).statusCode).toBe(200);
    const before = await readEvent(ctx, organiser, created.uuid_event);
    expect(entryOf(before, member.id)?.dossier).toEqual({ status: 'soon', reasons: [] });

    const moved = await saveEvent(ctx, organiser.token, model, created, {
      start_date: '2026-10-25T08:00:00.000Z',
      end_date: '2026-10-25T10:00:00.000Z',
    });
    expect(moved.statusCode).toBe(200);
    ctx.clock.now = new Date('2026-10-25T07:00:00Z');
    try {
      const onTheDay = await readEvent(ctx, organiser, created.uuid_event);
      expect(entryOf(onTheDay, member.id)?.dossier).toEqual({
        status: 'expired',
        reasons: ['health_expired'],
      });
      expect((await readEvent(ctx, member, created.uuid_event)).my_dossier).toEqual({
        status: 'expired',
        reasons: ['health_expired'],
      });
      expect(await holdsPlace(ctx, created.uuid_event, member.id)).toBe(true);
    } finally {
      ctx.clock.now = new Date('2026-10-05T08:00:00Z');
    }
  });
});

describe('at the venue', () => {
  it('never refuses a tick for a file, under block, for one let in by an override or there before the rule', async () => {
    const model = await insertModel(ctx, 'Avant la règle');
    const event = (await createEvent(ctx, organiser.token, model)).uuid_event as string;
    const early = await account(ctx);
    expect((await subscribeAs(ctx, early, early.id, event)).statusCode).toBe(200);
    await setModelRule(ctx, organiser, model, asks({ licence: true, health: true }), 'block');
    const late = await account(ctx);
    expect((await subscribeAs(ctx, organiser, late.id, event, { override: true })).statusCode).toBe(200);
    for (const who of [early, late]) {
      const ticked = await ctx.app.inject({
        method: 'PUT',
        url: '/api/event/checklist',
        headers: bearer(organiser.token),
        payload: { event_uuid: event, is_invited: false, user_id: who.id, is_checked: true },
      });
      expect(ticked.statusCode).toBe(200);
      expect(await holdsPlace(ctx, event, who.id)).toBe(true);
    }
    const seen = await readEvent(ctx, organiser, event);
    expect(entryOf(seen, early.id)).toMatchObject({
      is_checked: true,
      dossier: { status: 'missing', reasons: ['licence_missing', 'health_missing'] },
    });
  });

  it("the club's member list kept for walk-ins carries no file data", async () => {
    const model = await modelAsking({ health: true }, 'block');
    await createEvent(ctx, organiser.token, model);
    const member = await account(ctx);
    await ctx.db
      .updateTable('users')
      .set({ first_name: 'Yann', last_name: 'Le Goff' })
      .where('id', '=', member.id)
      .execute();
    await putHealth(ctx, member, member.id, [{ kind: 'caci', date: '2026-09-20', competition: true }]);
    const listed = await ctx.app.inject({
      method: 'GET',
      url: '/api/event/checklist/members',
      headers: bearer(organiser.token),
    });
    expect(listed.statusCode).toBe(200);
    const row = listed.json().find((m: { id: string }) => m.id === member.id);
    expect(Object.keys(row).sort()).toEqual(['first_name', 'id', 'last_name', 'thumbnail']);
  });
});
