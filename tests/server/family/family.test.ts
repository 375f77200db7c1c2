import { clubDayOf } from '@common/rules/club-time';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tellComingOfAge } from '../../../server/modules/family/coming-of-age.service';
import {
  createEvent,
  DAY,
  decline,
  holdsPlace,
  insertModel,
  saveEvent,
  subscribe,
} from '../helpers/event-fixtures';
import { bearer, createTestContext, PASSWORD, type TestContext } from '../helpers/test-context';

// Families (docs/rules.md#families): children with or without a login, their guardians, one level, and a
// guardian answering for a minor on the routes the shared rule allows, the place held by the child.
let ctx: TestContext;
let admin: Member;
let organiser: Member;
let model: string;
let serial = 0;

beforeAll(async () => {
  ctx = await createTestContext({ env: { RATE_LIMIT_LOGIN: '1000' } });
  admin = await member('Admin');
  organiser = await member('Contributor');
  model = await insertModel(ctx);
});
afterAll(() => ctx.close());

type Member = { id: string; username: string; token: string; email: string };

async function member(role: 'User' | 'Contributor' | 'Admin' = 'User'): Promise<Member> {
  serial += 1;
  const username = `fam${serial}`;
  const { id } = await ctx.createUser(username, role);
  return { id, username, email: `${username}@example.org`, token: await ctx.signIn(username) };
}

/**
 * `yyyy-mm-dd`, `years` (and `days`) before the test clock's club day: the server counts ages on the club's
 * day, which from 23:00 UTC in winter is already tomorrow in Paris.
 */
