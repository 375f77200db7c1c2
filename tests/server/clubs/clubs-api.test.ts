import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../server/app';
import { loadConfig } from '../../../server/config';
import { clubRegistry } from '../../../server/db/club-scope/club-registry';
import { type Club, runInClub } from '../../../server/db/club-scope/current-club';
import { answerUrl } from '../../../server/mail/answer-links';
import { disableClub } from '../../../server/modules/clubs/create-club';
import { readLinkSecret } from '../../../server/modules/notifications/unsubscribe-links';
import { publicFilesDir } from '../../../server/plugins/public-files';
import { addClub } from '../helpers/clubs';
import { createEvent, insertModel, insertStuff, subscribe } from '../helpers/event-fixtures';
import { mailText } from '../helpers/smtp-sink';
import { bearer, createTestContext, PASSWORD, type TestContext } from '../helpers/test-context';

// Several clubs (docs/rules.md#several-clubs), through the API: two clubs on one deployment, told apart by
// the Host header. Club 1 answers localhost (and any host nobody claims); club 2 answers its own host.
// Nothing crosses between them.
const HOST_2 = 'aviron-vannes.example.org';
const HOST_3 = 'kayak-odet.example.org';
let ctx: TestContext;
let second: Club;
let third: Club;
let admin1: string;
let boss2: string;
let model1: string;

const on = (host: string, options: InjectOptions) =>
  ctx.app.inject({ ...options, headers: { ...options.headers, host } });

async function signInOn(host: string, username: string) {
  const response = await on(host, {
    method: 'POST',
    url: '/api/user/login',
    payload: { username_or_email: username, password: PASSWORD },
  });
  expect(response.statusCode).toBe(200);
  return response.json<{ token: string }>().token;
}

const me = (host: string, token: string) =>
  on(host, { method: 'GET', url: '/api/user/me', headers: bearer(token) });

beforeAll(async () => {
  ctx = await createTestContext();
  second = await addClub(ctx, HOST_2, 'Aviron de Vannes');
  third = await addClub(ctx, HOST_3, 'Kayak Odet');
  await ctx.createUser('anne', 'Admin');
  admin1 = await ctx.signIn('anne');
  boss2 = await signInOn(HOST_2, 'boss');
  model1 = await insertModel(ctx);
}, 60_000);

afterAll(async () => {
  await ctx?.close();
});

