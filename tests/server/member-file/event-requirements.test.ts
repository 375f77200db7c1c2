import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEvent, holdsPlace, insertModel, joinWaitingList } from '../helpers/event-fixtures';
import { bearer, createTestContext, type TestContext } from '../helpers/test-context';
import {
  type Account,
  account,
  asks,
  putHealth,
  putLicence,
  setModelRule,
  subscribeAs,
} from './file-fixtures';

// Models that require a member's file, and the subscribe and waiting-list checks (docs/rules.md#members-file).
let ctx: TestContext;
let organiser: Account;

beforeAll(async () => {
  ctx = await createTestContext({ env: { RATE_LIMIT_LOGIN: '1000' } });
  ctx.clock.now = new Date('2026-10-05T08:00:00Z');
  organiser = await account(ctx, 'Contributor');
});
afterAll(() => ctx.close());

const CACI = { kind: 'caci', date: '2026-09-20', competition: false };

/** An event tomorrow on a fresh model asking `requirements`, created by the organiser. */
async function eventAsking(named: Parameters<typeof asks>[0], enforcement: 'warn' | 'block', max = 10) {
  const model = await insertModel(ctx, `Modèle ${Math.random()}`);
  await setModelRule(ctx, organiser, model, asks(named), enforcement);
  return (await createEvent(ctx, organiser.token, model, { max })).uuid_event as string;
}

const auditOf = (memberId: string) =>
  ctx.db
    .selectFrom('account_audit')
    .select(['action', 'actor_id', 'what', 'event_uuid'])
    .where('target_id', '=', memberId)
    .execute();

describe('models that require', () => {
  it('are written and read with their requirements; absent keeps them, null asks nothing', async () => {
    const add = (who: Account, payload: object) =>
      ctx.app.inject({ method: 'POST', url: '/api/event/model/add', headers: bearer(who.token), payload });
    const update = (payload: object) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/event/model/update',
        headers: bearer(organiser.token),
        payload,
      });
    const sea = asks({ licence: true, savoir_nager: true });
    const created = await add(organiser, {
      name: 'Mer',
      description: 'Sortie en mer',
      requirements: sea,
      enforcement: 'block',
    });
    expect(created.statusCode).toBe(200);
    const uuid = created.json().uuid;
    expect(created.json()).toMatchObject({ requirements: sea, enforcement: 'block' });
    const renamed = await update({ uuid, name: 'Mer formée', description: 'Au club' });
    expect(renamed.json()).toMatchObject({ name: 'Mer formée', requirements: sea, enforcement: 'block' });
    const listed = await ctx.app.inject({
      method: 'GET',
      url: '/api/event/model',
      headers: bearer(organiser.token),
    });
    expect(listed.json().find((m: { uuid: string }) => m.uuid === uuid)).toMatchObject({
      requirements: sea,
      enforcement: 'block',
    });
    const cleared = await update({
      uuid,
      name: 'Mer',
      description: 'Au club',
      requirements: null,
      enforcement: 'warn',
    });
    expect(cleared.json()).toMatchObject({ requirements: null, enforcement: 'warn' });
    const plain = await add(organiser, { name: 'Balade', description: 'Au club' });
    expect(plain.json()).toMatchObject({ requirements: null, enforcement: 'warn' });
    expect((await add(await account(ctx), { name: 'Non', description: 'Au club' })).statusCode).toBe(403);
    const wrong = await add(organiser, { name: 'Faux', description: 'Au club', enforcement: 'refuse' });
    expect(wrong.statusCode).toBe(400);
  });
});