const yearsAgo = (years: number, days = 0) => {
  const date = new Date(`${clubDayOf(ctx.clock.now, ctx.config.clubTimezone)}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() - days);
  date.setUTCFullYear(date.getUTCFullYear() - years);
  return date.toISOString().slice(0, 10);
};

const addChild = (parent: Member, child: object) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/family/children',
    headers: bearer(parent.token),
    payload: child,
  });
const family = (who: Member) =>
  ctx.app.inject({ method: 'GET', url: '/api/family', headers: bearer(who.token) });
const linkGuardian = (actor: Member, childId: string, email: string) =>
  ctx.app.inject({
    method: 'POST',
    url: `/api/user/${childId}/guardians`,
    headers: bearer(actor.token),
    payload: { email },
  });
const unlink = (actor: Member, childId: string, guardianId: string) =>
  ctx.app.inject({
    method: 'DELETE',
    url: `/api/user/${childId}/guardians/${guardianId}`,
    headers: bearer(actor.token),
  });
const restrict = (actor: Member, childId: string, guardianId: string, restricted: boolean) =>
  ctx.app.inject({
    method: 'PUT',
    url: `/api/user/${childId}/guardians/${guardianId}`,
    headers: bearer(actor.token),
    payload: { restricted },
  });

const setBirthDate = (id: string, birthDate: string) =>
  ctx.db.updateTable('users').set({ birth_date: birthDate }).where('id', '=', id).execute();
const mailsTo = (address: string, kind: string) =>
  ctx.db
    .selectFrom('mail_queue')
    .select(['subject', 'body_text'])
    .where('to_address', '=', address)
    .where('kind', '=', kind)
    .execute();

/** A parent and their child (a minor without a login), made through the API. */
async function parentWithChild(firstName = 'Lou', lastName = `Le Bihan ${serial}`) {
  const parent = await member();
  const answer = await addChild(parent, {
    first_name: firstName,
    last_name: lastName,
    birth_date: yearsAgo(9),
  });
  expect(answer.statusCode).toBe(201);
  return { parent, child: answer.json() as { id: string; username: string } };
}

describe('POST /api/family/children: a child without a login', () => {
  it('is made from its names, has no email, and the caller is its guardian', async () => {
    const gwen = await member();
    const answer = await addChild(gwen, {
      first_name: 'Loù',
      last_name: 'Le Bihan',
      birth_date: yearsAgo(9),
    });
    expect(answer.statusCode).toBe(201);
    const lou = answer.json();
    expect(lou).toMatchObject({
      username: 'lou.lebihan',
      email: null,
      first_name: 'Loù',
      last_name: 'Le Bihan',
      birth_date: yearsAgo(9),
      role_name: 'User',
    });
    const row = await ctx.db
      .selectFrom('users')
      .select(['password_hash', 'email'])
      .where('id', '=', lou.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ password_hash: null, email: null });

    const mine = (await family(gwen)).json();
    expect(mine.children).toHaveLength(1);
    expect(mine.children[0]).toMatchObject({ id: lou.id, guardians: [{ id: gwen.id }] });
    expect(mine.guardians).toEqual([]);

    // Another Lou Le Bihan, born on another day: the next free username.
    const other = await addChild(await member(), {
      first_name: 'Lou',
      last_name: 'Le Bihan',
      birth_date: yearsAgo(7),
    });
    expect(other.json().username).toBe('lou.lebihan2');
  });

  it('refuses an adult, a future or a 121-year-old birth date (400 on birth_date)', async () => {
    const parent = await member();
    for (const birth_date of [yearsAgo(18), yearsAgo(-1), yearsAgo(121), '2020-02-30']) {
      const answer = await addChild(parent, { first_name: 'Max', last_name: 'Adulte', birth_date });
      expect(answer.statusCode, birth_date).toBe(400);
      expect(answer.json().field, birth_date).toBe('birth_date');
    }
    expect(
      (await addChild(parent, { first_name: 'Max', last_name: 'Mineur', birth_date: yearsAgo(17, 364) }))
        .statusCode,
    ).toBe(201);
  });

  it('the same child twice is 409 conflict: the second parent asks to be linked instead', async () => {
    const { child } = await parentWithChild('Emma', 'Péron');
    const second = await addChild(await member(), {
      first_name: 'EMMA',
      last_name: 'péron',
      birth_date: yearsAgo(9),
    });
    expect(second.statusCode).toBe(409);
    expect(second.json().code).toBe('conflict');
    expect(child.username).toBe('emma.peron');
    // The Admins are told, so they can link the second parent.
    const told = await mailsTo(admin.email, 'child_duplicate');
    expect(told.at(-1)?.body_text).toContain('EMMA péron');
    expect(told.at(-1)?.body_text).toContain(yearsAgo(9).split('-').reverse().join('/'));
  });

  it('a guarded member guards nobody: 409 guardian_loop', async () => {
    const teen = await member();
    const parent = await member();
    await setBirthDate(teen.id, yearsAgo(16));
    expect((await linkGuardian(admin, teen.id, parent.email)).statusCode).toBe(201);
    const answer = await addChild(teen, { first_name: 'Petit', last_name: 'Frère', birth_date: yearsAgo(5) });
    expect(answer.statusCode).toBe(409);
    expect(answer.json().code).toBe('guardian_loop');
  });
});

describe('guardians: linking, leaving, restricting', () => {
  it('an Admin links the other parent by email; the answer names them and nothing more', async () => {
    const { parent, child } = await parentWithChild();
    const yann = await member();
    await ctx.db
      .updateTable('users')
      .set({ first_name: 'Yann', last_name: 'Le Bihan' })
      .where('id', '=', yann.id)
      .execute();
    const answer = await linkGuardian(admin, child.id, yann.email);
    expect(answer.statusCode).toBe(201);
    expect(answer.json()).toEqual({ id: yann.id, first_name: 'Yann', last_name: 'Le Bihan' });
    const seen = (await family(yann)).json();
    expect(seen.children.map((c: { id: string }) => c.id)).toEqual([child.id]);
    expect(seen.children[0].guardians.map((g: { id: string }) => g.id).sort()).toEqual(
      [parent.id, yann.id].sort(),
    );
    // Yann is told, by name of the child and of who linked them.
    const [told] = await mailsTo(yann.email, 'guardian_linked');
    expect(told?.subject).toContain('Vous êtes responsable de Lou Le Bihan');
    expect(told?.body_text).toContain('« Ma famille »');
    // Again: nothing changes, and nobody is told twice.
    expect((await linkGuardian(admin, child.id, yann.email)).statusCode).toBe(201);
    expect(await mailsTo(yann.email, 'guardian_linked')).toHaveLength(1);
  });

  it('a guardian invites the other parent: a new account gets its invitation', async () => {
    const { parent, child } = await parentWithChild();
    const answer = await linkGuardian(parent, child.id, `autre.parent${serial}@example.org`);
    expect(answer.statusCode).toBe(201);
    const invited = await ctx.db
      .selectFrom('users')
      .select(['id', 'confirmed_at'])
      .where('email', '=', `autre.parent${serial}@example.org`)
      .executeTakeFirstOrThrow();
    expect(invited).toMatchObject({ id: answer.json().id, confirmed_at: null });
    const invitation = await ctx.db
      .selectFrom('mail_queue')
      .select('kind')
      .where('to_address', '=', `autre.parent${serial}@example.org`)
      .execute();
    expect(invitation).toEqual([{ kind: 'user_invitation' }]);
  });

  it('a stranger links nobody (403); one level only (409 guardian_loop); at most 3 guardians (409 conflict)', async () => {
    const { parent, child } = await parentWithChild();
    expect((await linkGuardian(await member(), child.id, `x${serial}@example.org`)).statusCode).toBe(403);
    // A parent is nobody's child: guarding them is refused.
    const parentAsChild = await linkGuardian(admin, parent.id, (await member()).email);
    expect(parentAsChild.statusCode).toBe(409);
    expect(parentAsChild.json().code).toBe('guardian_loop');
    // A guarded teen guards nobody.
    const teen = await member();
    await setBirthDate(teen.id, yearsAgo(15));
    expect((await linkGuardian(admin, teen.id, (await member()).email)).statusCode).toBe(201);
    const guardedParent = await linkGuardian(admin, child.id, teen.email);
    expect(guardedParent.statusCode).toBe(409);
    expect(guardedParent.json().code).toBe('guardian_loop');
    // Nobody guards themself.
    const self = await linkGuardian(admin, parent.id, parent.email);
    expect(self.json().code).toBe('guardian_loop');

    for (const extra of [await member(), await member()]) {
      expect((await linkGuardian(admin, child.id, extra.email)).statusCode).toBe(201);
    }
    const fourth = await linkGuardian(admin, child.id, (await member()).email);
    expect(fourth.statusCode).toBe(409);
    expect(fourth.json().code).toBe('conflict');
  });

  it('a guardian leaves the link; the child stays; a stranger may not end it', async () => {
    const { parent, child } = await parentWithChild();
    expect((await unlink(await member(), child.id, parent.id)).statusCode).toBe(403);
    expect((await unlink(parent, child.id, parent.id)).statusCode).toBe(200);
    expect((await family(parent)).json().children).toEqual([]);
    const row = await ctx.db
      .selectFrom('users')
      .select('deleted_at')
      .where('id', '=', child.id)
      .executeTakeFirst();
    expect(row).toEqual({ deleted_at: null });
    expect((await unlink(admin, child.id, parent.id)).statusCode).toBe(404);
  });

  it('a restricted guardian finds the child nowhere, and is among no guardians', async () => {
    const { parent, child } = await parentWithChild();
    const other = await member();
    expect((await linkGuardian(parent, child.id, other.email)).statusCode).toBe(201);
    expect((await restrict(parent, child.id, other.id, true)).statusCode).toBe(403);
    expect((await restrict(admin, child.id, other.id, true)).statusCode).toBe(200);

    expect((await family(other)).json().children).toEqual([]);
    expect((await family(parent)).json().children[0].guardians.map((g: { id: string }) => g.id)).toEqual([
      parent.id,
    ]);
    expect((await linkGuardian(other, child.id, `y${serial}@example.org`)).statusCode).toBe(404);
    const event = await createEvent(ctx, organiser.token, model, { startInMs: 3 * DAY });
    const refused = await subscribe(ctx, other.token, child.id, event.uuid_event);
    expect(refused.statusCode).toBe(404);
    expect(await holdsPlace(ctx, event.uuid_event, child.id)).toBe(false);

    expect((await restrict(admin, child.id, other.id, false)).statusCode).toBe(200);
    expect((await family(other)).json().children).toHaveLength(1);
  });

  it("deleting a guardian's account ends their links; the child stays", async () => {
    const { parent, child } = await parentWithChild();
    const deleted = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/user/${parent.id}`,
      headers: bearer(parent.token),
      payload: { password: PASSWORD },
    });
    expect(deleted.statusCode).toBe(200);
    const links = await ctx.db
      .selectFrom('guardianships')
      .selectAll()
      .where('child_id', '=', child.id)
      .execute();
    expect(links).toEqual([]);
    const row = await ctx.db
      .selectFrom('users')
      .select('deleted_at')
      .where('id', '=', child.id)
      .executeTakeFirst();
    expect(row).toEqual({ deleted_at: null });
  });
});

