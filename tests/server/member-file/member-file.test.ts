import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clubDayOf, shiftDay } from '../../../src/common/rules/club-time';
import { seasonOf } from '../../../src/common/rules/member-file-days';
import { createEvent, insertModel, organiserAndMembers, subscribe } from '../helpers/event-fixtures';
import { bearer, createTestContext, type TestContext } from '../helpers/test-context';

// The member's file (docs/rules.md#members-file): the licence, entered by an Admin; health items from a closed
// list, recorded by the member, an unrestricted guardian of a minor or an Admin; read by them only.
let ctx: TestContext;
let serial = 0;
type Account = { id: string; token: string };

beforeAll(async () => {
  ctx = await createTestContext({ env: { RATE_LIMIT_LOGIN: '1000' } });
});
afterAll(() => ctx.close());

async function account(role: 'User' | 'Contributor' | 'Admin' = 'User'): Promise<Account> {
  serial += 1;
  const { id } = await ctx.createUser(`file${serial}`, role);
  return { id, token: await ctx.signIn(`file${serial}`) };
}

async function childOf(parent: Account, ageInYears: number): Promise<string> {
  const born = new Date(ctx.clock.now);
  born.setUTCFullYear(born.getUTCFullYear() - ageInYears);
  born.setUTCDate(born.getUTCDate() - 3);
  const made = await ctx.app.inject({
    method: 'POST',
    url: '/api/family/children',
    headers: bearer(parent.token),
    payload: {
      first_name: 'Lou',
      last_name: `Dossier ${serial}`,
      birth_date: born.toISOString().slice(0, 10),
    },
  });
  expect(made.statusCode).toBe(201);
  return made.json().id;
}

const today = () => clubDayOf(ctx.clock.now, 'Europe/Paris');
const LICENCE = { number: '0123456', federation: 'FFCK', type: 'Canoë Plus', season: '2025-2026' };

const putLicence = (who: Account, id: string, payload: object = LICENCE) =>
  ctx.app.inject({ method: 'PUT', url: `/api/user/${id}/licence`, headers: bearer(who.token), payload });
const putHealth = (who: Account, id: string, items: object[]) =>
  ctx.app.inject({
    method: 'PUT',
    url: `/api/user/${id}/health`,
    headers: bearer(who.token),
    payload: { items },
  });
const readFile = (who: Account, id: string) =>
  ctx.app.inject({ method: 'GET', url: `/api/user/${id}/member-file`, headers: bearer(who.token) });

describe('the licence', () => {
  it('is recorded by an Admin only, one per season, answered newest season first', async () => {
    const [admin, member, contributor] = [
      await account('Admin'),
      await account(),
      await account('Contributor'),
    ];
    expect((await putLicence(member, member.id)).statusCode).toBe(403);
    expect((await putLicence(contributor, member.id)).statusCode).toBe(403);
    const recorded = await putLicence(admin, member.id);
    expect(recorded.statusCode).toBe(200);
    expect(recorded.json()).toMatchObject(LICENCE);
    expect((await putLicence(admin, member.id, { ...LICENCE, number: '0999' })).statusCode).toBe(200);
    expect((await putLicence(admin, member.id, { ...LICENCE, season: '2026-2027' })).statusCode).toBe(200);
    const file = (await readFile(member, member.id)).json();
    expect(file.licences.map((l: { season: string; number: string }) => [l.season, l.number])).toEqual([
      ['2026-2027', '0123456'],
      ['2025-2026', '0999'],
    ]);
  });

  it("takes only one of the club's licence types once it has named some, and a season of two following years", async () => {
    const [admin, member] = [await account('Admin'), await account()];
    const set = await ctx.app.inject({
      method: 'PUT',
      url: '/api/internal/club-settings',
      headers: bearer(admin.token),
      payload: { licence_types: [{ name: 'Canoë Plus', opens_competition: true }] },
    });
    expect(set.statusCode).toBe(200);
    const wrong = await putLicence(admin, member.id, { ...LICENCE, type: 'Pagaie Blanche' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ code: 'invalid_input', field: 'type' });
    expect((await putLicence(admin, member.id)).statusCode).toBe(200);
    expect((await putLicence(admin, member.id, { ...LICENCE, season: '2025-2027' })).statusCode).toBe(400);
    await ctx.app.inject({
      method: 'PUT',
      url: '/api/internal/club-settings',
      headers: bearer(admin.token),
      payload: { licence_types: [] },
    });
  });
});

