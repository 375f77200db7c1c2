import type { ClubMember } from '@common/contract/walk-in';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Club, runInClub } from '../../../server/db/club-scope/current-club';
import { addClub } from '../helpers/clubs';
import { createEvent, DAY, insertModel, saveEvent } from '../helpers/event-fixtures';
import { bearer, createTestContext, PASSWORD, type TestContext } from '../helpers/test-context';

// The club's member list an organiser's device keeps to add a walk-in offline (docs/rules.md#checklist): for those
// who may take attendance at an upcoming event, id, first and last name and thumbnail only, hidden members included.
const PATH = '/api/event/checklist/members';
const HOST_2 = 'aviron-vannes.example.org';
let ctx: TestContext;
let second: Club;
let model: string;
const ids: Record<string, string> = {};
const tokens: Record<string, string> = {};

const on = (host: string, options: InjectOptions) =>
  ctx.app.inject({ ...options, headers: { ...options.headers, host } });
const list = (token: string | null, host = 'localhost') =>
  on(host, { method: 'GET', url: PATH, headers: token ? bearer(token) : {} });
const named = async (username: string, first: string | null, last: string | null) => {
  await ctx.db
    .updateTable('users')
    .set({ first_name: first, last_name: last })
    .where('username', '=', username)
    .execute();
};

beforeAll(async () => {
  ctx = await createTestContext({ env: { RATE_LIMIT_LOGIN: '1000' } });
  second = await addClub(ctx, HOST_2, 'Aviron de Vannes');
  for (const [name, role] of [
    ['ann', 'Contributor'],
    ['cleo', 'Contributor'],
    ['ben', 'Contributor'],
    ['past', 'Contributor'],
    ['demoted', 'Contributor'],
    ['boss', 'Admin'],
    ['root', 'SuperAdmin'],
    ['user', 'User'],
    ['hidden', 'User'],
    ['gone', 'User'],
    ['nameless', 'User'],
  ] as const) {
    ids[name] = (await ctx.createUser(name, role)).id;
    tokens[name] = await ctx.signIn(name);
  }
  await named('ann', 'Ann', 'Le Goff');
  await named('hidden', 'Lou', 'Caché');
  await named('gone', 'Yves', 'Parti');
  await named('nameless', null, null);
  await ctx.db
    .updateTable('users')
    .set({ hidden_from_members: true })
    .where('id', '=', ids.hidden as string)
    .execute();
  await ctx.db
    .updateTable('users')
    .set({ is_revoked: true })
    .where('id', '=', ids.gone as string)
    .execute();
  model = await insertModel(ctx, 'Sortie rivière');
  // Ann's upcoming outing, co-organised by Cleo; a past one of Past's; one of Demoted's, since made User.
  const upcoming = await createEvent(ctx, tokens.ann as string, model, { startInMs: 2 * DAY });
  const saved = await saveEvent(ctx, tokens.ann as string, model, upcoming, { co_organisers: [ids.cleo] });
  expect(saved.statusCode).toBe(200);
  await createEvent(ctx, tokens.demoted as string, model, { startInMs: 3 * DAY });
  await ctx.db
    .updateTable('users')
    .set({ role_name: 'User' })
    .where('id', '=', ids.demoted as string)
    .execute();
  const now = ctx.clock.now;
  ctx.clock.now = new Date(now.getTime() - 10 * DAY);
  await createEvent(ctx, tokens.past as string, model, { startInMs: DAY });
  // Past's other event, upcoming but cancelled: no attendance is taken at it.
  const cancelled = await createEvent(ctx, tokens.past as string, model, { startInMs: 12 * DAY });
  expect(
    (await saveEvent(ctx, tokens.past as string, model, cancelled, { is_cancelled: true })).statusCode,
  ).toBe(200);
  ctx.clock.now = now;
}, 60_000);
afterAll(() => ctx.close());

