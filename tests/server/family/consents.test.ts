import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seasonOf } from '../../../src/common/rules/consents';
import { createEvent, insertModel, subscribe } from '../helpers/event-fixtures';
import { bearer, createTestContext, type TestContext } from '../helpers/test-context';

// Consents per season (docs/rules.md#families): written by an unrestricted guardian, withdrawn by either at
// once, read by the member, their guardians, Admins and those who take attendance for an event the child
// holds a place in; the transport and emergency-care answers reach the checklist.
let ctx: TestContext;
let serial = 0;
let model: string;
type Account = { id: string; token: string };

beforeAll(async () => {
  ctx = await createTestContext({ env: { RATE_LIMIT_LOGIN: '1000' } });
  model = await insertModel(ctx);
});
afterAll(() => ctx.close());

async function account(
  role: 'User' | 'Contributor' | 'Admin' = 'User',
  firstName?: string,
): Promise<Account> {
  serial += 1;
  const { id } = await ctx.createUser(`consent${serial}`, role);
  if (firstName)
    await ctx.db.updateTable('users').set({ first_name: firstName }).where('id', '=', id).execute();
  return { id, token: await ctx.signIn(`consent${serial}`) };
}

/** A child of `ageInYears` made by `parent` through the API. */
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
      last_name: `Enfant ${serial}`,
      birth_date: born.toISOString().slice(0, 10),
    },
  });
  expect(made.statusCode).toBe(201);
  return made.json().id;
}

const consents = (who: Account, childId: string, payload?: object, query = '') =>
  ctx.app.inject({
    method: payload ? 'PUT' : 'GET',
    url: `/api/user/${childId}/consents${query}`,
    headers: bearer(who.token),
    ...(payload ? { payload } : {}),
  });
const season = () => seasonOf(ctx.clock.now.toISOString().slice(0, 10));