describe('acting for a child: the child holds the place', () => {
  it('a guardian subscribes the child, puts them on the waiting list and answers « not coming »', async () => {
    const { parent, child } = await parentWithChild();
    const event = await createEvent(ctx, organiser.token, model, { startInMs: 3 * DAY, max: 1 });
    const answer = await subscribe(ctx, parent.token, child.id, event.uuid_event);
    expect(answer.statusCode).toBe(200);
    expect(answer.json().subcribers_count).toBe(1);
    expect(await holdsPlace(ctx, event.uuid_event, child.id)).toBe(true);
    expect(await holdsPlace(ctx, event.uuid_event, parent.id)).toBe(false);

    // Full now: the parent's second child waits.
    const second = await addChild(parent, {
      first_name: 'Nina',
      last_name: `Soeur ${serial}`,
      birth_date: yearsAgo(6),
    });
    const waiting = await ctx.app.inject({
      method: 'POST',
      url: '/api/event/waiting-list',
      headers: bearer(parent.token),
      payload: { uuid_event: event.uuid_event, uuid_user: second.json().id },
    });
    expect(waiting.statusCode).toBe(200);
    expect(waiting.json().waiting_list.map((w: { uuid_user: string }) => w.uuid_user)).toEqual([
      second.json().id,
    ]);

    // « Je ne viens pas » for the first: the place goes to the second.
    const notComing = await decline(ctx, { id: child.id, token: parent.token }, event.uuid_event);
    expect(notComing.statusCode).toBe(200);
    expect(await holdsPlace(ctx, event.uuid_event, child.id)).toBe(false);
    expect(await holdsPlace(ctx, event.uuid_event, second.json().id)).toBe(true);
  });

  it('a guardian invites a guest for the child and may remove it', async () => {
    const { parent, child } = await parentWithChild();
    const event = await createEvent(ctx, organiser.token, model, { startInMs: 3 * DAY });
    expect((await subscribe(ctx, parent.token, child.id, event.uuid_event)).statusCode).toBe(200);
    const invited = await ctx.app.inject({
      method: 'POST',
      url: '/api/event/invite',
      headers: bearer(parent.token),
      payload: {
        uuid_event: event.uuid_event,
        uuid_user: child.id,
        first_name: 'Copain',
        last_name: 'De Lou',
      },
    });
    expect(invited.statusCode).toBe(200);
    expect(invited.json()).toMatchObject({ uuid_user: child.id });
    const removed = await ctx.app.inject({
      method: 'PUT',
      url: '/api/event/delete-invitation',
      headers: bearer(parent.token),
      payload: { id: invited.json().id, uuid_event: event.uuid_event },
    });
    expect(removed.statusCode).toBe(204);
  });

  it('a stranger may not; nor a guardian once the child is 18 (403 on uuid_user)', async () => {
    const { parent, child } = await parentWithChild();
    const event = await createEvent(ctx, organiser.token, model, { startInMs: 3 * DAY });
    const stranger = await subscribe(ctx, (await member()).token, child.id, event.uuid_event);
    expect(stranger.statusCode).toBe(403);
    expect(stranger.json()).toMatchObject({ code: 'forbidden', field: 'uuid_user' });
    await setBirthDate(child.id, yearsAgo(18));
    const grownUp = await subscribe(ctx, parent.token, child.id, event.uuid_event);
    expect(grownUp.statusCode).toBe(403);
    expect(await holdsPlace(ctx, event.uuid_event, child.id)).toBe(false);
  });

  it('the birth date is read and set as the profile is', async () => {
    const adult = await member();
    const update = (payload: object) =>
      ctx.app.inject({
        method: 'PUT',
        url: `/api/user/profile/update/${adult.id}`,
        headers: bearer(adult.token),
        payload,
      });
    expect((await update({ birth_date: '1990-04-12' })).json()).toMatchObject({ birth_date: '1990-04-12' });
    expect((await update({ birth_date: '1990-13-01' })).statusCode).toBe(400);
    expect((await update({ birth_date: null })).json()).toMatchObject({ birth_date: null });
  });
});