describe('health items', () => {
  it('are recorded by the member, a guardian of a minor and an Admin; not by another member nor an organiser', async () => {
    const [admin, member, other, parent] = [
      await account('Admin'),
      await account(),
      await account(),
      await account(),
    ];
    const kid = await childOf(parent, 10);
    const caci = { kind: 'caci', date: today(), competition: false };
    const mine = await putHealth(member, member.id, [caci]);
    expect(mine.statusCode).toBe(200);
    expect(mine.json().items).toEqual([
      { ...caci, recorded_at: expect.any(String), recorded_by_admin: false },
    ]);
    const signed = { kind: 'minor_questionnaire', date: today(), signed_by: 'Gwen Dossier' };
    expect((await putHealth(parent, kid, [signed])).statusCode).toBe(200);
    expect((await putHealth(admin, member.id, [caci, { kind: 'pps', date: today() }])).statusCode).toBe(200);
    expect((await putHealth(other, member.id, [])).statusCode).toBe(403);
    const model = await insertModel(ctx, `Dossier ${serial}`);
    const { organiser, people } = await organiserAndMembers(ctx, `fileorg${serial}`, 1);
    const [attendee] = people;
    if (!attendee) throw new Error('no attendee');
    const event = await createEvent(ctx, organiser.token, model);
    expect((await subscribe(ctx, attendee.token, attendee.id, event.uuid_event)).statusCode).toBe(200);
    expect((await putHealth(organiser, attendee.id, [])).statusCode).toBe(403);
    expect((await readFile(organiser, attendee.id)).statusCode).toBe(403);
  });

  it("keeps an Admin's item from a member: removing it is 403 and nothing changes", async () => {
    const [admin, member] = [await account('Admin'), await account()];
    const fromAdmin = { kind: 'savoir_nager', date: '2024-06-01', way: 'test' };
    expect((await putHealth(admin, member.id, [fromAdmin])).statusCode).toBe(200);
    const removing = await putHealth(member, member.id, [{ kind: 'pps', date: today() }]);
    expect(removing.statusCode).toBe(403);
    expect(removing.json()).toMatchObject({ code: 'forbidden', field: 'items' });
    // Sent again unchanged, it stays the Admin's.
    const keeping = await putHealth(member, member.id, [fromAdmin, { kind: 'pps', date: today() }]);
    expect(keeping.statusCode).toBe(200);
    const kept = keeping.json().items.find((item: { kind: string }) => item.kind === 'savoir_nager');
    expect(kept.recorded_by_admin).toBe(true);
    expect((await putHealth(admin, member.id, [])).json().items).toEqual([]);
  });

  it('refuses a date after today (club time), an unknown kind and a free-text field (400)', async () => {
    const member = await account();
    const future = await putHealth(member, member.id, [{ kind: 'pps', date: shiftDay(today(), 1) }]);
    expect(future.statusCode).toBe(400);
    expect(future.json()).toMatchObject({ code: 'invalid_input', field: 'items' });
    const unknown = await putHealth(member, member.id, [{ kind: 'blood_test', date: today() }]);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().code).toBe('invalid_input');
    const diagnosis = await putHealth(member, member.id, [{ kind: 'pps', date: today(), note: 'asthme' }]);
    expect(diagnosis.statusCode).toBe(400);
    expect(diagnosis.json().code).toBe('invalid_input');
    expect((await readFile(member, member.id)).json().health_items).toEqual([]);
  });
});

describe('reading the file', () => {
  it('is for the member, their guardian and Admins; another member is 403', async () => {
    const [admin, parent, other] = [await account('Admin'), await account(), await account()];
    const kid = await childOf(parent, 9);
    expect((await putLicence(admin, kid)).statusCode).toBe(200);
    for (const reader of [admin, parent]) expect((await readFile(reader, kid)).statusCode).toBe(200);
    expect((await readFile(other, kid)).statusCode).toBe(403);
  });
});