describe('consents per season', () => {
  it('a guardian gives some; only the keys sent change; by and at are the server’s', async () => {
    const gwen = await account('User', 'Gwen');
    const lou = await childOf(gwen, 9);
    const empty = await consents(gwen, lou);
    expect(empty.statusCode).toBe(200);
    expect(empty.json()).toEqual({
      season: season(),
      practice: null,
      transport: null,
      emergency_care: null,
      photo: null,
      photo_child_agrees: null,
      photo_allowed: false,
    });

    const given = await consents(gwen, lou, { season: season(), practice: true, transport: true });
    expect(given.statusCode).toBe(200);
    expect(given.json()).toMatchObject({
      practice: { given: true, by: { id: gwen.id, first_name: 'Gwen' }, at: ctx.clock.now.toISOString() },
      transport: { given: true },
      emergency_care: null,
    });
    const more = await consents(gwen, lou, { season: season(), emergency_care: false });
    expect(more.json()).toMatchObject({
      practice: { given: true },
      transport: { given: true },
      emergency_care: { given: false, by: { id: gwen.id } },
    });
  });

  it('under 15, photos need the child’s own agreement too; from 15, the guardians’ alone', async () => {
    const parent = await account();
    const young = await childOf(parent, 12);
    const photoOnly = await consents(parent, young, { season: season(), photo: true });
    expect(photoOnly.json()).toMatchObject({ photo: { given: true }, photo_allowed: false });
    const agreed = await consents(parent, young, { season: season(), photo_child_agrees: true });
    expect(agreed.json()).toMatchObject({ photo_child_agrees: { given: true }, photo_allowed: true });

    const older = await childOf(parent, 16);
    expect((await consents(parent, older, { season: season(), photo: true })).json()).toMatchObject({
      photo_allowed: true,
    });
  });

  it('either guardian withdraws at once; the answer names who did', async () => {
    const gwen = await account('User', 'Gwen');
    const yann = await account('User', 'Yann');
    const lou = await childOf(gwen, 10);
    const admin = await account('Admin');
    const email = (
      await ctx.db.selectFrom('users').select('email').where('id', '=', yann.id).executeTakeFirst()
    )?.email as string;
    const linked = await ctx.app.inject({
      method: 'POST',
      url: `/api/user/${lou}/guardians`,
      headers: bearer(admin.token),
      payload: { email },
    });
    expect(linked.statusCode).toBe(201);
    await consents(gwen, lou, { season: season(), transport: true });
    const withdrawn = await consents(yann, lou, { season: season(), transport: false });
    expect(withdrawn.statusCode).toBe(200);
    expect((await consents(gwen, lou)).json().transport).toMatchObject({
      given: false,
      by: { id: yann.id, first_name: 'Yann' },
    });

    // The child's data export carries its guardians and the answers; a guardian's, their children.
    const exported = (who: Account, id: string) =>
      ctx.app.inject({ method: 'GET', url: `/api/user/export/${id}`, headers: bearer(who.token) });
    const childFile = (await exported(gwen, lou)).json();
    expect(childFile.profile.birth_date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(childFile.family.guardians.map((g: { first_name: string }) => g.first_name).sort()).toEqual([
      'Gwen',
      'Yann',
    ]);
    expect(childFile.family.consents).toEqual([
      { season: season(), kind: 'transport', given: false, given_at: ctx.clock.now.toISOString() },
    ]);
    expect((await exported(yann, yann.id)).json().family).toMatchObject({
      children: [{ id: lou }],
      consents: [],
    });
  });

  it('seasons are kept apart; a malformed season or a non-boolean is 400', async () => {
    const parent = await account();
    const lou = await childOf(parent, 8);
    await consents(parent, lou, { season: '2030-2031', practice: true });
    expect((await consents(parent, lou, undefined, '?season=2030-2031')).json().practice).toMatchObject({
      given: true,
    });
    expect((await consents(parent, lou)).json().practice).toBeNull();
    for (const bad of [
      { season: '2030-2032', practice: true },
      { season: '2030', practice: true },
    ]) {
      expect((await consents(parent, lou, bad)).statusCode).toBe(400);
    }
    expect((await consents(parent, lou, { season: season(), practice: 'oui' })).statusCode).toBe(400);
    expect((await consents(parent, lou, undefined, '?season=demain')).statusCode).toBe(400);
  });

  it('who reads and who writes: the child, strangers, Admins, organisers, restricted guardians, adults', async () => {
    const parent = await account();
    const other = await account();
    const lou = await childOf(parent, 11);
    const admin = await account('Admin');
    const stranger = await account();
    const organiser = await account('Contributor');
    const outsider = await account('Contributor');

    expect((await consents(stranger, lou)).statusCode).toBe(403);
    // A member reads their own; nobody answers for themself (the child with a login included).
    expect((await consents(stranger, stranger.id)).statusCode).toBe(200);
    expect((await consents(stranger, stranger.id, { season: season(), photo: true })).statusCode).toBe(403);
    expect((await consents(stranger, lou, { season: season(), practice: true })).statusCode).toBe(403);
    expect((await consents(admin, lou)).statusCode).toBe(200);
    // Admins read, never answer in the guardians' place.
    expect((await consents(admin, lou, { season: season(), practice: true })).statusCode).toBe(403);

    // An organiser reads once the child holds a place in their event; another organiser does not.
    expect((await consents(organiser, lou)).statusCode).toBe(403);
    const event = await createEvent(ctx, organiser.token, model, { startInMs: 86_400_000 });
    expect((await subscribe(ctx, parent.token, lou, event.uuid_event)).statusCode).toBe(200);
    expect((await consents(organiser, lou)).statusCode).toBe(200);
    expect((await consents(outsider, lou)).statusCode).toBe(403);
    expect((await consents(organiser, lou, { season: season(), practice: true })).statusCode).toBe(403);

    // A restricted guardian finds no such member.
    const email = (
      await ctx.db.selectFrom('users').select('email').where('id', '=', other.id).executeTakeFirst()
    )?.email as string;
    await ctx.app.inject({
      method: 'POST',
      url: `/api/user/${lou}/guardians`,
      headers: bearer(admin.token),
      payload: { email },
    });
    await ctx.app.inject({
      method: 'PUT',
      url: `/api/user/${lou}/guardians/${other.id}`,
      headers: bearer(admin.token),
      payload: { restricted: true },
    });
    expect((await consents(other, lou)).statusCode).toBe(404);
    expect((await consents(other, lou, { season: season(), practice: false })).statusCode).toBe(404);

    // Unknown member: 404. From the 18th birthday, the guardians no longer answer (403).
    expect((await consents(parent, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    const grown = await childOf(parent, 17);
    const eighteenYearsAgo = new Date(ctx.clock.now);
    eighteenYearsAgo.setUTCFullYear(eighteenYearsAgo.getUTCFullYear() - 18);
    await ctx.db
      .updateTable('users')
      .set({ birth_date: eighteenYearsAgo.toISOString().slice(0, 10) })
      .where('id', '=', grown)
      .execute();
    expect((await consents(parent, grown, { season: season(), practice: true })).statusCode).toBe(403);
  });

  it('the checklist reads this season’s transport and emergency-care answers for a minor', async () => {
    const parent = await account();
    const organiser = await account('Contributor');
    const lou = await childOf(parent, 9);
    await consents(parent, lou, { season: season(), transport: true, emergency_care: false, photo: true });
    const event = await createEvent(ctx, organiser.token, model, { startInMs: 2 * 86_400_000 });
    await subscribe(ctx, parent.token, lou, event.uuid_event);
    const read = await ctx.app.inject({
      method: 'GET',
      url: `/api/event/${event.uuid_event}`,
      headers: bearer(organiser.token),
    });
    const entry = read.json().subscribers_with_stuff.find((s: { id: string }) => s.id === lou);
    expect(entry.consents).toEqual({ transport: true, emergency_care: false });
  });
});