describe('messages about a child go to its guardians', () => {
  it('a cancellation: one mail per guardian, naming each of their children; none to a restricted one', async () => {
    const { parent, child: lou } = await parentWithChild('Lou', 'Message');
    const nina = (
      await addChild(parent, { first_name: 'Nina', last_name: 'Message', birth_date: yearsAgo(6) })
    ).json();
    const other = await member();
    const barred = await member();
    expect((await linkGuardian(parent, lou.id, other.email)).statusCode).toBe(201);
    expect((await linkGuardian(parent, lou.id, barred.email)).statusCode).toBe(201);
    expect((await restrict(admin, lou.id, barred.id, true)).statusCode).toBe(200);
    const event = await createEvent(ctx, organiser.token, model, { startInMs: 4 * DAY });
    for (const child of [lou, nina]) {
      expect((await subscribe(ctx, parent.token, child.id, event.uuid_event)).statusCode).toBe(200);
    }
    const cancelled = await saveEvent(ctx, organiser.token, model, event, { is_cancelled: true });
    expect(cancelled.statusCode).toBe(200);

    const toParent = await mailsTo(parent.email, 'event_cancellation');
    expect(toParent).toHaveLength(1);
    expect(toParent[0]?.body_text).toMatch(
      /^Bonjour,\n\nCe message concerne (Lou Message, Nina Message|Nina Message, Lou Message), dont vous êtes responsable\./,
    );
    const toOther = await mailsTo(other.email, 'event_cancellation');
    expect(toOther).toHaveLength(1);
    expect(toOther[0]?.body_text).toContain('Ce message concerne Lou Message,');
    expect(toOther[0]?.body_text).not.toContain('Nina');
    expect(await mailsTo(barred.email, 'event_cancellation')).toEqual([]);
    // The copy carries no answer link: answering is the child's, from the app.
    expect(toParent[0]?.body_text).not.toContain('/api/answer/');
  });

  it('stops at 18: a grown-up member is told alone', async () => {
    const { parent, child } = await parentWithChild('Adulte', 'Bientôt');
    const event = await createEvent(ctx, organiser.token, model, { startInMs: 4 * DAY });
    expect((await subscribe(ctx, parent.token, child.id, event.uuid_event)).statusCode).toBe(200);
    await setBirthDate(child.id, yearsAgo(18));
    await saveEvent(ctx, organiser.token, model, event, { is_cancelled: true });
    expect(await mailsTo(parent.email, 'event_cancellation')).toEqual([]);
  });
});

