import type { InjectOptions } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Club, runInClub } from '../../../server/db/club-scope/current-club';
import { answerUrl } from '../../../server/mail/answer-links';
import { readLinkSecret, unsubscribeUrl } from '../../../server/modules/notifications/unsubscribe-links';
import { addClub } from '../helpers/clubs';
import { createEvent, insertModel } from '../helpers/event-fixtures';
import { multipartFile } from '../helpers/multipart';
import { bearer, createTestContext, PASSWORD, type TestContext } from '../helpers/test-context';

// The club's own app (docs/rules.md#club-settings): two clubs of one deployment, on two hosts, installed on one
// phone, show two names and two icons; the pages the server shows outside the app speak for the host's club.
const PUBLIC_URL = 'https://kayak-brest.example.org';
const HOST_2 = 'aviron-vannes.example.org';
let ctx: TestContext;
let second: Club;
let admin1: string;
let boss2: string;
let boss2Id: string;

const on = (host: string, options: InjectOptions) =>
  ctx.app.inject({ ...options, headers: { ...options.headers, host } });

async function signInOn(host: string, username: string) {
  const response = await on(host, {
    method: 'POST',
    url: '/api/user/login',
    payload: { username_or_email: username, password: PASSWORD },
  });
  expect(response.statusCode).toBe(200);
  return response.json<{ token: string; user: { id: string } }>();
}

const writeSettings = (host: string, token: string, payload: object) =>
  on(host, { method: 'PUT', url: '/api/internal/club-settings', headers: bearer(token), payload });

async function uploadLogo(host: string, token: string, colour: { r: number; g: number; b: number }) {
  const png = await sharp({
    create: { width: 96, height: 64, channels: 4, background: { ...colour, alpha: 1 } },
  })
    .png()
    .toBuffer();
  const form = multipartFile(png, 'logo.png', 'image/png');
  const answer = await on(host, {
    method: 'PUT',
    url: '/api/internal/settings/logo',
    payload: form.payload,
    headers: { ...form.headers, ...bearer(token) },
  });
  expect(answer.statusCode).toBe(200);
}

interface Manifest {
  name: string;
  short_name: string;
  theme_color: string;
  icons: Array<{ src: string; sizes: string; type: string; purpose?: string }>;
  [key: string]: unknown;
}
const manifestOn = (host: string, headers: Record<string, string> = {}) =>
  on(host, { method: 'GET', url: '/manifest.webmanifest', headers });

beforeAll(async () => {
  ctx = await createTestContext({ env: { PUBLIC_URL, RATE_LIMIT_LOGIN: '1000' } });
  second = await addClub(ctx, HOST_2, 'Aviron de Vannes');
  await ctx.createUser('anne', 'Admin');
  admin1 = await ctx.signIn('anne');
  const boss = await signInOn(HOST_2, 'boss');
  boss2 = boss.token;
  boss2Id = boss.user.id;
  expect(
    (await writeSettings('localhost', admin1, { club_name: 'Kayak Club de Brest', short_name: 'KCB' }))
      .statusCode,
  ).toBe(200);
  expect((await writeSettings(HOST_2, boss2, { accent_colour: '#0f766e' })).statusCode).toBe(200);
}, 60_000);
afterAll(() => ctx?.close());

