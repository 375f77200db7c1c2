import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startScheduledJobs } from '../../../server/jobs/scheduled-jobs';
import { CLUB_ICONS, makeClubIcons } from '../../../server/modules/files/club-icons';
import { multipartFile } from '../helpers/multipart';
import { bearer, createTestContext, type TestContext } from '../helpers/test-context';

// The club's home-screen icons (docs/rules.md#club-settings): made from the logo when it is uploaded and at
// start for a logo that has none; the bundled ones when the logo cannot be read.
let ctx: TestContext;
let admin: string;
let publicDir: string;
let staticDir: string;
const BUNDLED_APPLE_ICON = Buffer.from('bundled apple icon');

beforeAll(async () => {
  ctx = await createTestContext({ env: { RATE_LIMIT_LOGIN: '1000' } });
  // A build's icons without a built page: the fallback iOS icon is read from there.
  staticDir = ctx.config.staticDir;
  fs.mkdirSync(path.join(staticDir, 'icons'), { recursive: true });
  fs.writeFileSync(path.join(staticDir, 'icons', 'apple-touch-icon.png'), BUNDLED_APPLE_ICON);
  await ctx.createUser('admin', 'Admin');
  admin = await ctx.signIn('admin');
  publicDir = path.join(ctx.dataDir, 'default', 'public');
});
afterAll(() => ctx.close());

type Rgba = [number, number, number, number];
interface Pixels {
  width: number;
  height: number;
  at(x: number, y: number): Rgba;
}

async function pixelsOf(file: string): Promise<Pixels> {
  const { data, info } = await sharp(fs.readFileSync(file))
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return {
    width: info.width,
    height: info.height,
    at: (x, y) => {
      const at = (y * info.width + x) * 4;
      return [data[at], data[at + 1], data[at + 2], data[at + 3]] as Rgba;
    },
  };
}

const icon = (name: keyof typeof CLUB_ICONS) => path.join(publicDir, CLUB_ICONS[name]);
const hex = ([r, g, b]: Rgba) => `#${[r, g, b].map((v) => v.toString(16).padStart(2, '0')).join('')}`;
const RED = { r: 200, g: 30, b: 30 };

/** A `width`×`height` PNG: a red block, on a transparent ground when `transparent`. */
function logo(width: number, height: number, options: { transparent?: boolean; colour?: typeof RED } = {}) {
  const colour = options.colour ?? RED;
  return sharp({
    create: {
      width,
      height,
      channels: 4,
      background: options.transparent ? { r: 0, g: 0, b: 0, alpha: 0 } : { ...colour, alpha: 1 },
    },
  })
    .png()
    .toBuffer();
}

async function upload(content: Buffer, name = 'logo.png', type = 'image/png') {
  const form = multipartFile(content, name, type);
  const answer = await ctx.app.inject({
    method: 'PUT',
    url: '/api/internal/settings/logo',
    payload: form.payload,
    headers: { ...form.headers, ...bearer(admin) },
  });
  expect(answer.statusCode).toBe(200);
}

/** Every icon at its size; the launcher ones with a transparent margin, the opaque ones opaque everywhere. */
async function expectIconSet(tile = '#ffffff') {
  const sizes = { icon192: 192, icon512: 512, maskable512: 512, apple: 180 } as const;
  for (const [name, size] of Object.entries(sizes) as Array<[keyof typeof sizes, number]>) {
    const pixels = await pixelsOf(icon(name));
    expect([name, pixels.width, pixels.height]).toEqual([name, size, size]);
    const corner = pixels.at(0, 0);
    if (name === 'icon192' || name === 'icon512') expect(corner[3]).toBe(0);
    else expect([hex(corner), corner[3]]).toEqual([tile, 255]);
  }
}

/** No pixel of the maskable icon outside its centred safe circle (80 % of the side) differs from the tile. */
async function expectInsideSafeZone(tile: string) {
  const pixels = await pixelsOf(icon('maskable512'));
  const radius = 512 * 0.4;
  for (let y = 0; y < 512; y += 4)
    for (let x = 0; x < 512; x += 4)
      if (Math.hypot(x + 0.5 - 256, y + 0.5 - 256) > radius + 1) expect(hex(pixels.at(x, y))).toBe(tile);
}