describe('at the venue: who to call for a minor', () => {
  it('those who take attendance read the guardians and their phones on the event; nobody else, and never in the week', async () => {
    const { parent, child } = await parentWithChild('Lou', 'Cale');
    await ctx.db
      .updateTable('users')
      .set({ phone: '06 12 34 56 78', first_name: 'Gwen' })
      .where('id', '=', parent.id)
      .execute();
    const event = await createEvent(ctx, organiser.token, model, { startInMs: 2 * DAY });
    expect((await subscribe(ctx, parent.token, child.id, event.uuid_event)).statusCode).toBe(200);
    const read = (who: Member) =>
      ctx.app.inject({ method: 'GET', url: `/api/event/${event.uuid_event}`, headers: bearer(who.token) });
    const entryOf = (body: { subscribers_with_stuff: Array<{ id: string }> }) =>
      body.subscribers_with_stuff.find((s) => s.id === child.id) as Record<string, unknown>;

    const seenByOrganiser = entryOf((await read(organiser)).json());
    expect(seenByOrganiser).toMatchObject({
      is_minor: true,
      guardians: [{ id: parent.id, first_name: 'Gwen', phone: '06 12 34 56 78' }],
      consents: { transport: null, emergency_care: null },
    });
    const seenByParent = entryOf((await read(parent)).json());
    expect(seenByParent).toBeDefined();
    for (const key of ['is_minor', 'guardians', 'consents']) expect(seenByParent).not.toHaveProperty(key);

    const day = (shift: number) =>
      new Date(new Date(event.start_date).getTime() + shift * DAY).toISOString().slice(0, 10);
    const week = await ctx.app.inject({
      method: 'GET',
      url: `/api/event/from/${day(-1)}/to/${day(1)}`,
      headers: bearer(organiser.token),
    });
    expect(week.body).toContain(event.uuid_event);
    expect(week.body).not.toContain('06 12 34 56 78');
    expect(week.body).not.toContain('"guardians"');
  });
});

