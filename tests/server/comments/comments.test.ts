import { randomUUID } from 'node:crypto';
import { type Comment, commentListSchema, commentSchema } from '@common/contract/comments';
import { REPLAYABLE_PATTERNS } from '@common/rules/replays';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addClub } from '../helpers/clubs';
import {
  createEvent,
  DAY,
  HOUR,
  insertModel,
  type Member,
  members,
  organiserAndMembers,
  saveEvent,
} from '../helpers/event-fixtures';
import { bearer, createTestContext, PASSWORD, type TestContext } from '../helpers/test-context';

// An event's thread (docs/rules.md#talking-around-an-event): who reads, writes, edits and deletes; plain text
// only; posted once however often the outbox sends it; closed 7 days after the event; 30 an hour per member.
let ctx: TestContext;
let model: string;
let organiser: Member;
let people: Member[];
let admin: Member;

beforeAll(async () => {
  ctx = await createTestContext({ env: { RATE_LIMIT_LOGIN: '1000' } });
  model = await insertModel(ctx, 'Kayak');
  ({ organiser, people } = await organiserAndMembers(ctx, 'talk', 4));
  await ctx.createUser('talkboss', 'Admin');
  admin = { id: '', username: 'talkboss', token: await ctx.signIn('talkboss') };
  for (const [i, who] of [organiser, ...people].entries()) {
    await ctx.db
      .updateTable('users')
      .set({ first_name: ['Maëlle', 'Gwen', 'Yann', 'Nolwenn', 'Erwan'][i] ?? 'X', last_name: 'Le Bihan' })
      .where('id', '=', who.id)
      .execute();
  }
});
afterAll(() => ctx.close());

const post = (token: string, eventUuid: string, payload: unknown, key?: string) =>
  ctx.app.inject({
    method: 'POST',
    url: `/api/event/${eventUuid}/comments`,
    headers: { ...bearer(token), ...(key ? { 'idempotency-key': key } : {}) },
    payload: payload as object,
  });
const thread = async (token: string, eventUuid: string): Promise<Comment[]> => {
  const response = await ctx.app.inject({
    method: 'GET',
    url: `/api/event/${eventUuid}/comments`,
    headers: bearer(token),
  });
  expect(response.statusCode).toBe(200);
  return commentListSchema.parse(response.json());
};
const edit = (token: string, id: string, text: string) =>
  ctx.app.inject({
    method: 'PUT',
    url: `/api/event/comment/${id}`,
    headers: bearer(token),
    payload: { text },
  });
const remove = (token: string, id: string) =>
  ctx.app.inject({ method: 'DELETE', url: `/api/event/comment/${id}`, headers: bearer(token) });
const who = (index: number): Member => {
  const member = people[index];
  if (!member) throw new Error(`no member ${index}`);
  return member;
};

