import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEvent, DAY, insertModel, subscribe } from '../helpers/event-fixtures';
import { bearer, createTestContext, type TestContext } from '../helpers/test-context';

// Names (docs/rules.md#limits): besides the C0 controls every text refuses, a name refuses the C1 controls
// (U+0080–U+009F) and the bidirectional embeddings, overrides and isolates (U+202A–U+202E, U+2066–U+2069),
// which show it reversed or disguised in lists, mails and CSV exports: 400 `invalid_input` naming the field,
// through each route that writes one. A name in a right-to-left script stays a name. And the group mail's
// base64 subject and message get the control-character check once decoded.
let ctx: TestContext;
let admin: string;
let organiser: { id: string; token: string };
let member: { id: string; token: string };
let model: string;

/** An override, an isolate, a C1 control (NEL) and the C1 CSI a terminal reads as an escape. */
const BAD = ['\u202E', '\u2066', '\u0085', '\u009B'];
const bad = (character: string) => `Zoé${character}lanruoj`;

beforeAll(async () => {
  ctx = await createTestContext({ env: { RATE_LIMIT_LOGIN: '1000' } });
  await ctx.createUser('admin', 'Admin');
  admin = await ctx.signIn('admin');
  organiser = { id: (await ctx.createUser('orga', 'Contributor')).id, token: await ctx.signIn('orga') };
  member = { id: (await ctx.createUser('nina')).id, token: await ctx.signIn('nina') };
  model = await insertModel(ctx, 'Voile');
});
afterAll(() => ctx.close());

const send = (method: 'POST' | 'PUT', url: string, token: string, payload: object) =>
  ctx.app.inject({ method, url, headers: bearer(token), payload });

const expectRefused = (response: { statusCode: number; json: () => unknown }, field: string) => {
  expect(response.statusCode).toBe(400);
  expect(response.json()).toMatchObject({ code: 'invalid_input', field });
};

describe('a name holding a bidirectional override or a C1 control', () => {
  it('is refused in a profile (first and last name) and the profile keeps its names', async () => {
    const url = `/api/user/profile/update/${member.id}`;
    for (const character of BAD) {
      expectRefused(await send('PUT', url, member.token, { first_name: bad(character) }), 'first_name');
      expectRefused(await send('PUT', url, member.token, { last_name: bad(character) }), 'last_name');
    }
    const stored = await ctx.db
      .selectFrom('users')
      .select(['first_name', 'last_name'])
      .where('id', '=', member.id)
      .executeTakeFirstOrThrow();
    expect(stored).toEqual({ first_name: null, last_name: null });
    // A right-to-left name without formatting characters is a name (and a right-to-left mark is no override).
    const rtl = await send('PUT', url, member.token, { first_name: 'نادية', last_name: 'כהן\u200F' });
    expect(rtl.statusCode).toBe(200);
  });

  it('is refused as a new account’s username', async () => {
    for (const character of BAD) {
      const response = await send('POST', '/api/user/register', admin, {
        username: `nina${character}x`,
        email: 'nina.x@example.org',
      });
      expectRefused(response, 'username');
    }
  });

  it('is refused as a model’s or a stuff’s name, and nothing is written', async () => {
    for (const character of BAD) {
      const name = bad(character);
      expectRefused(
        await send('POST', '/api/event/model/add', admin, { name, description: 'Sortie' }),
        'name',
      );
      expectRefused(
        await send('POST', '/api/stuff/add', admin, { name, description: 'Gilet', stock: 3 }),
        'name',
      );
    }
    const models = await ctx.db.selectFrom('event_models').select('name').execute();
    const stuffs = await ctx.db.selectFrom('stuffs').select('name').execute();
    expect(models.map((m) => m.name)).toEqual(['Voile']);
    expect(stuffs).toEqual([]);
  });

  it('is refused as an event’s title', async () => {
    const start = new Date(ctx.clock.now.getTime() + DAY);
    for (const character of BAD) {
      const response = await send('POST', '/api/event/add-or-update', organiser.token, {
        uuid_model_event: model,
        start_date: start.toISOString(),
        end_date: new Date(start.getTime() + 3_600_000).toISOString(),
        city: 'Brest',
        max_subscribers: 10,
        title: bad(character),
      });
      expectRefused(response, 'title');
    }
  });

  it('is refused as a guest’s first or last name', async () => {
    const event = await createEvent(ctx, organiser.token, model);
    await subscribe(ctx, member.token, member.id, event.uuid_event);
    const guest = (names: object) =>
      send('POST', '/api/event/invite', member.token, {
        uuid_event: event.uuid_event,
        uuid_user: member.id,
        ...names,
      });
    for (const character of BAD) {
      expectRefused(await guest({ first_name: bad(character), last_name: 'Morvan' }), 'first_name');
      expectRefused(await guest({ first_name: 'Gwen', last_name: bad(character) }), 'last_name');
    }
    expect((await guest({ first_name: 'Gwen', last_name: 'Morvan' })).statusCode).toBe(200);
  });

  it('is refused as a walk-in’s free name', async () => {
    const event = await createEvent(ctx, organiser.token, model);
    for (const character of BAD) {
      const response = await send('PUT', '/api/event/walk-in', organiser.token, {
        event_uuid: event.uuid_event,
        name: bad(character),
      });
      expectRefused(response, 'name');
    }
    const walkIns = await ctx.db
      .selectFrom('walk_ins')
      .select('name')
      .where('event_uuid', '=', event.uuid_event)
      .execute();
    expect(walkIns).toEqual([]);
  });
});

describe('the group mail’s base64 subject and message', () => {
  const encode = (text: string) => Buffer.from(text, 'utf8').toString('base64');

  it('are refused, naming the field, when the decoded text holds a forbidden control character', async () => {
    const event = await createEvent(ctx, organiser.token, model);
    await subscribe(ctx, member.token, member.id, event.uuid_event);
    const mail = (subject: string, message: string) =>
      send('POST', '/api/event/mail', organiser.token, {
        event_uuid: event.uuid_event,
        subject_base64: encode(subject),
        message_base64: encode(message),
      });
    const queued = async () => (await ctx.db.selectFrom('mail_queue').select('id').execute()).length;
    const before = await queued();
    for (const character of ['\u0000', '\u0007', '\u001B']) {
      expectRefused(await mail(`Marée${character} haute`, 'Rendez-vous plus tôt.'), 'subject_base64');
      expectRefused(await mail('Marée haute', `Rendez-vous${character} plus tôt.`), 'message_base64');
    }
    expect(await queued()).toBe(before);
    // Tab, LF and CR stay allowed, as in every text.
    expect((await mail('Marée haute', 'Rendez-vous\r\n\tplus tôt.')).statusCode).toBe(200);
  });
});