describe('the club decides: a child gets a login, guardians invite guardians', () => {
  const clubSettings = (payload?: object) =>
    ctx.app.inject({
      method: payload ? 'PUT' : 'GET',
      url: '/api/internal/club-settings',
      headers: bearer(admin.token),
      ...(payload ? { payload } : {}),
    });
  const giveLogin = (actor: Member, childId: string, email: string) =>
    ctx.app.inject({
      method: 'PUT',
      url: `/api/user/email/${childId}`,
      headers: bearer(actor.token),
      payload: { email },
    });

  it('defaults to 15 and on; bounds 15–18', async () => {
    expect((await clubSettings()).json()).toMatchObject({
      child_login_age: 15,
      guardians_invite_guardians: true,
    });
    expect((await clubSettings({ child_login_age: 14 })).statusCode).toBe(400);
    expect((await clubSettings({ child_login_age: 19 })).statusCode).toBe(400);
  });

  it('a guardian gives a login from child_login_age; the invitation goes to the new address and signs in after', async () => {
    const { parent, child } = await parentWithChild('Ado', 'Login');
    await setBirthDate(child.id, yearsAgo(14, 300));
    const early = await giveLogin(parent, child.id, `ado${serial}@example.org`);
    expect(early.statusCode).toBe(403);
    await setBirthDate(child.id, yearsAgo(15));
    const given = await giveLogin(parent, child.id, `ado${serial}@example.org`);
    expect(given.statusCode).toBe(200);
    expect(given.json()).toMatchObject({ email: `ado${serial}@example.org`, pending_email: null });
    const [invitation] = await mailsTo(`ado${serial}@example.org`, 'user_invitation');
    const token = /\/confirm\/([A-Za-z0-9_-]+)/.exec(invitation?.body_text ?? '')?.[1];
    const confirmed = await ctx.app.inject({
      method: 'POST',
      url: `/api/user/confirm/${token}`,
      payload: { password: 'Kayak-Ado-2026' },
    });
    expect(confirmed.statusCode).toBe(200);
    const signIn = await ctx.app.inject({
      method: 'POST',
      url: '/api/user/login',
      payload: { username_or_email: child.username, password: 'Kayak-Ado-2026' },
    });
    expect(signIn.statusCode).toBe(200);
    // Its guardian still answers for it while it is a minor.
    expect((await family(parent)).json().children[0]).toMatchObject({
      id: child.id,
      email: `ado${serial}@example.org`,
    });
  });

  it('an Admin gives a login at any age; a stranger never; a raised age holds guardians back', async () => {
    const { parent, child } = await parentWithChild('Petit', 'Login');
    expect((await giveLogin(await member(), child.id, `p${serial}@example.org`)).statusCode).toBe(403);
    await setBirthDate(child.id, yearsAgo(16));
    expect((await clubSettings({ child_login_age: 17 })).statusCode).toBe(200);
    expect((await giveLogin(parent, child.id, `p${serial}@example.org`)).statusCode).toBe(403);
    expect((await clubSettings({ child_login_age: 15 })).statusCode).toBe(200);
    expect((await giveLogin(admin, child.id, admin.email)).json()).toMatchObject({ code: 'email_taken' });
    expect((await giveLogin(admin, child.id, `p${serial}@example.org`)).statusCode).toBe(200);
  });

  it('with guardians_invite_guardians off, only Admins link guardians', async () => {
    const { parent, child } = await parentWithChild();
    expect((await clubSettings({ guardians_invite_guardians: false })).statusCode).toBe(200);
    try {
      expect((await linkGuardian(parent, child.id, (await member()).email)).statusCode).toBe(403);
      expect((await linkGuardian(admin, child.id, (await member()).email)).statusCode).toBe(201);
      // The family answer says so, and the app offers nothing the server would refuse.
      expect((await family(parent)).json().may_invite_guardians).toBe(false);
      expect((await family(admin)).json().may_invite_guardians).toBe(true);
    } finally {
      await clubSettings({ guardians_invite_guardians: true });
    }
    expect((await family(parent)).json().may_invite_guardians).toBe(true);
  });
});