describe('subscribing to an event whose model requires a file', () => {
  it('under block: 409 dossier_incomplete with the reasons, in words per Accept-Language; then the file fixed, 200', async () => {
    const event = await eventAsking({ health: true }, 'block');
    const member = await account(ctx);
    const fr = await subscribeAs(ctx, member, member.id, event);
    expect(fr.statusCode).toBe(409);
    expect(fr.json()).toEqual({
      code: 'dossier_incomplete',
      field: null,
      reasons: ['health_missing'],
      message: "Le dossier n'est pas complet pour cet évènement. Il manque les papiers de santé.",
    });
    const en = await subscribeAs(ctx, member, member.id, event, {}, 'en');
    expect(en.json().message).toBe(
      "The member's file is not complete for this event. The health papers are missing.",
    );
    expect(await holdsPlace(ctx, event, member.id)).toBe(false);
    expect((await putHealth(ctx, member, member.id, [CACI])).statusCode).toBe(200);
    const fixed = await subscribeAs(ctx, member, member.id, event);
    expect(fixed.statusCode).toBe(200);
    expect(fixed.json()).not.toHaveProperty('warnings');
    expect(fixed.json()).toMatchObject({ requirements: asks({ health: true }), enforcement: 'block' });
    expect(await holdsPlace(ctx, event, member.id)).toBe(true);
  });

  it('under warn: 200 with the reasons as warnings; a complete file answers no warnings key', async () => {
    const event = await eventAsking({ licence: true, health: true }, 'warn');
    const member = await account(ctx);
    const warned = await subscribeAs(ctx, member, member.id, event);
    expect(warned.statusCode).toBe(200);
    expect(warned.json().warnings).toEqual(['licence_missing', 'health_missing']);
    expect(await holdsPlace(ctx, event, member.id)).toBe(true);
    const plain = await eventAsking({}, 'block');
    const free = await subscribeAs(ctx, member, member.id, plain);
    expect(free.statusCode).toBe(200);
    expect(free.json()).not.toHaveProperty('warnings');
    expect(free.json().requirements).toBeNull();
  });

  it('replayed from the outbox: the same answers', async () => {
    const blocking = await eventAsking({ health: true }, 'block');
    const warning = await eventAsking({ health: true }, 'warn');
    const member = await account(ctx);
    const item = (uuidEvent: string, key: string) => ({
      method: 'PUT',
      path: '/api/event/subscribe/status',
      body: { uuid_event: uuidEvent, uuid_user: member.id, subscribe: true },
      idempotencyKey: key,
    });
    const replayed = await ctx.app.inject({
      method: 'POST',
      url: '/api/replay',
      headers: { ...bearer(member.token), 'accept-language': 'en' },
      payload: { writes: [item(blocking, `block-${member.id}`), item(warning, `warn-${member.id}`)] },
    });
    expect(replayed.statusCode).toBe(200);
    const [refused, kept] = replayed.json().answers;
    expect(refused).toMatchObject({
      status: 409,
      body: { code: 'dossier_incomplete', reasons: ['health_missing'] },
    });
    expect(kept).toMatchObject({ status: 200, body: { warnings: ['health_missing'] } });
    expect(await holdsPlace(ctx, blocking, member.id)).toBe(false);
    expect(await holdsPlace(ctx, warning, member.id)).toBe(true);
  });

  it('the waiting list is checked alike: block 409, warn 200 with warnings', async () => {
    const first = await account(ctx);
    await putHealth(ctx, first, first.id, [CACI]);
    const member = await account(ctx);
    for (const enforcement of ['block', 'warn'] as const) {
      const event = await eventAsking({ health: true }, enforcement, 1);
      expect((await subscribeAs(ctx, first, first.id, event)).statusCode).toBe(200);
      const joined = await joinWaitingList(ctx, member, event);
      if (enforcement === 'block') {
        expect(joined.statusCode).toBe(409);
        expect(joined.json()).toMatchObject({ code: 'dossier_incomplete', reasons: ['health_missing'] });
      } else {
        expect(joined.statusCode).toBe(200);
        expect(joined.json().warnings).toEqual(['health_missing']);
        expect(joined.json().waiting_list.map((w: { uuid_user: string }) => w.uuid_user)).toEqual([
          member.id,
        ]);
      }
    }
  });
});