describe('the web manifest', () => {
  it("is the host's club's: name, short name, theme colour; the rest fixed", async () => {
    const one = await manifestOn('localhost');
    expect(one.statusCode).toBe(200);
    expect(one.headers['content-type']).toBe('application/manifest+json; charset=utf-8');
    expect(one.headers['cache-control']).toBe('no-cache');
    expect(one.json()).toEqual({
      name: 'Kayak Club de Brest',
      short_name: 'KCB',
      description: 'Inscriptions aux événements du club',
      lang: 'fr',
      start_url: '/',
      scope: '/',
      display: 'standalone',
      theme_color: '#1d4ed8',
      background_color: '#ffffff',
      icons: [
        { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' },
        { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png' },
        { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
      ],
    });
    const two = (await manifestOn(HOST_2)).json<Manifest>();
    // No short name set: the club's name cut to 12.
    expect([two.name, two.short_name, two.theme_color]).toEqual([
      'Aviron de Vannes',
      'Aviron de Va',
      '#0f766e',
    ]);
  });

  it('answers 304 while unchanged, and a new body once the club changes', async () => {
    const first = await manifestOn(HOST_2);
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^W\/"/);
    expect((await manifestOn(HOST_2, { 'if-none-match': etag })).statusCode).toBe(304);
    await writeSettings(HOST_2, boss2, { short_name: 'Aviron' });
    const changed = await manifestOn(HOST_2, { 'if-none-match': etag });
    expect(changed.statusCode).toBe(200);
    expect(changed.json<Manifest>().short_name).toBe('Aviron');
    // The other club's manifest did not move.
    expect((await manifestOn('localhost')).json<Manifest>().short_name).toBe('KCB');
  });

  it("points each host at its own club's icons, which are different files", async () => {
    await uploadLogo('localhost', admin1, { r: 200, g: 30, b: 30 });
    await uploadLogo(HOST_2, boss2, { r: 20, g: 60, b: 200 });
    const [one, two] = [
      (await manifestOn('localhost')).json<Manifest>(),
      (await manifestOn(HOST_2)).json<Manifest>(),
    ];
    for (const manifest of [one, two])
      expect(manifest.icons.map((icon) => icon.src)).toEqual([
        expect.stringMatching(/^\/files\/icon-192\.png\?v=\d+$/),
        expect.stringMatching(/^\/files\/icon-512\.png\?v=\d+$/),
        expect.stringMatching(/^\/files\/icon-maskable-512\.png\?v=\d+$/),
      ]);
    const pixel = async (host: string, src: string) => {
      const answer = await on(host, { method: 'GET', url: src });
      expect(answer.statusCode).toBe(200);
      const { data } = await sharp(answer.rawPayload)
        .extract({ left: 256, top: 256, width: 1, height: 1 })
        .raw()
        .toBuffer({
          resolveWithObject: true,
        });
      return [...data.subarray(0, 3)];
    };
    expect(await pixel('localhost', one.icons[1]?.src as string)).toEqual([200, 30, 30]);
    expect(await pixel(HOST_2, two.icons[1]?.src as string)).toEqual([20, 60, 200]);
    expect(await pixel(HOST_2, two.icons[2]?.src as string)).toEqual([20, 60, 200]);
    // The iOS icon too.
    const apple = async (host: string) =>
      (await on(host, { method: 'GET', url: '/apple-touch-icon.png' })).rawPayload;
    expect((await apple('localhost')).equals(await apple(HOST_2))).toBe(false);
  });
});

describe('the stylesheet of the server pages', () => {
  it("gives each host its club's accent colour", async () => {
    const css = async (host: string) => {
      const answer = await on(host, { method: 'GET', url: '/club.css' });
      expect(answer.headers['content-type']).toBe('text/css; charset=utf-8');
      return answer.body;
    };
    expect(await css('localhost')).toContain('--club-accent: #1d4ed8;');
    expect(await css(HOST_2)).toContain('--club-accent: #0f766e;');
  });
});

describe("the answer and unsubscribe pages show the host's club", () => {
  /** The page's header (name and logo), its title and its stylesheets. */
  const brandOf = (html: string) => ({
    title: /<title>([^<]*)<\/title>/.exec(html)?.[1],
    header: /<header class="club">([\s\S]*?)<\/header>/.exec(html)?.[1]?.replace(/\?v=\d+/, '?v=N'),
    sheets: [...html.matchAll(/<link rel="stylesheet" href="([^"]+)">/g)].map((match) => match[1]),
  });

  it("an answer link's page, and its refusal on the other host", async () => {
    const model = await insertModel(ctx);
    const event = await createEvent(ctx, admin1, model);
    const url = answerUrl(
      { clubKey: ctx.config.clubKey, publicUrl: PUBLIC_URL },
      await readLinkSecret(ctx.db),
      {
        eventUuid: event.uuid_event as string,
        userId: (await ctx.createUser('bea')).id,
        action: 'come',
        expiresAt: new Date(event.start_date as string),
      },
    );
    const path = url.slice(PUBLIC_URL.length);
    const page = await on('localhost', { method: 'GET', url: path });
    expect(page.statusCode).toBe(200);
    expect(brandOf(page.body)).toEqual({
      title: 'Je viens · Kayak Club de Brest',
      header:
        '<img src="/files/logo.png?v=N" alt="" width="40" height="40">\n<span>Kayak Club de Brest</span>',
      sheets: ['/pages.css', '/club.css'],
    });
    expect(page.body).not.toContain('Équipée');
    // The same link on the other club's host is not one it signed: its page, under its name.
    const refused = await on(HOST_2, { method: 'GET', url: path });
    expect(refused.statusCode).toBe(404);
    expect(brandOf(refused.body).header).toContain('<span>Aviron de Vannes</span>');
  });

  it("an unsubscribe link's pages", async () => {
    const secret = await runInClub(second, () => readLinkSecret(ctx.db));
    const url = unsubscribeUrl(
      { clubKey: second.key, publicUrl: second.publicUrl },
      secret,
      boss2Id,
      'event_update',
    );
    const path = url.slice(second.publicUrl.length);
    const page = await on(HOST_2, { method: 'GET', url: path });
    expect(page.statusCode).toBe(200);
    expect(brandOf(page.body)).toMatchObject({
      title: expect.stringMatching(/ · Aviron de Vannes$/),
      header: '<img src="/files/logo.png?v=N" alt="" width="40" height="40">\n<span>Aviron de Vannes</span>',
    });
    const done = await on(HOST_2, {
      method: 'POST',
      url: path,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(done.statusCode).toBe(200);
    expect(brandOf(done.body).header).toContain('<span>Aviron de Vannes</span>');
    const invalid = await on('localhost', { method: 'GET', url: path });
    expect(invalid.statusCode).toBe(404);
    expect(brandOf(invalid.body).header).toContain('<span>Kayak Club de Brest</span>');
  });

  it('shows the bundled icon while the club has no logo', async () => {
    const third = await addClub(ctx, 'voile-lorient.example.org', 'Voile & Lorient');
    const page = await on('voile-lorient.example.org', { method: 'GET', url: '/api/answer/nothing-signed' });
    expect(page.statusCode).toBe(404);
    expect(brandOf(page.body).header).toBe(
      '<img src="/icons/icon-192.png" alt="" width="40" height="40">\n<span>Voile &amp; Lorient</span>',
    );
    expect(third.host).toBe('voile-lorient.example.org');
  });
});