describe("a guardian looks after the child's account: profile, preferences, export, deletion", () => {
  const call = (who: Member, method: 'GET' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    ctx.app.inject({ method, url, headers: bearer(who.token), ...(payload ? { payload } : {}) });

  it('reads and edits the profile, sets preferences and exports the data; never the password', async () => {
    const { parent, child } = await parentWithChild('Lou', 'Dossier');
    expect((await call(parent, 'GET', `/api/user/profile/${child.id}`)).json()).toMatchObject({
      id: child.id,
    });
    const edited = await call(parent, 'PUT', `/api/user/profile/update/${child.id}`, { shoe_size: 34 });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({ shoe_size: 34 });
    const switched = await call(parent, 'PUT', `/api/user/preference/${child.id}`, {
      setting: { name: 'event_reminder', active: false },
    });
    expect(switched.statusCode).toBe(200);
    expect((await call(parent, 'GET', `/api/user/preference/${child.id}`)).statusCode).toBe(200);
    const exported = await call(parent, 'GET', `/api/user/export/${child.id}`);
    expect(exported.statusCode).toBe(200);
    expect(exported.json().profile).toMatchObject({ id: child.id, email: null });
    const password = await call(parent, 'PUT', `/api/user/password/${child.id}`, {
      password: PASSWORD,
      new_password: 'Pas-Pour-Toi-1',
    });
    expect(password.statusCode).toBe(403);
  });

  it('a stranger gets 403, a restricted guardian 404, a guardian of an adult 403', async () => {
    const { parent, child } = await parentWithChild('Lou', 'Barre');
    expect((await call(await member(), 'GET', `/api/user/profile/${child.id}`)).statusCode).toBe(403);
    const barred = await member();
    await linkGuardian(parent, child.id, barred.email);
    await restrict(admin, child.id, barred.id, true);
    expect((await call(barred, 'GET', `/api/user/profile/${child.id}`)).statusCode).toBe(404);
    expect(
      (await call(barred, 'PUT', `/api/user/profile/update/${child.id}`, { shoe_size: 30 })).statusCode,
    ).toBe(404);
    await setBirthDate(child.id, yearsAgo(18));
    expect(
      (await call(parent, 'PUT', `/api/user/profile/update/${child.id}`, { shoe_size: 30 })).statusCode,
    ).toBe(403);
  });

  it("deletes the child's account with the guardian's own password", async () => {
    const { parent, child } = await parentWithChild('Lou', 'Départ');
    expect(
      (await call(parent, 'DELETE', `/api/user/${child.id}`, { password: 'Pas-le-bon-1' })).statusCode,
    ).toBe(403);
    expect((await call(parent, 'DELETE', `/api/user/${child.id}`, { password: PASSWORD })).statusCode).toBe(
      200,
    );
    expect((await family(parent)).json().children).toEqual([]);
  });
});

describe('coming of age', () => {
  it('a member with guardians and an address is told once at 18; a child without a login, never', async () => {
    const { parent, child } = await parentWithChild('Majeur', 'Bientôt');
    const { child: silent } = await parentWithChild('Sans', 'Adresse');
    // A login given earlier and confirmed by the young member.
    await ctx.db
      .updateTable('users')
      .set({ email: `majeur${serial}@example.org`, confirmed_at: ctx.clock.now })
      .where('id', '=', child.id)
      .execute();
    const run = () => tellComingOfAge({ db: ctx.db, now: () => ctx.clock.now, config: ctx.config });
    await setBirthDate(child.id, yearsAgo(17, 364));
    await setBirthDate(silent.id, yearsAgo(18));
    expect(await run()).toBe(0);
    await setBirthDate(child.id, yearsAgo(18));
    expect(await run()).toBe(1);
    expect(await run()).toBe(0);
    const [told] = await mailsTo(`majeur${serial}@example.org`, 'came_of_age');
    expect(told?.subject).toBe('Vous avez 18 ans : votre compte est à vous');
    expect(told?.body_text).toContain('Bonjour Majeur,');
    // And the guardian's rights ended by themselves.
    const event = await createEvent(ctx, organiser.token, model, { startInMs: 3 * DAY });
    expect((await subscribe(ctx, parent.token, child.id, event.uuid_event)).statusCode).toBe(403);
  });
});