describe('override', () => {
  it('by the creator passes, answers no warnings and is kept in the account audit with who acted', async () => {
    const event = await eventAsking({ health: true }, 'block');
    const member = await account(ctx);
    const passed = await subscribeAs(ctx, organiser, member.id, event, { override: true });
    expect(passed.statusCode).toBe(200);
    expect(passed.json()).not.toHaveProperty('warnings');
    expect(await holdsPlace(ctx, event, member.id)).toBe(true);
    expect(await auditOf(member.id)).toEqual([
      { action: 'acted_for', actor_id: organiser.id, what: 'subscribe_override', event_uuid: event },
    ]);
  });

  it('by a plain member is refused: 409 for themself, 403 for someone else; without it an organiser is 403', async () => {
    const event = await eventAsking({ health: true }, 'block');
    const [member, other] = [await account(ctx), await account(ctx)];
    const own = await subscribeAs(ctx, member, member.id, event, { override: true });
    expect(own.statusCode).toBe(409);
    expect(own.json().code).toBe('dossier_incomplete');
    expect((await subscribeAs(ctx, member, other.id, event, { override: true })).statusCode).toBe(403);
    expect((await subscribeAs(ctx, organiser, other.id, event)).statusCode).toBe(403);
    expect(await holdsPlace(ctx, event, member.id)).toBe(false);
    expect(await holdsPlace(ctx, event, other.id)).toBe(false);
    expect(await auditOf(member.id)).toEqual([]);
  });

  it('reads the reasons as organisers do for one who is not an Admin (caci_required as health_missing)', async () => {
    const admin = await account(ctx, 'Admin');
    const event = await eventAsking({ health: true }, 'warn');
    const member = await account(ctx);
    // Two seasons in a row: the renewal asks the QS-SPORT, whose « oui » asks a recent CACI.
    for (const season of ['2025-2026', '2026-2027'])
      expect((await putLicence(ctx, admin, member.id, season)).statusCode).toBe(200);
    await putHealth(ctx, member, member.id, [{ kind: 'qs_sport', date: '2026-09-10', all_no: false }]);
    const byOrganiser = await subscribeAs(ctx, organiser, member.id, event, { override: true });
    expect(byOrganiser.json().warnings).toEqual(['health_missing']);
    expect(await auditOf(member.id)).toMatchObject([{ actor_id: organiser.id, what: 'subscribe' }]);
    const second = await eventAsking({ health: true }, 'warn');
    expect((await subscribeAs(ctx, admin, member.id, second, { override: true })).json().warnings).toEqual([
      'caci_required',
    ]);
    const third = await eventAsking({ health: true }, 'warn');
    expect((await subscribeAs(ctx, member, member.id, third)).json().warnings).toEqual(['caci_required']);
  });
});

describe('a guardian for a child', () => {
  it('is refused under block until the questionnaire attestation is recorded, then subscribes', async () => {
    const parent = await account(ctx);
    const born = '2016-05-02';
    const made = await ctx.app.inject({
      method: 'POST',
      url: '/api/family/children',
      headers: bearer(parent.token),
      payload: { first_name: 'Lou', last_name: 'Requis', birth_date: born },
    });
    expect(made.statusCode).toBe(201);
    const child: string = made.json().id;
    const event = await eventAsking({ health: true }, 'block');
    const refused = await subscribeAs(ctx, parent, child, event);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().reasons).toEqual(['health_missing']);
    const signed = { kind: 'minor_questionnaire', date: '2026-09-15', signed_by: 'Gwen Requis' };
    expect((await putHealth(ctx, parent, child, [signed])).statusCode).toBe(200);
    const passed = await subscribeAs(ctx, parent, child, event);
    expect(passed.statusCode).toBe(200);
    expect(passed.json()).not.toHaveProperty('warnings');
    expect(await holdsPlace(ctx, event, child)).toBe(true);
  });
});
