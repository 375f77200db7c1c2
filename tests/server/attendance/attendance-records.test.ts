import { DEFAULT_TIMEZONE } from '@common/contract/club-defaults';
import { clubDayOf } from '@common/rules/club-time';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eraseOldGuestData } from '../../../server/modules/participation/guests.service';
import { createEvent, DAY, HOUR, insertModel, insertStuff, subscribe } from '../helpers/event-fixtures';
import { bearer, createTestContext, type TestContext } from '../helpers/test-context';

let ctx: TestContext;
let organiser: { id: string; token: string };
let member: { id: string; token: string };
let model: string;

beforeAll(async () => {
  ctx = await createTestContext({ env: { RATE_LIMIT_LOGIN: '1000' } });
  organiser = { id: (await ctx.createUser('orga', 'Contributor')).id, token: await ctx.signIn('orga') };
  member = { id: (await ctx.createUser('nina')).id, token: await ctx.signIn('nina') };
  model = await insertModel(ctx);
});
afterAll(() => ctx.close());

const tick = (
  body: { event_uuid: string; user_id: string | number; is_checked: boolean; is_invited?: boolean },
  checkedAt?: Date,
  key?: string,
) =>
  ctx.app.inject({
    method: 'PUT',
    url: '/api/event/checklist',
    headers: { ...bearer(organiser.token), ...(key ? { 'idempotency-key': key } : {}) },
    payload: { is_invited: false, ...body, ...(checkedAt ? { checked_at: checkedAt.toISOString() } : {}) },
  });

const invite = (eventUuid: string, firstName: string, lastName: string) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/event/invite',
    headers: bearer(member.token),
    payload: { uuid_event: eventUuid, uuid_user: member.id, first_name: firstName, last_name: lastName },
  });

const logOf = (eventUuid: string) =>
  ctx.db.selectFrom('checklist_log').selectAll().where('event_uuid', '=', eventUuid).orderBy('id').execute();

describe('the checklist log', () => {
  it('records a write replayed after the network came back with its device time, its receipt and its key, once', async () => {
    const event = await createEvent(ctx, organiser.token, model);
    await subscribe(ctx, member.token, member.id, event.uuid_event);
    const tickedOffline = new Date(ctx.clock.now.getTime() - 40 * 60_000);
    const body = { event_uuid: event.uuid_event, user_id: member.id, is_checked: true };
    const first = await tick(body, tickedOffline, 'offline-1');
    const replayed = await tick(body, tickedOffline, 'offline-1');
    expect([first.statusCode, replayed.statusCode]).toEqual([200, 200]);
    const log = await logOf(event.uuid_event);
    expect(log).toHaveLength(1);
    expect(log[0]).toMatchObject({
      is_invited: false,
      user_id: member.id,
      guest_id: null,
      participant_name: 'nina',
      is_checked: true,
      checked_by: organiser.id,
      checked_by_name: 'orga',
      is_ignored: false,
      idempotency_key: 'offline-1',
    });
    expect(log[0]?.checked_at.toISOString()).toBe(tickedOffline.toISOString());
    expect(log[0]?.received_at.toISOString()).toBe(ctx.clock.now.toISOString());
  });

  it('records a write older than the row as ignored, and the row keeps the newer state', async () => {
    const event = await createEvent(ctx, organiser.token, model);
    await subscribe(ctx, member.token, member.id, event.uuid_event);
    const body = { event_uuid: event.uuid_event, user_id: member.id };
    const now = ctx.clock.now.getTime();
    await tick({ ...body, is_checked: false }, new Date(now - 60_000));
    // Made offline earlier, delivered later: it loses to the untick made since.
    const late = await tick({ ...body, is_checked: true }, new Date(now - 5 * 60_000), 'late-1');
    expect(late.json()).toMatchObject({ is_checked: false });
    const log = await logOf(event.uuid_event);
    expect(log.map((l) => [l.is_checked, l.is_ignored, l.idempotency_key])).toEqual([
      [false, false, null],
      [true, true, 'late-1'],
    ]);
  });

  it('records the writes of a replay batch, each with its own key', async () => {
    const event = await createEvent(ctx, organiser.token, model);
    await subscribe(ctx, member.token, member.id, event.uuid_event);
    const now = ctx.clock.now.getTime();
    const item = (isChecked: boolean, at: number, key: string) => ({
      method: 'PUT',
      path: '/api/event/checklist',
      body: {
        event_uuid: event.uuid_event,
        is_invited: false,
        user_id: member.id,
        is_checked: isChecked,
        checked_at: new Date(at).toISOString(),
      },
      idempotencyKey: key,
    });
    const batch = await ctx.app.inject({
      method: 'POST',
      url: '/api/replay',
      headers: bearer(organiser.token),
      payload: { writes: [item(true, now - 20 * 60_000, 'b-1'), item(false, now - 10 * 60_000, 'b-2')] },
    });
    expect(batch.statusCode).toBe(200);
    const log = await logOf(event.uuid_event);
    expect(log.map((l) => [l.idempotency_key, l.is_checked, l.is_ignored])).toEqual([
      ['b-1', true, false],
      ['b-2', false, false],
    ]);
  });

  it('blanks guest names 30 days after the event, not before, and keeps members and the guest row', async () => {
    const event = await createEvent(ctx, organiser.token, model);
    await subscribe(ctx, member.token, member.id, event.uuid_event);
    const guest = (await invite(event.uuid_event, 'Léa', 'Port')).json();
    await tick({ event_uuid: event.uuid_event, user_id: member.id, is_checked: true });
    await tick({ event_uuid: event.uuid_event, user_id: guest.id, is_checked: true, is_invited: true });
    const names = async () => (await logOf(event.uuid_event)).map((l) => l.participant_name);
    expect(await names()).toEqual(['nina', 'Léa Port']);
    const end = new Date(event.end_date).getTime();
    await eraseOldGuestData(ctx.db, new Date(end + 29 * DAY));
    expect(await names()).toEqual(['nina', 'Léa Port']);
    await eraseOldGuestData(ctx.db, new Date(end + 31 * DAY));
    expect(await names()).toEqual(['nina', '']);
  });
});