describe('two clubs on one deployment', () => {
  it('tells the clubs apart by host: each has its own name and members', async () => {
    const start = (host: string) => on(host, { method: 'GET', url: '/api/internal/settings/start' });
    expect((await start(HOST_2)).json().club_name).toBe('Aviron de Vannes');
    expect((await start('localhost')).json().club_name).not.toBe('Aviron de Vannes');
    // The same username in two clubs is two accounts.
    await runInClub(second, () => ctx.createUser('anne', 'User'));
    const anne2 = await signInOn(HOST_2, 'anne');
    const [one, two] = await Promise.all([me('localhost', admin1), me(HOST_2, anne2)]);
    expect(one.json().id).not.toBe(two.json().id);
    expect(two.json().role_name).toBe('User');
  });

  it("refuses a token on another club's host (401), as if it were unknown", async () => {
    expect((await me(HOST_2, admin1)).statusCode).toBe(401);
    expect((await me('localhost', boss2)).statusCode).toBe(401);
    expect((await me(HOST_2, boss2)).statusCode).toBe(200);
  });

  it("answers 404, never 403, for another club's ids, and its week never shows them", async () => {
    const event = await createEvent(ctx, admin1, model1);
    const id = event.uuid_event as string;
    expect(
      (await on(HOST_2, { method: 'GET', url: `/api/event/${id}`, headers: bearer(boss2) })).statusCode,
    ).toBe(404);
    const boss = (await me(HOST_2, boss2)).json<{ id: string }>();
    const subscribing = await on(HOST_2, {
      method: 'PUT',
      url: '/api/event/subscribe/status',
      headers: bearer(boss2),
      payload: { uuid_event: id, uuid_user: boss.id, subscribe: true },
    });
    expect(subscribing.statusCode).toBe(404);
    const deleting = await on(HOST_2, {
      method: 'DELETE',
      url: `/api/event/delete/${id}`,
      headers: bearer(boss2),
    });
    expect(deleting.statusCode).toBe(404);
    // Handing out kit at a club 1 event, naming club 1's member and stuff (docs/rules.md#kit): 404 from club 2, while
    // the same write on club 1's host is taken.
    const kayak = await insertStuff(ctx, 'Kayak', 5);
    const kitEvent = (await createEvent(ctx, admin1, model1, { stuffs: [kayak] })).uuid_event as string;
    const admin1Id = (await me('localhost', admin1)).json<{ id: string }>().id;
    const booked = await on('localhost', {
      method: 'PUT',
      url: '/api/event/subscribe/status',
      headers: bearer(admin1),
      payload: { uuid_event: kitEvent, uuid_user: admin1Id, subscribe: true, stuffs: [kayak] },
    });
    expect(booked.statusCode).toBe(200);
    const handOut = (host: string, token: string) =>
      on(host, {
        method: 'PUT',
        url: '/api/event/checklist/stuff',
        headers: bearer(token),
        payload: {
          event_uuid: kitEvent,
          is_invited: false,
          user_id: admin1Id,
          uuid_stuff: kayak,
          handed_out: true,
        },
      });
    expect((await handOut(HOST_2, boss2)).statusCode).toBe(404);
    expect((await handOut('localhost', admin1)).statusCode).toBe(200);
    // A child of club 1, and its guardians' routes from club 2.
    const child = await on('localhost', {
      method: 'POST',
      url: '/api/family/children',
      headers: bearer(admin1),
      payload: { first_name: 'Lou', last_name: 'Club Un', birth_date: '2017-05-01' },
    });
    expect(child.statusCode).toBe(201);
    const childId = child.json<{ id: string }>().id;
    const guardianRoutes = [
      { method: 'POST' as const, url: `/api/user/${childId}/guardians`, payload: { email: 'x@example.org' } },
      { method: 'DELETE' as const, url: `/api/user/${childId}/guardians/${boss.id}` },
      {
        method: 'PUT' as const,
        url: `/api/user/${childId}/guardians/${boss.id}`,
        payload: { restricted: true },
      },
    ];
    for (const route of guardianRoutes) {
      expect((await on(HOST_2, { ...route, headers: bearer(boss2) })).statusCode, route.method).toBe(404);
    }
    // Resending an invitation names an account by id too (docs/rules.md#accounts-and-sessions).
    const resend = { method: 'POST' as const, url: `/api/user/${childId}/invitation` };
    expect((await on(HOST_2, { ...resend, headers: bearer(boss2) })).statusCode).toBe(404);
    // A member's data, as JSON and as a readable page (docs/rules.md#members-in-and-out): 404 from club 2.
    for (const url of [`/api/user/export/${childId}`, `/api/user/export/${childId}/page.html`]) {
      expect((await on(HOST_2, { method: 'GET', url, headers: bearer(boss2) })).statusCode, url).toBe(404);
      expect((await on('localhost', { method: 'GET', url, headers: bearer(admin1) })).statusCode, url).toBe(
        200,
      );
    }
    // The member's file (docs/rules.md#members-file): 404 from club 2, even for its Admin.
    const memberFileRoutes = [
      {
        method: 'PUT' as const,
        url: `/api/user/${childId}/licence`,
        payload: { number: '42', federation: 'FFCK', type: 'Canoë Plus', season: '2025-2026' },
      },
      { method: 'PUT' as const, url: `/api/user/${childId}/health`, payload: { items: [] } },
      { method: 'GET' as const, url: `/api/user/${childId}/member-file` },
      { method: 'GET' as const, url: `/api/user/${childId}/dossier` },
    ];
    for (const route of memberFileRoutes) {
      expect((await on(HOST_2, { ...route, headers: bearer(boss2) })).statusCode, route.url).toBe(404);
      expect((await on('localhost', { ...route, headers: bearer(admin1) })).statusCode, route.url).toBe(200);
    }
    // « À régulariser » lists the club's own members only: club 1's child is never in club 2's list.
    const toSettle = async (host: string, token: string) =>
      (await on(host, { method: 'GET', url: '/api/user/dossiers-to-settle', headers: bearer(token) }))
        .json<Array<{ id: string }>>()
        .map((entry) => entry.id);
    expect(await toSettle(HOST_2, boss2)).not.toContain(childId);
    expect(await toSettle('localhost', admin1)).toContain(childId);
    // A range around the start, in UTC days: from 23:00 UTC the club's day (Europe/Paris) is already
    // the next one, and a one-day range named by the UTC date would miss the event.
    const day = (shift: number) =>
      new Date(new Date(event.start_date).getTime() + shift * 86_400_000).toISOString().slice(0, 10);
    const week = async (host: string, token: string) =>
      (
        await on(host, {
          method: 'GET',
          url: `/api/event/from/${day(-1)}/to/${day(1)}`,
          headers: bearer(token),
        })
      )
        .json<Array<{ uuid_event: string }>>()
        .map((e) => e.uuid_event);
    expect(await week(HOST_2, boss2)).toEqual([]);
    expect(await week('localhost', admin1)).toContain(id);
    // Club 1's event is untouched.
    expect(
      (await on('localhost', { method: 'GET', url: `/api/event/${id}`, headers: bearer(admin1) })).statusCode,
    ).toBe(200);
  });

  it("keeps each club's replay keys: the same key in another club runs there, not the first club's answer", async () => {
    const event1 = await createEvent(ctx, admin1, model1);
    const anne1 = (await me('localhost', admin1)).json<{ id: string }>();
    expect(
      (await subscribe(ctx, admin1, anne1.id, event1.uuid_event, undefined, true, 'shared-key')).statusCode,
    ).toBe(200);
    const boss = (await me(HOST_2, boss2)).json<{ id: string }>();
    const model2 = await runInClub(second, () => insertModel(ctx, 'Aviron'));
    const event2 = await runInClub(second, () => createEvent(ctx, boss2, model2));
    const replayed = await on(HOST_2, {
      method: 'POST',
      url: '/api/replay',
      headers: bearer(boss2),
      payload: {
        writes: [
          {
            method: 'PUT',
            path: '/api/event/subscribe/status',
            idempotencyKey: 'shared-key',
            body: { uuid_event: event2.uuid_event, uuid_user: boss.id, subscribe: true },
          },
          {
            method: 'PUT',
            path: '/api/event/subscribe/status',
            idempotencyKey: 'other-key',
            body: { uuid_event: event1.uuid_event, uuid_user: boss.id, subscribe: true },
          },
        ],
      },
    });
    expect(replayed.statusCode).toBe(200);
    const answers = replayed.json<{ answers: Array<{ status: number; body: { uuid_event?: string } }> }>()
      .answers;
    expect(answers[0]?.status).toBe(200);
    expect(answers[0]?.body.uuid_event).toBe(event2.uuid_event);
    expect(answers[1]?.status).toBe(404);
  });

  it("answers 404 to a notification's answer link on another club's host, and nothing is answered", async () => {
    const event = await createEvent(ctx, admin1, model1);
    const { id } = await ctx.createUser('noa');
    const link = answerUrl(ctx.config, await readLinkSecret(ctx.db), {
      eventUuid: event.uuid_event as string,
      userId: id,
      action: 'decline',
      expiresAt: new Date(event.start_date as string),
    });
    const answerPath = `${new URL(link).pathname}/push`;
    const answered = await on(HOST_2, { method: 'POST', url: answerPath });
    expect(answered.statusCode).toBe(404);
    expect(answered.json().code).toBe('not_found');
    expect(
      await ctx.db.selectFrom('event_declines').select('user_id').where('user_id', '=', id).execute(),
    ).toEqual([]);
    expect((await on('localhost', { method: 'POST', url: answerPath })).statusCode).toBe(204);
  });

  it("lists only the host's own members for a walk-in offline (docs/rules.md#checklist)", async () => {
    // Club 1's Admin has upcoming events here; club 2's SuperAdmin gets one of their own.
    await createEvent(ctx, admin1, model1);
    const model2 = await runInClub(second, () => insertModel(ctx, 'Aviron'));
    const start = new Date(ctx.clock.now.getTime() + 86_400_000);
    const created = await on(HOST_2, {
      method: 'POST',
      url: '/api/event/add-or-update',
      headers: bearer(boss2),
      payload: {
        uuid_model_event: model2,
        start_date: start.toISOString(),
        end_date: new Date(start.getTime() + 7_200_000).toISOString(),
        max_subscribers: 5,
      },
    });
    expect(created.statusCode).toBe(200);
    // Named, so the list (members with a name) holds them.
    await runInClub(second, () =>
      ctx.db.updateTable('users').set({ first_name: 'Bo' }).where('username', '=', 'boss').execute(),
    );
    await ctx.db.updateTable('users').set({ first_name: 'Anne' }).where('username', '=', 'anne').execute();
    const ids = async (host: string, token: string) => {
      const response = await on(host, {
        method: 'GET',
        url: '/api/event/checklist/members',
        headers: bearer(token),
      });
      expect(response.statusCode).toBe(200);
      return response.json<Array<{ id: string }>>().map((m) => m.id);
    };
    const [one, two] = await Promise.all([ids('localhost', admin1), ids(HOST_2, boss2)]);
    expect(one.filter((id) => two.includes(id))).toEqual([]);
    const boss = (await me(HOST_2, boss2)).json<{ id: string }>();
    const anne = (await me('localhost', admin1)).json<{ id: string }>();
    expect(two).toContain(boss.id);
    expect(one).toContain(anne.id);
    expect(one).not.toContain(boss.id);
    expect(two).not.toContain(anne.id);
  });

  it("answers 404 for a calendar feed token on another club's host", async () => {
    const created = await ctx.app.inject({
      method: 'POST',
      url: '/api/user/calendar-feed',
      headers: bearer(admin1),
    });
    const feedPath = new URL(created.json<{ url: string }>().url).pathname;
    expect((await on('localhost', { method: 'GET', url: feedPath })).statusCode).toBe(200);
    expect((await on(HOST_2, { method: 'GET', url: feedPath })).statusCode).toBe(404);
  });

  it("serves each club's files from its own folder only", async () => {
    const name = `${randomUUID()}.png`;
    fs.writeFileSync(
      path.join(
        runInClub(second, () => publicFilesDir(ctx.config)),
        name,
      ),
      Buffer.from('png'),
    );
    expect((await on(HOST_2, { method: 'GET', url: `/files/${name}` })).statusCode).toBe(200);
    expect((await on('localhost', { method: 'GET', url: `/files/${name}` })).statusCode).toBe(404);
    const climbing = await on('localhost', {
      method: 'GET',
      url: `/files/..%2Fclub-${second.id}%2Fpublic%2F${name}`,
    });
    // Refused by the file server (a path that leaves its root is forbidden), never served.
    expect([403, 404]).toContain(climbing.statusCode);
  });

  it("writes mail links with the club's own host, signs them for it and logs them in its folder", async () => {
    await runInClub(second, () => ctx.createUser('marin', 'User'));
    const asked = await on(HOST_2, {
      method: 'POST',
      url: '/api/user/reset',
      payload: { Ask: { email: 'marin@example.org' } },
    });
    expect(asked.statusCode).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 200));
    const [mail] = await runInClub(second, () =>
      ctx.db
        .selectFrom('mail_queue')
        .select(['message_id'])
        .where('to_address', '=', 'marin@example.org')
        .execute(),
    );
    expect(mail?.message_id).toContain(`@${second.key}.equipee>`);
    const none = await ctx.db
      .selectFrom('mail_queue')
      .select('id')
      .where('to_address', '=', 'marin@example.org')
      .execute();
    expect(none).toEqual([]);
    // The request kicked the mail worker; a round queued after it ends once that one has sent.
    await ctx.mail.runOnce();
    // A sent row keeps no body (docs/rules.md#mails): the link is read from the message as it left.
    const logDir = path.join(ctx.dataDir, second.key, 'mail-log');
    const logged = fs.readdirSync(logDir).map((file) => fs.readFileSync(path.join(logDir, file), 'utf8'));
    expect(logged.map(mailText).join('\n')).toContain(`http://${HOST_2}:3000/reset?token=`);
  });

  it('ends a disabled club: its members are signed out, its data stays, the other clubs carry on', async () => {
    const boss3 = await signInOn(HOST_3, 'boss');
    expect((await me(HOST_3, boss3)).statusCode).toBe(200);
    await ctx.asOwner((owner) => disableClub(owner, HOST_3, new Date()));
    clubRegistry(ctx.db, ctx.config).forget();
    expect((await me(HOST_3, boss3)).statusCode).toBe(401);
    expect((await on(HOST_3, { method: 'GET', url: '/' })).statusCode).toBe(404);
    expect((await me(HOST_2, boss2)).statusCode).toBe(200);
    expect((await me('localhost', admin1)).statusCode).toBe(200);
    const kept = await runInClub(third, () => ctx.db.selectFrom('users').select('username').execute());
    expect(kept.map((u) => u.username)).toEqual(['boss']);
    const sessions = await runInClub(third, () => ctx.db.selectFrom('sessions').select('user_id').execute());
    expect(sessions.length).toBeGreaterThan(0);
  });
});

