import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { LIMITS } from '@common/contract/limits';
import { type NewsPost, newsListSchema, newsPostSchema } from '@common/contract/news';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { solidImage } from '../helpers/multipart';
import { standInPushNetwork } from '../helpers/push-network-stand-in';
import { startPushStandIn } from '../helpers/push-stand-in';
import { bearer, createTestContext, type TestContext } from '../helpers/test-context';

// Contributors and admins post news (title, text, an optional picture); anyone reads them newest first; the
// author and admins edit and delete; members who allowed notifications get a push.
let ctx: TestContext;
let standIn: Awaited<ReturnType<typeof startPushStandIn>>;
const net = standInPushNetwork();
let writer: string;
let writerId: string;
let otherWriter: string;
let admin: string;
let member: string;
let memberId: string;
let publicDir: string;

beforeAll(async () => {
  ctx = await createTestContext({ env: { RATE_LIMIT_LOGIN: '1000' }, pushNetwork: net.network });
  standIn = await startPushStandIn();
  net.setHost(standIn.host, standIn.origin);
  writerId = (await ctx.createUser('writer', 'Contributor')).id;
  await ctx.db
    .updateTable('users')
    .set({ first_name: 'Léa', last_name: 'Martin' })
    .where('id', '=', writerId)
    .execute();
  writer = await ctx.signIn('writer');
  await ctx.createUser('other', 'Contributor');
  otherWriter = await ctx.signIn('other');
  await ctx.createUser('boss', 'Admin');
  admin = await ctx.signIn('boss');
  memberId = (await ctx.createUser('reader')).id;
  member = await ctx.signIn('reader');
  publicDir = path.join(ctx.dataDir, 'default', 'public');
});
afterAll(async () => {
  await ctx.close();
  await standIn.close();
});

/** A multipart form as the app's FormData sends it: text fields, then at most one file. */
function form(fields: Record<string, string>, file?: { content: Buffer; type: string }) {
  const boundary = `----news${randomUUID().replaceAll('-', '')}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields))
    parts.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    );
  if (file)
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="photo"\r\nContent-Type: ${file.type}\r\n\r\n`,
      ),
      file.content,
      Buffer.from('\r\n'),
    );
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(parts),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

const post = (token: string, body: ReturnType<typeof form> | Record<string, unknown>) =>
  'payload' in body && Buffer.isBuffer(body.payload)
    ? ctx.app.inject({
        method: 'POST',
        url: '/api/news',
        payload: body.payload,
        headers: { ...(body.headers as Record<string, string>), ...bearer(token) },
      })
    : ctx.app.inject({ method: 'POST', url: '/api/news', payload: body, headers: bearer(token) });
const edit = (token: string, uuid: string, body: ReturnType<typeof form> | Record<string, unknown>) =>
  'payload' in body && Buffer.isBuffer(body.payload)
    ? ctx.app.inject({
        method: 'PUT',
        url: `/api/news/${uuid}`,
        payload: body.payload,
        headers: { ...(body.headers as Record<string, string>), ...bearer(token) },
      })
    : ctx.app.inject({ method: 'PUT', url: `/api/news/${uuid}`, payload: body, headers: bearer(token) });
const remove = (token: string, uuid: string) =>
  ctx.app.inject({ method: 'DELETE', url: `/api/news/${uuid}`, headers: bearer(token) });
