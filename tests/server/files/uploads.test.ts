import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipartFile, solidImage } from '../helpers/multipart';
import { bearer, createTestContext, type TestContext } from '../helpers/test-context';

let ctx: TestContext;
let token: string;
let userId: string;
// The refusals are sent by a second member: each user may upload 10 times in 10 minutes.
let refusedToken: string;
let adminToken: string;
let publicDir: string;

beforeAll(async () => {
  ctx = await createTestContext();
  userId = (await ctx.createUser('pia')).id;
  token = await ctx.signIn('pia');
  await ctx.createUser('rex');
  refusedToken = await ctx.signIn('rex');
  await ctx.createUser('admin', 'Admin');
  adminToken = await ctx.signIn('admin');
  publicDir = path.join(ctx.dataDir, 'default', 'public');
});
afterAll(() => ctx.close());

const PNG_MAGIC = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

function listFiles(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => path.join(e.parentPath, e.name));
}

const uploadPicture = (content: Buffer, filename: string, type: string) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/user/profile/picture',
    ...withAuth(multipartFile(content, filename, type), token),
  });
function withAuth(body: { payload: Buffer; headers: Record<string, string> }, bearerToken: string) {
  return { payload: body.payload, headers: { ...body.headers, ...bearer(bearerToken) } };
}

describe('profile pictures', () => {
  it.each(['png', 'jpeg', 'webp'] as const)(
    'accepts %s and stores it re-encoded as PNG, with a 64 px thumbnail',
    async (format) => {
      const image = await sharp({ create: { width: 300, height: 200, channels: 3, background: '#3366cc' } })
        .toFormat(format)
        .withExif({ IFD0: { Copyright: 'secret-exif-marker' } })
        .toBuffer();
      const response = await uploadPicture(image, `me.${format}`, `image/${format}`);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        picture_url: `/files/profile/${userId}.png`,
        thumbnail_url: `/files/profile/thumbnail-${userId}.png`,
      });
      const stored = fs.readFileSync(path.join(publicDir, 'profile', `${userId}.png`));
      expect(stored.subarray(0, 8)).toEqual(PNG_MAGIC);
      expect(stored.includes('secret-exif-marker')).toBe(false);
      expect((await sharp(stored).metadata()).exif).toBeUndefined();
      const thumbnail = await sharp(path.join(publicDir, 'profile', `thumbnail-${userId}.png`)).metadata();
      expect([thumbnail.format, thumbnail.width, thumbnail.height]).toEqual(['png', 64, 64]);
    },
  );

  it('serves the picture at its public URL with ETag revalidation', async () => {
    const served = await ctx.app.inject({ method: 'GET', url: `/files/profile/${userId}.png` });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    const etag = served.headers.etag as string;
    const again = await ctx.app.inject({
      method: 'GET',
      url: `/files/profile/${userId}.png`,
      headers: { 'if-none-match': etag },
    });
    expect(again.statusCode).toBe(304);
  });

  type BodyMaker = () => Promise<{ payload: Buffer; headers: Record<string, string> }>;
  const refusals: Array<[string, number, string, BodyMaker]> = [
    [
      'a text file renamed .png',
      415,
      'unsupported_media',
      async () => multipartFile(Buffer.from('just some text, not an image'), 'fake.png', 'image/png'),
    ],
    [
      'an SVG',
      415,
      'unsupported_media',
      async () =>
        multipartFile(
          Buffer.from(
            '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>',
          ),
          'x.svg',
          'image/svg+xml',
        ),
    ],
    [
      'a GIF',
      415,
      'unsupported_media',
      async () =>
        multipartFile(
          await sharp({ create: { width: 4, height: 4, channels: 3, background: '#000' } })
            .gif()
            .toBuffer(),
          'x.gif',
          'image/gif',
        ),
    ],
    [
      'a 30-megapixel image',
      413,
      'too_large',
      async () => multipartFile(await solidImage('png', 6000, 5000)),
    ],
    [
      'a file over 5 MB',
      413,
      'too_large',
      async () => multipartFile(Buffer.concat([PNG_MAGIC, Buffer.alloc(5 * 1024 * 1024 + 10, 7)])),
    ],
    ['an empty file', 400, 'invalid_input', async () => multipartFile(Buffer.alloc(0))],
    [
      'a multipart body with no file',
      400,
      'invalid_input',
      async () => ({
        payload: Buffer.from('--b\r\nContent-Disposition: form-data; name="note"\r\n\r\nhi\r\n--b--\r\n'),
        headers: { 'content-type': 'multipart/form-data; boundary=b' },
      }),
    ],
    [
      'an empty body',
      400,
      'invalid_input',
      async () => ({
        payload: Buffer.alloc(0),
        headers: { 'content-type': 'multipart/form-data; boundary=b' },
      }),
    ],
    [
      'a JSON body',
      415,
      'unsupported_media',
      async () => ({ payload: Buffer.from('{"file":"x"}'), headers: { 'content-type': 'application/json' } }),
    ],
  ];

  it.each(refusals)('refuses %s with %i %s and writes nothing', async (_name, status, code, makeBody) => {
    const before = listFiles(ctx.dataDir).map((f) => [f, fs.statSync(f).mtimeMs]);
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/user/profile/picture',
      ...withAuth(await makeBody(), refusedToken),
    });
    expect(response.statusCode).toBe(status);
    expect(response.json().code).toBe(code);
    expect(listFiles(ctx.dataDir).map((f) => [f, fs.statSync(f).mtimeMs])).toEqual(before);
  });
});

describe('club logo', () => {
  it('stores an upload as logo.png, served at the URL the settings give', async () => {
    const response = await ctx.app.inject({
      method: 'PUT',
      url: '/api/internal/settings/logo',
      ...withAuth(multipartFile(await solidImage('jpeg', 800, 600), 'logo.jpg', 'image/jpeg'), adminToken),
    });
    const { value } = response.json();
    expect(value).toMatch(/^\/files\/logo\.png\?v=\d+$/);
    const served = await ctx.app.inject({ method: 'GET', url: value });
    expect(served.statusCode).toBe(200);
    const metadata = await sharp(served.rawPayload).metadata();
    expect([metadata.format, metadata.width, metadata.height]).toEqual(['png', 512, 384]);
    const setting = await ctx.app.inject({ method: 'GET', url: '/api/internal/settings?key=logo' });
    expect(setting.json()).toEqual({ key: 'logo', value });
  });

  it('gives a replaced logo a new URL, so no cache shows the old one', async () => {
    const upload = async (color: 'jpeg' | 'png') =>
      (
        await ctx.app.inject({
          method: 'PUT',
          url: '/api/internal/settings/logo',
          ...withAuth(
            multipartFile(await solidImage(color, 64, 64), `logo.${color}`, `image/${color}`),
            adminToken,
          ),
        })
      ).json().value;
    const first = await upload('png');
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(await upload('jpeg')).not.toBe(first);
  });

  it('refuses a text file as a logo and keeps the old one', async () => {
    const before = fs.readFileSync(path.join(publicDir, 'logo.png'));
    const response = await ctx.app.inject({
      method: 'PUT',
      url: '/api/internal/settings/logo',
      ...withAuth(multipartFile(Buffer.from('<?php echo 1; ?>'), 'logo.png'), adminToken),
    });
    expect(response.statusCode).toBe(415);
    expect(fs.readFileSync(path.join(publicDir, 'logo.png'))).toEqual(before);
  });
});
