import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  decodesStarted,
  maxConcurrentDecodes,
  resetDecodeStats,
} from '../../../server/modules/files/decode-slots';
import { PIXELS_ALWAYS_ALLOWED, pixelAllowance } from '../../../server/modules/files/images';
import { multipartFile } from '../helpers/multipart';
import { bearer, createTestContext, type TestContext } from '../helpers/test-context';

let ctx: TestContext;
let publicDir: string;
let users = 0;

beforeAll(async () => {
  ctx = await createTestContext();
  publicDir = path.join(ctx.dataDir, 'default', 'public');
});
afterAll(() => ctx.close());

/** A member of their own: the upload rate is counted per user, so each test starts with a full budget. */
async function newMember(): Promise<{ id: string; token: string }> {
  const username = `uploader${++users}`;
  const { id } = await ctx.createUser(username);
  return { id, token: await ctx.signIn(username) };
}

const uploadPicture = (content: Buffer, token: string, type = 'image/jpeg') => {
  const body = multipartFile(content, 'me.jpg', type);
  return ctx.app.inject({
    method: 'POST',
    url: '/api/user/profile/picture',
    payload: body.payload,
    headers: { ...body.headers, ...bearer(token) },
  });
};

/** Sensor-like noise, slightly blurred, as JPEG: the size and texture of a phone photo. */
async function photo(width: number, height: number): Promise<Buffer> {
  return sharp(randomBytes(width * height * 3), { raw: { width, height, channels: 3 } })
    .blur(1)
    .jpeg({ quality: 80 })
    .toBuffer();
}

describe('decoded size', () => {
  it('accepts an ordinary 12-megapixel phone photo of 3–5 MB, stored at most 1024 px a side', async () => {
    const image = await photo(4000, 3000);
    expect(image.length).toBeGreaterThan(3 * 1024 * 1024);
    expect(image.length).toBeLessThan(5 * 1024 * 1024);
    const member = await newMember();
    const response = await uploadPicture(image, member.token);
    expect(response.statusCode).toBe(200);
    const stored = await sharp(path.join(publicDir, 'profile', `${member.id}.png`)).metadata();
    expect([stored.format, stored.width, stored.height]).toEqual(['png', 1024, 768]);
  });

  it('accepts a plain 4K screenshot (a little text on white, 55 pixels a byte)', async () => {
    const lines = await Promise.all(
      [0, 1, 2, 3, 4].map(async (i) => ({
        input: await sharp(randomBytes(600 * 20 * 3), { raw: { width: 600, height: 20, channels: 3 } })
          .png()
          .toBuffer(),
        left: 100 + i * 300,
        top: 200 + i * 150,
      })),
    );
    const screenshot = await sharp({ create: { width: 3840, height: 2160, channels: 3, background: '#fff' } })
      .composite(lines)
      .png()
      .toBuffer();
    const response = await uploadPicture(screenshot, (await newMember()).token, 'image/png');
    expect(response.statusCode).toBe(200);
  });

  it('refuses a 3 KB PNG declaring 25 megapixels with 413 too_large, from its header, before decoding', async () => {
    const bomb = await sharp({ create: { width: 5000, height: 5000, channels: 3, background: '#000' } })
      .png({ palette: true, colours: 2 })
      .toBuffer();
    expect(bomb.length).toBeLessThan(24 * 1024);
    const member = await newMember();
    resetDecodeStats();
    const response = await uploadPicture(bomb, member.token, 'image/png');
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({ code: 'too_large', field: 'file' });
    // Every decode goes through a decode slot: none was taken, so not a pixel was decoded.
    expect(decodesStarted()).toBe(0);
    expect(fs.existsSync(path.join(publicDir, 'profile', `${member.id}.png`))).toBe(false);
  });

  it('allows 4 MP whatever the file size, then 128 pixels a byte, never past 25 MP', () => {
    expect(pixelAllowance(100)).toBe(PIXELS_ALWAYS_ALLOWED);
    expect(pixelAllowance(24 * 1024)).toBe(PIXELS_ALWAYS_ALLOWED);
    expect(pixelAllowance(100_000)).toBe(12_800_000);
    expect(pixelAllowance(5 * 1024 * 1024)).toBe(25_000_000);
  });

  it('refuses a truncated photo with 415 unsupported_media and writes nothing', async () => {
    const image = await photo(800, 600);
    const member = await newMember();
    const response = await uploadPicture(image.subarray(0, image.length >> 1), member.token);
    expect(response.statusCode).toBe(415);
    expect(fs.existsSync(path.join(publicDir, 'profile', `${member.id}.png`))).toBe(false);
  });
});