describe("the club's member list for walk-ins offline", () => {
  it('answers those who take attendance at an upcoming event, and refuses everyone else', async () => {
    const seen: Record<string, number> = {};
    for (const who of ['ann', 'cleo', 'boss', 'root', 'ben', 'past', 'demoted', 'user'])
      seen[who] = (await list(tokens[who] as string)).statusCode;
    seen['signed out'] = (await list(null)).statusCode;
    expect(seen).toEqual({
      ann: 200,
      cleo: 200,
      boss: 200,
      root: 200,
      ben: 403,
      past: 403,
      demoted: 403,
      user: 403,
      'signed out': 401,
    });
    expect((await list(tokens.user as string)).json()).toMatchObject({ code: 'forbidden' });
  });

  it('gives exactly id, first and last name and thumbnail, hidden members included', async () => {
    const members: ClubMember[] = (await list(tokens.cleo as string)).json();
    for (const member of members)
      expect(Object.keys(member).sort()).toEqual(['first_name', 'id', 'last_name', 'thumbnail']);
    const hidden = members.find((m) => m.id === ids.hidden);
    expect(hidden).toEqual({
      id: ids.hidden,
      first_name: 'Lou',
      last_name: 'Caché',
      thumbnail: `/files/profile/thumbnail-${ids.hidden}.png`,
    });
    expect(members.map((m) => m.id)).toContain(ids.ann);
    // A revoked account and one with no name at all are not people to find.
    expect(members.map((m) => m.id)).not.toContain(ids.gone);
    expect(members.map((m) => m.id)).not.toContain(ids.nameless);
    const body = JSON.stringify(members);
    for (const secret of ['email', 'phone', 'username', 'role_name', 'hidden_from_members'])
      expect(body).not.toContain(secret);
  });

  it('gives an upcoming event that has ended no right', async () => {
    const now = ctx.clock.now;
    ctx.clock.now = new Date(now.getTime() + 5 * DAY);
    try {
      expect((await list(tokens.ann as string)).statusCode).toBe(403);
      // Admins too take attendance only at events to come.
      expect((await list(tokens.boss as string)).statusCode).toBe(403);
    } finally {
      ctx.clock.now = now;
    }
  });

  it("lists only the host's club: a token from elsewhere is 401, and no member crosses", async () => {
    expect((await list(tokens.ann as string, HOST_2)).statusCode).toBe(401);
    const boss2 = (
      await on(HOST_2, {
        method: 'POST',
        url: '/api/user/login',
        payload: { username_or_email: 'boss', password: PASSWORD },
      })
    ).json<{ token: string }>().token;
    // Club 2 has no upcoming event yet: its SuperAdmin takes attendance at none.
    expect((await list(boss2, HOST_2)).statusCode).toBe(403);
    const model2 = await runInClub(second, () => insertModel(ctx, 'Aviron'));
    const start = new Date(ctx.clock.now.getTime() + DAY);
    const created = await on(HOST_2, {
      method: 'POST',
      url: '/api/event/add-or-update',
      headers: bearer(boss2),
      payload: {
        uuid_model_event: model2,
        start_date: start.toISOString(),
        end_date: new Date(start.getTime() + 2 * 3_600_000).toISOString(),
        max_subscribers: 10,
      },
    });
    expect(created.statusCode).toBe(200);
    await runInClub(second, () =>
      ctx.db
        .updateTable('users')
        .set({ first_name: 'Bo', last_name: 'Ss' })
        .where('username', '=', 'boss')
        .execute(),
    );
    const members: ClubMember[] = (await list(boss2, HOST_2)).json();
    expect(members.map((m) => [m.first_name, m.last_name])).toEqual([['Bo', 'Ss']]);
    const clubOne = new Set(Object.values(ids));
    expect(members.filter((m) => clubOne.has(m.id))).toEqual([]);
    // And club 1's list holds nobody of club 2.
    const ours: ClubMember[] = (await list(tokens.boss as string)).json();
    expect(ours.map((m) => m.id)).not.toContain(members[0]?.id);
  });
});