describe('a thread', () => {
  it('takes comments from any member and answers them oldest first, with the count on the event', async () => {
    const event = await createEvent(ctx, organiser.token, model);
    const first = await post(who(0).token, event.uuid_event, { text: 'Qui amène la remorque ?' });
    expect(first.statusCode).toBe(201);
    const comment = commentSchema.parse(first.json());
    expect(comment.author).toMatchObject({ id: who(0).id, first_name: 'Gwen', last_name: 'Le Bihan' });
    expect(comment.author.thumbnail).toContain(who(0).id);
    expect(comment.edited_at).toBeNull();
    ctx.clock.now = new Date(ctx.clock.now.getTime() + 1000);
    expect((await post(organiser.token, event.uuid_event, { text: '  Moi, départ 9 h  ' })).statusCode).toBe(
      201,
    );
    const read = await thread(who(1).token, event.uuid_event);
    expect(read.map((c) => c.text)).toEqual(['Qui amène la remorque ?', 'Moi, départ 9 h']);
    const eventRead = await ctx.app.inject({
      method: 'GET',
      url: `/api/event/${event.uuid_event}`,
      headers: bearer(who(1).token),
    });
    expect(eventRead.json().comments_count).toBe(2);
  });

  it('lets the author edit (marked edited), and refuses anyone else', async () => {
    const event = await createEvent(ctx, organiser.token, model);
    const { id } = (
      await post(who(0).token, event.uuid_event, { text: 'Covoiturage depuis Quimper ?' })
    ).json();
    expect((await edit(who(1).token, id, 'pris')).statusCode).toBe(403);
    expect((await edit(organiser.token, id, 'pris')).statusCode).toBe(403);
    const edited = await edit(who(0).token, id, 'Covoiturage depuis Quimper ou Brest ?');
    expect(edited.statusCode).toBe(200);
    expect(edited.json().edited_at).not.toBeNull();
    expect(edited.json().text).toBe('Covoiturage depuis Quimper ou Brest ?');
  });

  it('lets the author, the organisers and an Admin delete, and nobody else', async () => {
    const event = await createEvent(ctx, organiser.token, model);
    const ids = [];
    for (let i = 0; i < 3; i++)
      ids.push((await post(who(0).token, event.uuid_event, { text: `m${i}` })).json().id);
    expect((await remove(who(1).token, ids[0])).statusCode).toBe(403);
    expect((await remove(who(0).token, ids[0])).statusCode).toBe(200);
    expect((await remove(organiser.token, ids[1])).statusCode).toBe(200);
    expect((await remove(admin.token, ids[2])).statusCode).toBe(200);
    expect(await thread(who(0).token, event.uuid_event)).toEqual([]);
    expect((await remove(admin.token, ids[2])).statusCode).toBe(404);
  });

  it('keeps text as text: a <script> comes back as typed', async () => {
    const event = await createEvent(ctx, organiser.token, model);
    const text = '<script>alert(1)</script> & <b>gras</b>';
    expect((await post(who(0).token, event.uuid_event, { text })).json().text).toBe(text);
  });

  it('refuses 2,001 characters, control characters and bidirectional overrides (400)', async () => {
    const event = await createEvent(ctx, organiser.token, model);
    for (const text of ['x'.repeat(2001), '', '   ', 'bip\u0007', 'nom\u202Eevil', 'a\u2066b', 'c1\u0085']) {
      const response = await post(who(0).token, event.uuid_event, { text });
      expect(response.statusCode, JSON.stringify(text)).toBe(400);
      expect(response.json().code).toBe('invalid_input');
    }
    expect((await post(who(0).token, event.uuid_event, { text: 'x'.repeat(2000) })).statusCode).toBe(201);
    expect((await post(who(0).token, event.uuid_event, { text: 'deux\nlignes\tet tab' })).statusCode).toBe(
      201,
    );
  });

  it('is 404 for an event that does not exist, and goes with a deleted event', async () => {
    expect((await post(who(0).token, randomUUID(), { text: 'hé' })).statusCode).toBe(404);
    const event = await createEvent(ctx, organiser.token, model);
    await post(who(0).token, event.uuid_event, { text: 'bientôt supprimé' });
    expect((await saveEvent(ctx, organiser.token, model, event, { is_cancelled: true })).statusCode).toBe(
      200,
    );
    // A cancelled event's thread stays open.
    expect((await post(who(1).token, event.uuid_event, { text: 'dommage' })).statusCode).toBe(201);
    const deleted = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/event/delete/${event.uuid_event}`,
      headers: bearer(organiser.token),
    });
    expect(deleted.statusCode).toBe(204);
    const gone = await ctx.app.inject({
      method: 'GET',
      url: `/api/event/${event.uuid_event}/comments`,
      headers: bearer(who(0).token),
    });
    expect(gone.statusCode).toBe(404);
    const left = await ctx.db
      .selectFrom('event_comments')
      .select('id')
      .where('event_uuid', '=', event.uuid_event)
      .execute();
    expect(left).toEqual([]);
  });
});

describe('another club', () => {
  it("cannot read, write, edit or delete in a club's threads (404)", async () => {
    const event = await createEvent(ctx, organiser.token, model);
    const { id } = (await post(who(0).token, event.uuid_event, { text: 'chez nous' })).json();
    const host = 'aviron-talk.example.org';
    await addClub(ctx, host);
    const login = await ctx.app.inject({
      method: 'POST',
      url: '/api/user/login',
      headers: { host },
      payload: { username_or_email: 'boss', password: PASSWORD },
    });
    const headers = { ...bearer(login.json().token), host };
    const answers = await Promise.all([
      ctx.app.inject({ method: 'GET', url: `/api/event/${event.uuid_event}/comments`, headers }),
      ctx.app.inject({
        method: 'POST',
        url: `/api/event/${event.uuid_event}/comments`,
        headers,
        payload: { text: 'hé' },
      }),
      ctx.app.inject({ method: 'PUT', url: `/api/event/comment/${id}`, headers, payload: { text: 'hé' } }),
      ctx.app.inject({ method: 'DELETE', url: `/api/event/comment/${id}`, headers }),
    ]);
    expect(answers.map((a) => a.statusCode)).toEqual([404, 404, 404, 404]);
    expect((await thread(who(0).token, event.uuid_event)).map((c) => c.text)).toEqual(['chez nous']);
  });
});

describe('the outbox', () => {
  it('posts a comment sent twice with one key once, alone or in a replay batch', async () => {
    const event = await createEvent(ctx, organiser.token, model);
    const key = `comment-${randomUUID()}`;
    const once = await post(who(0).token, event.uuid_event, { text: 'Une fois' }, key);
    const twice = await post(who(0).token, event.uuid_event, { text: 'Une fois' }, key);
    expect(once.statusCode).toBe(201);
    expect(twice.statusCode).toBe(201);
    expect(twice.json().id).toBe(once.json().id);
    ctx.clock.now = new Date(ctx.clock.now.getTime() + 1000);
    const batchKey = `comment-${randomUUID()}`;
    const item = {
      method: REPLAYABLE_PATTERNS.comment.method,
      path: REPLAYABLE_PATTERNS.comment.path(event.uuid_event),
      body: { text: 'Par le lot' },
      idempotencyKey: batchKey,
    };
    for (let i = 0; i < 2; i++) {
      const response = await ctx.app.inject({
        method: 'POST',
        url: '/api/replay',
        headers: bearer(who(0).token),
        payload: { writes: [item, { ...item, path: '/api/event/not-a-uuid/comments' }] },
      });
      const answers = response.json().answers;
      expect(answers[0].status).toBe(201);
      expect(answers[1].status).toBe(400);
    }
    expect((await thread(who(0).token, event.uuid_event)).map((c) => c.text)).toEqual([
      'Une fois',
      'Par le lot',
    ]);
  });
});

describe('limits in time', () => {
  it('closes the thread 7 days after the event ends, a cancelled one open until then; delete stays allowed', async () => {
    const event = await createEvent(ctx, organiser.token, model, { startInMs: HOUR, durationMs: HOUR });
    const { id } = (await post(who(0).token, event.uuid_event, { text: 'Merci pour la sortie' })).json();
    const saved = ctx.clock.now;
    try {
      ctx.clock.now = new Date(saved.getTime() + 2 * HOUR + 7 * DAY - 60_000);
      expect((await post(who(0).token, event.uuid_event, { text: 'encore ouvert' })).statusCode).toBe(201);
      ctx.clock.now = new Date(saved.getTime() + 2 * HOUR + 7 * DAY + 60_000);
      const closed = await post(who(0).token, event.uuid_event, { text: 'trop tard' });
      expect(closed.statusCode).toBe(409);
      expect(closed.json().code).toBe('thread_closed');
      expect((await edit(who(0).token, id, 'trop tard')).json().code).toBe('thread_closed');
      expect((await remove(who(0).token, id)).statusCode).toBe(200);
    } finally {
      ctx.clock.now = saved;
    }
  });

  it('refuses the 31st comment of an hour with 429 rate_limited and a Retry-After, then takes it', async () => {
    const [talker] = (await members(ctx, 'chatty', 1)) as [Member];
    const event = await createEvent(ctx, organiser.token, model);
    const saved = ctx.clock.now;
    try {
      for (let i = 0; i < 30; i++) {
        expect((await post(talker.token, event.uuid_event, { text: `n°${i}` })).statusCode).toBe(201);
        ctx.clock.now = new Date(ctx.clock.now.getTime() + 1000);
      }
      const refused = await post(talker.token, event.uuid_event, { text: 'n°31' }, 'retry-me');
      expect(refused.statusCode).toBe(429);
      expect(refused.json().code).toBe('rate_limited');
      const wait = Number(refused.headers['retry-after']);
      expect(wait).toBeGreaterThan(3500);
      expect(wait).toBeLessThanOrEqual(3600);
      ctx.clock.now = new Date(ctx.clock.now.getTime() + wait * 1000);
      // The same key, sent again once the hour frees a slot: a 429 was never stored.
      expect((await post(talker.token, event.uuid_event, { text: 'n°31' }, 'retry-me')).statusCode).toBe(201);
    } finally {
      ctx.clock.now = saved;
    }
  });
});

describe('names in a thread', () => {
  it('shows a member hidden from others as « Un membre » to members and by name to organisers', async () => {
    const [shy] = (await members(ctx, 'shy', 1)) as [Member];
    await ctx.db
      .updateTable('users')
      .set({ hidden_from_members: true, first_name: 'Anne' })
      .where('id', '=', shy.id)
      .execute();
    const event = await createEvent(ctx, organiser.token, model);
    await post(shy.token, event.uuid_event, { text: 'Je serai là' });
    const [toMember] = await thread(who(0).token, event.uuid_event);
    expect(toMember?.is_hidden).toBe(true);
    expect(toMember?.author).toMatchObject({ first_name: null, last_name: null, thumbnail: null });
    expect(toMember?.author.id).not.toBe(shy.id);
    const [toOrganiser] = await thread(organiser.token, event.uuid_event);
    expect(toOrganiser?.author).toMatchObject({ id: shy.id, first_name: 'Anne' });
    expect(toOrganiser?.is_hidden).toBeUndefined();
    const [toSelf] = await thread(shy.token, event.uuid_event);
    expect(toSelf?.author.id).toBe(shy.id);
  });

  it('keeps a revoked member by name, and shows a deleted account as « Membre supprimé »', async () => {
    const [leaving, deleting] = (await members(ctx, 'gone', 2)) as [Member, Member];
    const event = await createEvent(ctx, organiser.token, model);
    await post(leaving.token, event.uuid_event, { text: 'au revoir' });
    await post(deleting.token, event.uuid_event, { text: 'adieu' });
    await ctx.db
      .updateTable('users')
      .set({ is_revoked: true, first_name: 'Paul' })
      .where('id', '=', leaving.id)
      .execute();
    const deleted = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/user/${deleting.id}`,
      headers: bearer(deleting.token),
      payload: { password: PASSWORD },
    });
    expect([200, 204]).toContain(deleted.statusCode);
    const read = await thread(who(0).token, event.uuid_event);
    const byRevoked = read.find((c) => c.text === 'au revoir');
    const byDeleted = read.find((c) => c.text === 'adieu');
    expect(byRevoked?.author.first_name).toBe('Paul');
    expect(byDeleted?.is_deleted).toBe(true);
    expect(byDeleted?.author).toMatchObject({ first_name: null, last_name: null, thumbnail: null });
    expect(byDeleted?.text).toBe('adieu');
  });
});
