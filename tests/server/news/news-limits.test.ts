import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogueText } from '../../../server/i18n/catalogue';
import { PUSH_BATCH } from '../../../server/modules/push/push-queue';
import { multipartFile, solidImage } from '../helpers/multipart';
import { standInPushNetwork } from '../helpers/push-network-stand-in';
import { startPushStandIn } from '../helpers/push-stand-in';
import { bearer, createTestContext, type TestContext } from '../helpers/test-context';

// docs/rules.md#news: at most 10 posts per author per club day (429 `rate_limited`), and a post's pushes
// queued as one batch that the round the post kicks sends whole.
let ctx: TestContext;
let standIn: Awaited<ReturnType<typeof startPushStandIn>>;
const net = standInPushNetwork();
let writers = 0;

beforeAll(async () => {
  ctx = await createTestContext({
    env: { RATE_LIMIT_LOGIN: '1000', CLUB_TIMEZONE: 'Europe/Paris' },
    pushNetwork: net.network,
  });
  standIn = await startPushStandIn();
  net.setHost(standIn.host, standIn.origin);
});
afterAll(async () => {
  await ctx.close();
  await standIn.close();
});

async function newWriter(): Promise<{ id: string; token: string }> {
  const username = `writer${++writers}`;
  const { id } = await ctx.createUser(username, 'Contributor');
  return { id, token: await ctx.signIn(username) };
}

const post = (token: string, title = 'Nouvelle') =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/news',
    payload: { title, text: 'Texte' },
    headers: bearer(token),
  });

/** A post with a picture, as the app's FormData sends it: the text fields, then the file. */
function postWithPicture(token: string, picture: Buffer) {
  const file = multipartFile(picture, 'photo.png', 'image/png');
  const boundary = file.headers['content-type'].split('boundary=')[1] ?? '';
  const fields = ['title', 'text']
    .map((name) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\nPhoto\r\n`)
    .join('');
  return ctx.app.inject({
    method: 'POST',
    url: '/api/news',
    payload: Buffer.concat([Buffer.from(fields), file.payload]),
    headers: { ...file.headers, ...bearer(token) },
  });
}

const postsBy = async (authorId: string) =>
  (await ctx.db.selectFrom('news_posts').select('uuid').where('author_id', '=', authorId).execute()).length;

describe('news posts per author per club day', () => {
  it('refuses the 11th post of a club day 429 rate_limited until midnight club time, saving nothing', async () => {
    // 23:30 in Paris (UTC+2 in June): the club day ends in 30 minutes, the UTC day in 2 h 30.
    ctx.clock.now = new Date('2026-06-10T21:30:00Z');
    const writer = await newWriter();
    for (let i = 1; i <= 10; i++) expect((await post(writer.token, `Annonce ${i}`)).statusCode).toBe(200);
    const eleventh = await post(writer.token, 'Une de trop');
    expect(eleventh.statusCode).toBe(429);
    expect(eleventh.json()).toMatchObject({ code: 'rate_limited' });
    expect(Number(eleventh.headers['retry-after'])).toBe(1800);
    // With a picture too, refused before the picture is read: it costs no upload.
    const withPicture = await postWithPicture(writer.token, await solidImage('png'));
    expect(withPicture.statusCode).toBe(429);
    expect(withPicture.json()).toMatchObject({ code: 'rate_limited' });
    expect(await postsBy(writer.id)).toBe(10);
    // Counted per author: another contributor still posts.
    expect((await post((await newWriter()).token)).statusCode).toBe(200);
    // 00:00 in Paris, still 10 June in UTC: a new club day.
    ctx.clock.now = new Date('2026-06-10T22:00:00Z');
    expect((await post(writer.token, 'Le lendemain')).statusCode).toBe(200);
  });

  it('counts posts sent at the same time one after the other', async () => {
    ctx.clock.now = new Date('2026-06-12T08:00:00Z');
    const writer = await newWriter();
    for (let i = 1; i <= 8; i++) expect((await post(writer.token)).statusCode).toBe(200);
    const statuses = (await Promise.all([1, 2, 3, 4].map(() => post(writer.token)))).map((r) => r.statusCode);
    expect(statuses.sort()).toEqual([200, 200, 429, 429]);
    expect(await postsBy(writer.id)).toBe(10);
  });
});

describe('pushes of a new post', () => {
  it('are queued as one batch and all sent by the round the post kicks, past one batch of sends', async () => {
    ctx.clock.now = new Date('2026-06-15T08:00:00Z');
    const writer = await newWriter();
    // More devices than one batch of sends: 2 per member, every other member reading English.
    const devices = new Map<string, 'fr' | 'en'>();
    const members = Math.ceil(PUSH_BATCH / 2) + 5;
    for (let i = 0; i < members; i++) {
      const { id } = await ctx.createUser(`reader${i}`);
      const language = i % 2 === 0 ? 'fr' : 'en';
      await ctx.db.updateTable('users').set({ language }).where('id', '=', id).execute();
      for (let d = 0; d < 2; d++) devices.set(await addStandInDevice(id), language);
    }
    // Neither the author's device nor a revoked member's gets it.
    await addStandInDevice(writer.id);
    const revoked = await ctx.createUser('revoked-reader');
    await addStandInDevice(revoked.id);
    await ctx.db.updateTable('users').set({ is_revoked: true }).where('id', '=', revoked.id).execute();
    standIn.received.length = 0;

    const answer = await post(writer.token, 'Tournoi samedi');
    expect(answer.statusCode).toBe(200);
    const uuid = answer.json<{ uuid: string }>().uuid;
    // The post kicked a round; this waits for it, then runs one more, which finds nothing left to send.
    const next = await ctx.push.runOnce();
    expect(next).toEqual({ sent: 0, gone: 0, failed: 0 });
    expect(standIn.received).toHaveLength(devices.size);
    const got = new Map(standIn.received.map((push) => [push.path, JSON.parse(push.payload ?? 'null')]));
    for (const [path, language] of devices)
      expect(got.get(path)).toEqual({
        title: catalogueText(language, 'push', 'news_title'),
        body: 'Tournoi samedi',
        url: '/news',
        tag: `news-${uuid}`,
      });
    expect(await ctx.db.selectFrom('push_queue').select('id').execute()).toHaveLength(0);
  });
});

/** A stand-in device of `userId`, written as the subscribe route would; answers its path at the stand-in. */
async function addStandInDevice(userId: string): Promise<string> {
  const device = standIn.newDevice();
  await ctx.db
    .insertInto('push_subscriptions')
    .values({
      id: randomUUID(),
      user_id: userId,
      endpoint: device.subscription.endpoint,
      p256dh: device.subscription.keys.p256dh,
      auth: device.subscription.keys.auth,
      user_agent: null,
      created_at: ctx.clock.now,
    })
    .execute();
  return new URL(device.subscription.endpoint).pathname;
}