const readNews = async (token?: string): Promise<NewsPost[]> => {
  const answer = await ctx.app.inject({
    method: 'GET',
    url: '/api/news',
    headers: token ? bearer(token) : {},
  });
  expect(answer.statusCode).toBe(200);
  return newsListSchema.parse(answer.json());
};
const posted = async (token: string, title: string, text = 'Texte'): Promise<NewsPost> => {
  const answer = await post(token, { title, text });
  expect(answer.statusCode).toBe(200);
  return newsPostSchema.parse(answer.json());
};
const pictureFile = (url: string) => path.join(publicDir, url.replace(/^\/files\//, '').replace(/\?.*$/, ''));
const newsCount = async () => (await ctx.db.selectFrom('news_posts').select('uuid').execute()).length;

describe('news', () => {
  it('a contributor posts; anyone, signed in or not, reads the posts newest first with the author', async () => {
    const first = await posted(writer, 'Assemblée générale', 'Vendredi à 19 h.\nVenez nombreux.');
    ctx.clock.now = new Date(ctx.clock.now.getTime() + 60_000);
    const second = await posted(admin, 'Sortie mer');
    expect(first).toMatchObject({ title: 'Assemblée générale', text: 'Vendredi à 19 h.\nVenez nombreux.' });
    expect(first).toMatchObject({ author_id: writerId, author_name: 'Léa Martin', picture_url: null });
    expect(second.author_name).toBe('boss');
    const visitor = await readNews();
    expect(visitor.map((p) => p.uuid).slice(0, 2)).toEqual([second.uuid, first.uuid]);
    expect(await readNews(member)).toEqual(visitor);
  });

  it('stores text as it was typed: HTML and script are data, answered as the same text', async () => {
    const text = '<script>alert(1)</script><b>gras</b> & "guillemets"';
    const saved = await posted(writer, '<img src=x onerror=alert(1)>', text);
    expect(saved.text).toBe(text);
    expect((await readNews()).find((p) => p.uuid === saved.uuid)?.title).toBe('<img src=x onerror=alert(1)>');
  });

  it('refuses members, visitors and bad fields, saving nothing', async () => {
    const before = await newsCount();
    expect((await post(member, { title: 'Moi aussi', text: 'Non' })).statusCode).toBe(403);
    expect(
      (await ctx.app.inject({ method: 'POST', url: '/api/news', payload: { title: 'x', text: 'y' } }))
        .statusCode,
    ).toBe(401);
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ title: '   ', text: 'Texte' }, 'title'],
      [{ title: 'x'.repeat(LIMITS.newsTitleMax + 1), text: 'Texte' }, 'title'],
      [{ title: 'Titre', text: '' }, 'text'],
      [{ title: 'Titre', text: 'x'.repeat(LIMITS.newsTextMax + 1) }, 'text'],
      [{ title: 'Titre', text: 'a\u0000b' }, 'text'],
      [{ title: 'Titre' }, 'text'],
    ];
    for (const [body, field] of cases) {
      const answer = await post(writer, body);
      expect(answer.statusCode, JSON.stringify(body).slice(0, 60)).toBe(400);
      expect(answer.json()).toMatchObject({ code: 'invalid_input', field });
    }
    // The same check on a form's fields, which the JSON body check does not see.
    const answer = await post(writer, form({ title: 'Titre', text: 'a\u0001b' }));
    expect(answer.json()).toMatchObject({ code: 'invalid_input', field: 'text' });
    expect(await newsCount()).toBe(before);
    const longest = await posted(writer, 'x'.repeat(LIMITS.newsTitleMax), 'y'.repeat(LIMITS.newsTextMax));
    expect(longest.text).toHaveLength(LIMITS.newsTextMax);
  });

  it('keeps a picture re-encoded as PNG; one over the limit or not an image saves nothing', async () => {
    const jpeg = await solidImage('jpeg', 2000, 1000);
    const answer = await post(
      writer,
      form({ title: 'Photo du club', text: 'Le ponton' }, { content: jpeg, type: 'image/jpeg' }),
    );
    expect(answer.statusCode).toBe(200);
    const saved = newsPostSchema.parse(answer.json());
    expect(saved.picture_url).toMatch(new RegExp(`^/files/news/${saved.uuid}\\.png\\?v=\\d+$`));
    const stored = await sharp(fs.readFileSync(pictureFile(saved.picture_url as string))).metadata();
    expect(stored).toMatchObject({ format: 'png', width: 1280, height: 640 });
    const served = await ctx.app.inject({ method: 'GET', url: saved.picture_url as string });
    expect(served.statusCode).toBe(200);

    const before = await newsCount();
    const files = fs.readdirSync(path.join(publicDir, 'news')).length;
    const tooBig = Buffer.concat([jpeg, Buffer.alloc(LIMITS.imageBytesMax)]);
    const big = await post(
      writer,
      form({ title: 'Trop lourde', text: 'x' }, { content: tooBig, type: 'image/jpeg' }),
    );
    expect(big.statusCode).toBe(413);
    expect(big.json()).toMatchObject({ code: 'too_large' });
    const text = await post(
      writer,
      form({ title: 'Pas une image', text: 'x' }, { content: Buffer.from('<svg/>'), type: 'image/png' }),
    );
    expect(text.statusCode).toBe(415);
    expect(await newsCount()).toBe(before);
    expect(fs.readdirSync(path.join(publicDir, 'news'))).toHaveLength(files);
  });

  it('the author and admins edit and delete; another contributor and members may not', async () => {
    const mine = await posted(writer, 'Horaires', 'Avant');
    for (const token of [otherWriter, member]) {
      expect((await edit(token, mine.uuid, { title: 'Volé', text: 'x' })).statusCode).toBe(403);
      expect((await remove(token, mine.uuid)).statusCode).toBe(403);
    }
    ctx.clock.now = new Date(ctx.clock.now.getTime() + 1_000);
    const changed = await edit(writer, mine.uuid, { title: 'Horaires d’hiver', text: 'Après' });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({
      title: 'Horaires d’hiver',
      text: 'Après',
      created_at: mine.created_at,
    });
    expect(changed.json().updated_at).not.toBe(mine.updated_at);
    expect((await edit(admin, mine.uuid, { title: 'Par l’admin', text: 'Après' })).statusCode).toBe(200);
    expect((await remove(admin, mine.uuid)).statusCode).toBe(200);
    expect((await readNews()).some((p) => p.uuid === mine.uuid)).toBe(false);
    expect((await remove(writer, mine.uuid)).statusCode).toBe(404);
    expect((await edit(writer, randomUUID(), { title: 'x', text: 'y' })).statusCode).toBe(404);
  });

  it('an author who is no longer a contributor keeps the post but not the right to edit it', async () => {
    const demoted = await ctx.createUser('was-writer', 'Contributor');
    const token = await ctx.signIn('was-writer');
    const saved = await posted(token, 'Ancien');
    await ctx.db.updateTable('users').set({ role_name: 'User' }).where('id', '=', demoted.id).execute();
    expect((await edit(token, saved.uuid, { title: 'x', text: 'y' })).statusCode).toBe(403);
    expect((await remove(admin, saved.uuid)).statusCode).toBe(200);
  });

  it('replaces and removes a picture, and a deleted post takes its picture with it', async () => {
    const png = await solidImage('png', 300, 200);
    const saved = newsPostSchema.parse(
      (
        await post(writer, form({ title: 'Avec photo', text: 'x' }, { content: png, type: 'image/png' }))
      ).json(),
    );
    const file = pictureFile(saved.picture_url as string);
    ctx.clock.now = new Date(ctx.clock.now.getTime() + 1_000);
    const kept = newsPostSchema.parse(
      (await edit(writer, saved.uuid, form({ title: 'Texte seul changé', text: 'x' }))).json(),
    );
    expect(kept.picture_url).not.toBeNull();
    expect(kept.picture_url).not.toBe(saved.picture_url);
    const dropped = newsPostSchema.parse(
      (await edit(writer, saved.uuid, { title: 'Sans photo', text: 'x', remove_picture: true })).json(),
    );
    expect(dropped.picture_url).toBeNull();
    expect(fs.existsSync(file)).toBe(false);
    const again = newsPostSchema.parse(
      (
        await edit(
          writer,
          saved.uuid,
          form({ title: 'Photo', text: 'x' }, { content: png, type: 'image/png' }),
        )
      ).json(),
    );
    expect(fs.existsSync(pictureFile(again.picture_url as string))).toBe(true);
    expect((await remove(writer, saved.uuid)).statusCode).toBe(200);
    expect(fs.existsSync(file)).toBe(false);
  });

  it('pushes a new post to the devices of members who allowed it, in their language, not to the author', async () => {
    const device = standIn.newDevice();
    const put = await ctx.app.inject({
      method: 'PUT',
      url: '/api/push/subscription',
      headers: bearer(member),
      payload: device.subscription,
    });
    expect(put.statusCode).toBe(204);
    const own = standIn.newDevice();
    await ctx.app.inject({
      method: 'PUT',
      url: '/api/push/subscription',
      headers: bearer(writer),
      payload: own.subscription,
    });
    await ctx.push.runOnce();
    await ctx.db.updateTable('users').set({ language: 'en' }).where('id', '=', memberId).execute();
    standIn.received.length = 0;
    const saved = await posted(writer, 'Nouveau créneau');
    await ctx.push.runOnce();
    const payloads = standIn.received.map((push) => ({
      path: push.path,
      message: JSON.parse(push.payload ?? 'null'),
    }));
    expect(payloads).toEqual([
      {
        path: new URL(device.subscription.endpoint).pathname,
        message: { title: 'Club news', body: 'Nouveau créneau', url: '/news', tag: `news-${saved.uuid}` },
      },
    ]);
    // An edit is not news again.
    standIn.received.length = 0;
    await edit(writer, saved.uuid, { title: 'Nouveau créneau (corrigé)', text: 'x' });
    await ctx.push.runOnce();
    expect(standIn.received).toHaveLength(0);
  });
});