const manifest = async () =>
  (await ctx.app.inject({ method: 'GET', url: '/manifest.webmanifest' })).json<{
    icons: Array<{ src: string; sizes: string; purpose?: string }>;
  }>();

describe('icons made when a logo is uploaded', () => {
  it('from a tiny 16×16 logo: enlarged, padded, and the manifest points at them', async () => {
    await upload(await logo(16, 16));
    await expectIconSet();
    const pixels = await pixelsOf(icon('icon512'));
    expect(hex(pixels.at(256, 256))).toBe('#c81e1e');
    // 5 % transparent margin on each side.
    expect(pixels.at(20, 256)[3]).toBe(0);
    expect(pixels.at(30, 256)[3]).toBe(255);
    await expectInsideSafeZone('#ffffff');
    const icons = (await manifest()).icons.map((i) => i.src);
    expect(icons).toEqual([
      expect.stringMatching(/^\/files\/icon-192\.png\?v=\d+$/),
      expect.stringMatching(/^\/files\/icon-512\.png\?v=\d+$/),
      expect.stringMatching(/^\/files\/icon-maskable-512\.png\?v=\d+$/),
    ]);
    const served = await ctx.app.inject({ method: 'GET', url: icons[2] as string });
    expect([served.statusCode, served.headers['content-type']]).toEqual([200, 'image/png']);
  });

  it('from a huge 4000×3000 photo: fitted, its aspect kept', async () => {
    const photo = await sharp({
      create: {
        width: 4000,
        height: 3000,
        channels: 3,
        background: RED,
        noise: { type: 'gaussian', mean: 128, sigma: 40 },
      },
    })
      .jpeg({ quality: 30 })
      .toBuffer();
    const before = (await manifest()).icons[1]?.src;
    await upload(photo, 'photo.jpg', 'image/jpeg');
    await expectIconSet();
    const pixels = await pixelsOf(icon('icon512'));
    // 460 px wide, 345 high, centred (from y = 83.5): the band above it is margin.
    expect(pixels.at(256, 256)[3]).toBe(255);
    expect(pixels.at(256, 90)[3]).toBe(255);
    expect(pixels.at(256, 78)[3]).toBe(0);
    await expectInsideSafeZone('#ffffff');
    // A new logo, a new URL: no cache keeps the old icon.
    expect((await manifest()).icons[1]?.src).not.toBe(before);
  });

  it('from a logo that is not square: a band across the middle', async () => {
    await upload(await logo(300, 60));
    await expectIconSet();
    const pixels = await pixelsOf(icon('icon512'));
    expect(hex(pixels.at(256, 256))).toBe('#c81e1e');
    expect(pixels.at(256, 256 - 40)[3]).toBe(255);
    expect(pixels.at(256, 256 - 50)[3]).toBe(0);
    await expectInsideSafeZone('#ffffff');
  });

  it('from a transparent logo: transparency kept where launchers allow it, white under the others', async () => {
    const ring = await sharp(await logo(200, 200, { transparent: true }))
      .composite([{ input: await logo(100, 100), left: 50, top: 50 }])
      .png()
      .toBuffer();
    await upload(ring);
    await expectIconSet('#ffffff');
    const pixels = await pixelsOf(icon('icon512'));
    // The logo's own transparent edge stays transparent, its centre opaque.
    expect(pixels.at(256, 256)[3]).toBe(255);
    expect(pixels.at(256, 60)[3]).toBe(0);
    await upload(await logo(64, 64, { transparent: true }));
    await expectIconSet('#ffffff');
  });

  it('puts a white logo on the accent colour, and follows the colour when it changes', async () => {
    await upload(await logo(120, 120, { colour: { r: 255, g: 255, b: 255 } }));
    await expectIconSet('#1d4ed8');
    await expectInsideSafeZone('#1d4ed8');
    const put = await ctx.app.inject({
      method: 'PUT',
      url: '/api/internal/club-settings',
      headers: bearer(admin),
      payload: { accent_colour: '#0f766e' },
    });
    expect(put.statusCode).toBe(200);
    await expectIconSet('#0f766e');
  });

  it('leaves a dark logo on white when the accent colour changes', async () => {
    await upload(await logo(120, 120));
    const made = fs.statSync(icon('maskable512')).mtimeMs;
    await ctx.app.inject({
      method: 'PUT',
      url: '/api/internal/club-settings',
      headers: bearer(admin),
      payload: { accent_colour: '#1d4ed8' },
    });
    await expectIconSet('#ffffff');
    expect(fs.statSync(icon('maskable512')).mtimeMs).toBe(made);
  });
});