describe('the attendance record', () => {
  it('shows each row with who ticked it, when on the device and when received, in the screen order', async () => {
    const kayak = await insertStuff(ctx, 'Kayak solo', 5);
    const event = await createEvent(ctx, organiser.token, model, { stuffs: [kayak] });
    await subscribe(ctx, member.token, member.id, event.uuid_event, kayak);
    const guest = (await invite(event.uuid_event, 'Zoé', 'Abri')).json();
    const deviceTime = new Date(ctx.clock.now.getTime() - HOUR);
    await tick({ event_uuid: event.uuid_event, user_id: member.id, is_checked: true }, deviceTime);
    const record = await ctx.app.inject({
      method: 'GET',
      url: `/api/event/${event.uuid_event}/attendance`,
      headers: bearer(organiser.token),
    });
    expect(record.statusCode).toBe(200);
    expect(record.json()).toEqual([
      {
        is_invited: false,
        user_id: member.id,
        name: 'nina',
        stuff_name: 'Kayak solo',
        is_checked: true,
        checked_at: deviceTime.toISOString(),
        checked_by: 'orga',
        received_at: ctx.clock.now.toISOString(),
        phone: null,
        status: 'present',
        is_walk_in: false,
        row_key: `u:${member.id}`,
      },
      {
        is_invited: true,
        user_id: guest.id,
        name: 'Zoé Abri',
        stuff_name: '',
        is_checked: false,
        checked_at: null,
        checked_by: null,
        received_at: null,
        phone: null,
        status: 'absent',
        is_walk_in: false,
        row_key: `g:${guest.id}`,
      },
    ]);
  });

  it('names a member by first and last name, and gives those who take attendance the phone they gave', async () => {
    const { id } = await ctx.createUser('nolwenn.lebihan');
    await ctx.db
      .updateTable('users')
      .set({ first_name: 'Nolwenn', last_name: 'Le Bihan', phone: '06 12 34 56 78' })
      .where('id', '=', id)
      .execute();
    const nolwenn = { id, token: await ctx.signIn('nolwenn.lebihan') };
    const event = await createEvent(ctx, organiser.token, model);
    await subscribe(ctx, nolwenn.token, nolwenn.id, event.uuid_event);
    await subscribe(ctx, member.token, member.id, event.uuid_event);
    const record = await ctx.app.inject({
      method: 'GET',
      url: `/api/event/${event.uuid_event}/attendance`,
      headers: bearer(organiser.token),
    });
    expect(record.json().map((e: { name: string; phone: string | null }) => [e.name, e.phone])).toEqual([
      ['nina', null],
      ['Nolwenn Le Bihan', '06 12 34 56 78'],
    ]);
    const csv = await ctx.app.inject({
      method: 'GET',
      url: `/api/event/${event.uuid_event}/attendance.csv`,
      headers: bearer(organiser.token),
    });
    expect(csv.body).toContain('Nolwenn Le Bihan');
    expect(csv.body).not.toContain('06 12 34 56 78');
    const asMember = await ctx.app.inject({
      method: 'GET',
      url: `/api/event/${event.uuid_event}/attendance`,
      headers: bearer(member.token),
    });
    expect(asMember.statusCode).toBe(403);
  });

  it('exports a CSV French Excel opens as is: BOM, semicolons, escaping, formulas neutralised', async () => {
    const event = await createEvent(ctx, organiser.token, model);
    await subscribe(ctx, member.token, member.id, event.uuid_event);
    const formula = (await invite(event.uuid_event, '=HYPERLINK("http://x")', '+1')).json();
    await invite(event.uuid_event, 'Anne; "la"', 'Quai');
    await tick({ event_uuid: event.uuid_event, user_id: formula.id, is_checked: true, is_invited: true });
    const response = await ctx.app.inject({
      method: 'GET',
      url: `/api/event/${event.uuid_event}/attendance.csv`,
      headers: { ...bearer(organiser.token), 'accept-language': 'fr' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    // Named in French from the event (its model's name, « Kayak ») and its club day (docs/rules.md#file-names).
    const day = clubDayOf(new Date(event.start_date), DEFAULT_TIMEZONE);
    expect(response.headers['content-disposition']).toBe(`attachment; filename="presences-kayak-${day}.csv"`);
    expect(response.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    expect(response.body.split('\r\n')[0]).toBe(
      '\uFEFFNom;Type;Équipement;Présent;Statut;Pointé le;Pointé par;Reçu par le serveur le',
    );
    const rows: string[][] = parse(response.body, { bom: true, delimiter: ';' });
    const at = new Intl.DateTimeFormat('fr-FR', {
      timeZone: ctx.config.clubTimezone,
      dateStyle: 'short',
      timeStyle: 'short',
    })
      .format(ctx.clock.now)
      .replace(' ', ' ');
    expect(rows.slice(1)).toEqual([
      // In the screen's order, nina's guests under her; a name that looks like a formula starts with an
      // apostrophe.
      ['nina', 'Membre', '', 'Non', 'Absent', '', '', ''],
      [`'=HYPERLINK("http://x") +1`, 'Invité', '', 'Oui', 'Présent', at, 'orga', at],
      ['Anne; "la" Quai', 'Invité', '', 'Non', 'Absent', '', '', ''],
    ]);
  });

  it('answers only the creator, an Admin or a SuperAdmin (JSON and CSV alike)', async () => {
    const event = await createEvent(ctx, organiser.token, model);
    await ctx.createUser('other-orga', 'Contributor');
    await ctx.createUser('an-admin', 'Admin');
    await ctx.createUser('a-super', 'SuperAdmin');
    const tokens: Record<string, string | null> = {
      creator: organiser.token,
      'another contributor': await ctx.signIn('other-orga'),
      member: member.token,
      admin: await ctx.signIn('an-admin'),
      superadmin: await ctx.signIn('a-super'),
      'signed out': null,
    };
    const expected: Record<string, number> = {
      creator: 200,
      'another contributor': 403,
      member: 403,
      admin: 200,
      superadmin: 200,
      'signed out': 401,
    };
    for (const suffix of ['attendance', 'attendance.csv']) {
      const seen: Record<string, number> = {};
      for (const [who, token] of Object.entries(tokens)) {
        const response = await ctx.app.inject({
          method: 'GET',
          url: `/api/event/${event.uuid_event}/${suffix}`,
          headers: token ? bearer(token) : {},
        });
        seen[who] = response.statusCode;
      }
      expect(seen, suffix).toEqual(expected);
    }
    const unknown = await ctx.app.inject({
      method: 'GET',
      url: '/api/event/00000000-0000-4000-8000-000000000000/attendance.csv',
      headers: bearer(organiser.token),
    });
    expect([unknown.statusCode, unknown.json().code]).toEqual([404, 'not_found']);
  });
});