describe('upload rate', () => {
  it('answers the 11th upload in 10 minutes 429 too_many_requests with Retry-After, pictures and logo alike', async () => {
    const small = await photo(64, 64);
    const admin = await ctx.createUser(`uploader${++users}`, 'Admin');
    const token = await ctx.signIn(admin.username);
    for (let i = 0; i < 5; i++) expect((await uploadPicture(small, token)).statusCode).toBe(200);
    const body = multipartFile(small, 'logo.jpg', 'image/jpeg');
    for (let i = 0; i < 5; i++) {
      const logo = await ctx.app.inject({
        method: 'PUT',
        url: '/api/internal/settings/logo',
        payload: body.payload,
        headers: { ...body.headers, ...bearer(token) },
      });
      expect(logo.statusCode).toBe(200);
    }
    const eleventh = await uploadPicture(small, token);
    expect(eleventh.statusCode).toBe(429);
    expect(eleventh.json()).toMatchObject({ code: 'too_many_requests' });
    const retryAfter = Number(eleventh.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(600);
    // Counted per user: another member still uploads.
    expect((await uploadPicture(small, (await newMember()).token)).statusCode).toBe(200);
  });
});

/** A news post with a picture, as the app's FormData sends it: title and text, then the file. */
function postNewsPicture(content: Buffer, token: string) {
  const file = multipartFile(content, 'photo.jpg', 'image/jpeg');
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

describe('upload rate with news pictures', () => {
  it('counts news pictures and profile pictures together: the 11th of either is 429 too_many_requests', async () => {
    const small = await photo(64, 64);
    const writer = await ctx.createUser(`uploader${++users}`, 'Contributor');
    const token = await ctx.signIn(writer.username);
    for (let i = 0; i < 5; i++) expect((await postNewsPicture(small, token)).statusCode).toBe(200);
    for (let i = 0; i < 5; i++) expect((await uploadPicture(small, token)).statusCode).toBe(200);
    const postsBefore = await ctx.db.selectFrom('news_posts').select('uuid').execute();
    for (const refused of [await uploadPicture(small, token), await postNewsPicture(small, token)]) {
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toMatchObject({ code: 'too_many_requests' });
      const retryAfter = Number(refused.headers['retry-after']);
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(600);
    }
    expect(await ctx.db.selectFrom('news_posts').select('uuid').execute()).toHaveLength(postsBefore.length);
    // A post without a picture is no upload.
    const textOnly = await ctx.app.inject({
      method: 'POST',
      url: '/api/news',
      payload: { title: 'Sans photo', text: 'Texte' },
      headers: bearer(token),
    });
    expect(textOnly.statusCode).toBe(200);
    // Ten minutes after the first, the window has room again.
    ctx.clock.now = new Date(ctx.clock.now.getTime() + 10 * 60_000);
    expect((await postNewsPicture(small, token)).statusCode).toBe(200);
  });
});

describe('decodes at once', () => {
  it('runs at most two decodes at a time when six uploads arrive together, and all succeed', async () => {
    const image = await photo(2000, 1500);
    const member = await newMember();
    resetDecodeStats();
    const responses = await Promise.all(Array.from({ length: 6 }, () => uploadPicture(image, member.token)));
    expect(responses.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200, 200]);
    expect(decodesStarted()).toBe(6);
    expect(maxConcurrentDecodes()).toBe(2);
  });
});

describe('where multipart is parsed', () => {
  it('only on the routes that take a file: the sign-in refuses a multipart body with 415, a picture takes it', async () => {
    const file = multipartFile(await photo(40, 30), 'me.jpg', 'image/jpeg');
    const signIn = await ctx.app.inject({
      method: 'POST',
      url: '/api/user/login',
      payload: file.payload,
      headers: file.headers,
    });
    expect(signIn.statusCode).toBe(415);
    expect(signIn.json()).toMatchObject({ code: 'unsupported_media' });
    const member = await newMember();
    expect((await uploadPicture(await photo(40, 30), member.token)).statusCode).toBe(200);
  });
});