/** Starts the scheduled jobs as a server start does, waits for their start-time work, stops them. */
async function startServer() {
  const jobs = startScheduledJobs({
    db: ctx.db,
    now: () => ctx.clock.now,
    config: ctx.config,
    onMailQueued: () => undefined,
    log: { info: () => undefined, error: () => undefined },
  });
  await jobs.started;
  jobs.stop();
}

const removeIcons = () => {
  for (const name of Object.values(CLUB_ICONS)) fs.rmSync(path.join(publicDir, name), { force: true });
};

describe('icons at start', () => {
  it('are made once for a logo that has none (one from before icons, here 4000×3000)', async () => {
    removeIcons();
    fs.writeFileSync(path.join(publicDir, 'logo.png'), await logo(4000, 3000));
    await startServer();
    await expectIconSet();
    await expectInsideSafeZone('#ffffff');
    const made = fs.statSync(icon('icon512')).mtimeMs;
    await startServer();
    expect(fs.statSync(icon('icon512')).mtimeMs).toBe(made);
  });

  it('fall back to the bundled ones for a logo that cannot be read', async () => {
    removeIcons();
    fs.writeFileSync(path.join(publicDir, 'logo.png'), Buffer.from('not a picture at all'));
    await startServer();
    for (const name of Object.values(CLUB_ICONS))
      expect(fs.existsSync(path.join(publicDir, name))).toBe(false);
    expect((await manifest()).icons.map((i) => i.src)).toEqual([
      '/icons/icon-192.png',
      '/icons/icon-512.png',
      '/icons/icon-maskable-512.png',
    ]);
    const apple = await ctx.app.inject({ method: 'GET', url: '/apple-touch-icon.png' });
    expect([apple.statusCode, apple.headers['content-type']]).toEqual([200, 'image/png']);
    expect(apple.rawPayload).toEqual(BUNDLED_APPLE_ICON);
  });

  it('a truncated logo gives the fallback, and leaves no icon of an older logo', async () => {
    fs.writeFileSync(path.join(publicDir, 'logo.png'), await logo(64, 64));
    expect(await makeClubIcons(publicDir, '#1d4ed8')).toBe('made');
    const whole = fs.readFileSync(path.join(publicDir, 'logo.png'));
    fs.writeFileSync(path.join(publicDir, 'logo.png'), whole.subarray(0, whole.length / 2));
    expect(await makeClubIcons(publicDir, '#1d4ed8')).toBe('fallback');
    for (const name of Object.values(CLUB_ICONS))
      expect(fs.existsSync(path.join(publicDir, name))).toBe(false);
  });
});

describe('the iOS icon', () => {
  it("is the club's own once a logo is uploaded, opaque, revalidated with an ETag", async () => {
    await upload(await logo(40, 40));
    const answer = await ctx.app.inject({ method: 'GET', url: '/apple-touch-icon.png' });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['cache-control']).toBe('no-cache');
    expect(answer.rawPayload).toEqual(fs.readFileSync(icon('apple')));
    const again = await ctx.app.inject({
      method: 'GET',
      url: '/apple-touch-icon.png',
      headers: { 'if-none-match': String(answer.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
  });
});