describe("the file's status", () => {
  const dossier = (who: Account, id: string, query = '') =>
    ctx.app.inject({ method: 'GET', url: `/api/user/${id}/dossier${query}`, headers: bearer(who.token) });

  it('is computed by the shared rule for today or a day asked, for the member and Admins only', async () => {
    const [admin, member, contributor] = [
      await account('Admin'),
      await account(),
      await account('Contributor'),
    ];
    expect((await dossier(member, member.id)).json()).toEqual({
      status: 'missing',
      reasons: ['licence_missing', 'birth_date_missing'],
    });
    const season = seasonOf(today(), '09-01');
    expect((await putLicence(admin, member.id, { ...LICENCE, season })).statusCode).toBe(200);
    expect(
      (await putHealth(member, member.id, [{ kind: 'caci', date: today(), competition: false }])).statusCode,
    ).toBe(200);
    // No birth date: whether the QS-SPORT or the minors' questionnaire applies is unknown, never ok.
    expect((await dossier(member, member.id)).json()).toEqual({
      status: 'unknown',
      reasons: ['birth_date_missing'],
    });
    await ctx.db.updateTable('users').set({ birth_date: '1990-04-12' }).where('id', '=', member.id).execute();
    expect((await dossier(admin, member.id)).json()).toEqual({ status: 'ok', reasons: [] });
    // The day before the certificate, it did not count yet.
    const before = (await dossier(member, member.id, `?date=${shiftDay(today(), -1)}`)).json();
    expect(before.reasons).toContain('health_missing');
    expect((await dossier(member, member.id, '?date=2026-02-30')).statusCode).toBe(400);
    expect((await dossier(contributor, member.id)).statusCode).toBe(403);
  });
});

describe("the member's file in the privacy routes", () => {
  it('is in the export and erased with the account', async () => {
    const [admin, member] = [await account('Admin'), await account()];
    expect((await putLicence(admin, member.id)).statusCode).toBe(200);
    expect((await putHealth(member, member.id, [{ kind: 'pps', date: today() }])).statusCode).toBe(200);
    const exported = await ctx.app.inject({
      method: 'GET',
      url: `/api/user/export/${member.id}`,
      headers: bearer(member.token),
    });
    expect(exported.statusCode).toBe(200);
    expect(exported.json().member_file.licences).toMatchObject([LICENCE]);
    expect(exported.json().member_file.health_items).toMatchObject([{ kind: 'pps', date: today() }]);
    const page = await ctx.app.inject({
      method: 'GET',
      url: `/api/user/export/${member.id}/page.html`,
      headers: bearer(member.token),
    });
    expect(page.body).toContain('0123456');
    const erased = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/user/${member.id}`,
      headers: bearer(admin.token),
      payload: { password: 'Str0ngPassword' },
    });
    expect(erased.statusCode).toBeLessThan(300);
    const left = await Promise.all(
      (['licences', 'health_items'] as const).map((table) =>
        ctx.db.selectFrom(table).select('user_id').where('user_id', '=', member.id).execute(),
      ),
    );
    expect(left).toEqual([[], []]);
  });
});

describe("the member's file settings", () => {
  it('have their defaults and bounds', async () => {
    const admin = await account('Admin');
    const put = (payload: object) =>
      ctx.app.inject({
        method: 'PUT',
        url: '/api/internal/club-settings',
        headers: bearer(admin.token),
        payload,
      });
    const read = await ctx.app.inject({
      method: 'GET',
      url: '/api/internal/club-settings',
      headers: bearer(admin.token),
    });
    expect(read.json()).toMatchObject({
      season_start: '09-01',
      grace_end: '09-30',
      health_profile: 'code_du_sport',
      health_keep_seasons: 1,
    });
    for (const bad of [
      { season_start: '02-30' },
      { grace_end: '9-30' },
      { health_profile: 'anything' },
      { health_keep_seasons: 11 },
      { licence_types: Array.from({ length: 31 }, (_, i) => ({ name: `T${i}`, opens_competition: false })) },
      { licence_types: [{ name: '', opens_competition: false }] },
    ])
      expect((await put(bad)).statusCode, JSON.stringify(bad).slice(0, 40)).toBe(400);
    const changed = await put({
      season_start: '08-15',
      grace_end: '10-15',
      health_keep_seasons: 0,
      health_profile: 'ffck',
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({
      season_start: '08-15',
      grace_end: '10-15',
      health_keep_seasons: 0,
      health_profile: 'ffck',
    });
    await put({
      season_start: '09-01',
      grace_end: '09-30',
      health_keep_seasons: 1,
      health_profile: 'code_du_sport',
    });
  });
});