/** Another process on the same database, with other settings. */
const appWith = (env: Record<string, string>) =>
  buildApp(
    {
      config: loadConfig({ DATA_DIR: ctx.dataDir, STATIC_DIR: ctx.config.staticDir, ...env }),
      db: ctx.db,
      dbKind: process.env.DATABASE_URL ? 'postgres' : 'pglite',
      now: () => ctx.clock.now,
      mail: ctx.mail,
    },
    { logStream: false },
  );

describe('hosts and proxies', () => {
  it("trusts X-Forwarded-Host only from a trusted proxy; by default it is the client's word and ignored", async () => {
    const start = (headers: Record<string, string>) =>
      ctx.app.inject({
        method: 'GET',
        url: '/api/internal/settings/start',
        headers: { host: 'localhost', ...headers },
      });
    const forwarded = { 'x-forwarded-host': HOST_2 };
    expect((await start(forwarded)).json().club_name).not.toBe('Aviron de Vannes');
    // The proxy named by address (inject's requests come from 127.0.0.1); a hop count never reads it
    // (tests/server/plugins/forwarded-host.test.ts).
    const behindProxy = await appWith({ TRUST_PROXY: '127.0.0.1' });
    try {
      const answer = await behindProxy.inject({
        method: 'GET',
        url: '/api/internal/settings/start',
        headers: { host: 'localhost', ...forwarded },
      });
      expect(answer.json().club_name).toBe('Aviron de Vannes');
    } finally {
      await behindProxy.close();
    }
  });

  it('with STRICT_HOSTS=1, answers a plain 404 to a host no club claims, and each club on its own', async () => {
    const strict = await appWith({ STRICT_HOSTS: '1' });
    try {
      const get = (host: string) =>
        strict.inject({ method: 'GET', url: '/api/internal/settings/start', headers: { host } });
      const unknown = await get('phishing.example.net');
      expect(unknown.statusCode).toBe(404);
      expect(unknown.headers['content-type']).toContain('text/plain');
      expect(unknown.body).not.toContain('club_name');
      expect((await get(HOST_2)).json().club_name).toBe('Aviron de Vannes');
      expect((await get('localhost')).statusCode).toBe(200);
    } finally {
      await strict.close();
    }
  });
});
