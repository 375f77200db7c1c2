import {
  type APIRequestContext,
  type Browser,
  type BrowserContext,
  expect,
  type Page,
  type Request,
  test,
} from '@playwright/test';
import { newEvent, rootToken, signInApi } from './api';
import { CLUB_ZONE, startThisClubWeek } from './helpers';
import { E2E_USERS } from './server-process';

// A cold first visit asks the server for each thing once, the reads a page needs start together, the static
// files arrive compressed, and a repeat visit paints the week from the cache.
// Every context here is new: empty HTTP cache, no service worker yet, nothing in IndexedDB.
// Each phone keeps the club's time, as a member's does: before the app's code has run, the week to read and
// the snapshot to show are guessed from the device's calendar (src/data/core/page-load-plan.ts); on a host
// clock in UTC, late on a Sunday, that guess would be last week.
const PHONE = { viewport: { width: 390, height: 844 }, timezoneId: CLUB_ZONE };

const SHOTS = 'test-results/screenshots';

/** Every request to the API the page sends, in order, as `METHOD path?query`. */
function recordApiRequests(page: Page): string[] {
  const sent: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/api/')) sent.push(`${request.method()} ${url.pathname}${url.search}`);
  });
  return sent;
}

const repeated = (sent: string[]) => sent.filter((line, index) => sent.indexOf(line) !== index);

/** Puts a signed-in member's storage on the origin without loading any app code, as lighthouse-run does. */
async function signInStorage(context: BrowserContext, token: string): Promise<void> {
  const page = await context.newPage();
  await page.goto('/robots.txt');
  await page.evaluate(async (t) => {
    const me = await fetch('/api/user/me', { headers: { Authorization: `Bearer ${t}` } });
    localStorage.setItem('token', t);
    localStorage.setItem('currentUser', JSON.stringify(await me.json()));
  }, token);
  await page.close();
}

/**
 * An event `startInHours` from now (or sooner, late on a Sunday: the home screen shows this week), and a new
 * phone where the member is signed in, nothing of the app cached.
 */
async function memberFirstVisit(
  browser: Browser,
  request: APIRequestContext,
  name: string,
  startInHours: number,
  serviceWorkers: 'allow' | 'block' = 'allow',
) {
  const organiser = await rootToken(request);
  const event = await newEvent(request, organiser, {
    model: { name, description: 'Sortie du samedi' },
    start: await startThisClubWeek(startInHours),
  });
  const { token } = await signInApi(request, E2E_USERS.member.username);
  const context = await browser.newContext({ ...PHONE, serviceWorkers });
  await signInStorage(context, token);
  return { event, context, page: await context.newPage() };
}

/** Waits until the page has nothing left in flight (the later reads of a screen included). */
async function settle(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(500);
  await page.waitForLoadState('networkidle');
}

test('cold /login: each API read once, static files compressed, the form usable', async ({ browser }) => {
  const context = await browser.newContext(PHONE);
  const page = await context.newPage();
  const sent = recordApiRequests(page);
  const assets: { url: string; encoding: string | undefined; vary: string | undefined }[] = [];
  page.on('response', (response) => {
    const url = new URL(response.url());
    if (/\.(js|css)$/.test(url.pathname))
      assets.push({
        url: url.pathname,
        encoding: response.headers()['content-encoding'],
        vary: response.headers().vary,
      });
  });

  await page.goto('/login');
  await expect(page.getByLabel("Nom d'utilisateur ou e-mail")).toBeEditable();
  await expect(page.getByRole('button', { name: 'Se connecter' })).toBeEnabled();
  await settle(page);
  await page.screenshot({ path: `${SHOTS}/first-visit-login-390.png` });

  // Signed out, the sign-in screen reads only the club's public start settings, once: its logo and name above
  // the form (docs/rules.md#club-settings). No session check, no week.
  expect(sent).toEqual(['GET /api/internal/settings/start']);

  // The entry script and the stylesheet at least (the first screen's code is one chunk beside them).
  expect(assets.filter((a) => /^\/assets\/index-[\w-]+\.(js|css)$/.test(a.url))).toHaveLength(2);
  for (const asset of assets) {
    expect(asset.encoding, asset.url).toMatch(/^(br|gzip)$/);
    expect(asset.vary?.toLowerCase(), asset.url).toContain('accept-encoding');
  }
  await context.close();
});

test('cold / signed in: each API read once, the session check and the week together; a repeat visit paints from the cache', async ({
  browser,
  request,
}) => {
  const { event, context, page } = await memberFirstVisit(browser, request, 'Première visite', 1);
  const sent = recordApiRequests(page);

  // The session check is held back for a second: the week must not wait for it.
  let weekAskedWhileMeHeld = false;
  let meHeld = false;
  await page.route('**/api/user/me', async (route) => {
    meHeld = true;
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    meHeld = false;
    await route.continue();
  });
  page.on('request', (r: Request) => {
    if (new URL(r.url()).pathname.startsWith('/api/event/from/') && meHeld) weekAskedWhileMeHeld = true;
  });

  await page.goto('/');
  const row = page.locator(`[data-event="${event.uuid_event}"]`);
  await expect(row).toBeVisible();
  await settle(page);
  await page.screenshot({ path: `${SHOTS}/first-visit-week-390.png` });

  expect(repeated(sent)).toEqual([]);
  expect(sent).toContain('GET /api/user/me');
  // The club's settings in one answer, not one request per key.
  expect(sent).toContain('GET /api/internal/settings/start');
  expect(sent.filter((line) => line.startsWith('GET /api/internal/settings?key='))).toEqual([]);
  expect(sent.filter((line) => line.startsWith('GET /api/event/from/'))).toHaveLength(1);
  expect(weekAskedWhileMeHeld).toBe(true);
  await page.unroute('**/api/user/me');

  // Repeat visit: the week's read is held for three seconds, yet the cached week is on screen before it.
  let releaseWeek: () => void = () => undefined;
  const weekHeld = new Promise<void>((resolve) => {
    releaseWeek = resolve;
  });
  let weekAnswered = false;
  await page.route('**/api/event/from/**', async (route) => {
    await Promise.race([weekHeld, new Promise((resolve) => setTimeout(resolve, 3_000))]);
    await route.continue();
    weekAnswered = true;
  });
  await page.reload();
  await expect(row).toBeVisible();
  expect(weekAnswered).toBe(false);
  releaseWeek();
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.screenshot({ path: `${SHOTS}/first-visit-week-repeat-1280.png` });
  await context.close();
});

test('cold / signed in: the reads leave while the entry script still downloads, under the strict CSP; their parsers once the week is on screen', async ({
  browser,
  request,
}) => {
  const { event, context, page } = await memberFirstVisit(browser, request, 'Départ anticipé', 2);
  const refused: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) refused.push(message.text());
  });
  page.on('pageerror', (error) => refused.push(error.message));

  // The entry script is held for 1.5 s: what index.html's inline script sends meanwhile is recorded.
  let isEntryHeld = false;
  const sentWhileEntryHeld: string[] = [];
  page.on('request', (r) => {
    if (isEntryHeld) sentWhileEntryHeld.push(new URL(r.url()).pathname);
  });
  await page.route(/\/assets\/index-[\w-]+\.js$/, async (route) => {
    isEntryHeld = true;
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    isEntryHeld = false;
    await route.continue();
  });

  // When the week's first row enters the page, in the page's own clock.
  await page.addInitScript(() => {
    const seen = new MutationObserver(() => {
      if (!document.querySelector('[data-event]')) return;
      (window as unknown as { firstRowAt: number }).firstRowAt = performance.now();
      seen.disconnect();
    });
    seen.observe(document, { childList: true, subtree: true });
  });

  await page.goto('/');
  await expect(page.locator(`[data-event="${event.uuid_event}"]`)).toBeVisible();
  await settle(page);
  await page.screenshot({ path: `${SHOTS}/first-visit-boot-390.png` });

  expect(sentWhileEntryHeld).toEqual(
    expect.arrayContaining([
      '/api/internal/settings/start',
      '/api/user/me',
      expect.stringMatching(/^\/api\/event\/from\/\d{4}-\d{2}-\d{2}\/to\/\d{4}-\d{2}-\d{2}$/),
      // The start settings' reader, checked without zod (vite.config.ts, 'start-settings').
      expect.stringMatching(/^\/assets\/start-settings-[\w-]+\.js$/),
    ]),
  );
  // The parsers (zod, the contract) and the sync engine, one chunk (vite.config.ts, 'signed-in'): on the week,
  // asked for once the week, shown from its early answer, is in the page, never beside the first reads.
  expect(sentWhileEntryHeld.filter((path) => /^\/assets\/signed-in-/.test(path))).toEqual([]);
  const { firstRowAt, parsersAt } = await page.evaluate(() => ({
    firstRowAt: (window as unknown as { firstRowAt?: number }).firstRowAt,
    parsersAt: performance
      .getEntriesByType('resource')
      .find((entry) => /\/assets\/signed-in-[\w-]+\.js$/.test(entry.name))?.startTime,
  }));
  expect(firstRowAt).toBeGreaterThan(0);
  expect(parsersAt).toBeGreaterThan(firstRowAt ?? Number.POSITIVE_INFINITY);
  expect(refused).toEqual([]);
  await context.close();
});

test('a repeat start shows the week as last seen at once, inert, until the bundle has rendered it live', async ({
  browser,
  request,
}) => {
  // No service worker: the page's own scripts are held below, which a worker's cache would answer.
  const { event, context, page } = await memberFirstVisit(browser, request, 'Retour rapide', 3, 'block');
  await page.goto('/');
  const row = page.locator(`[data-event="${event.uuid_event}"]`);
  await expect(row).toBeVisible();
  // Kept once the week has settled on screen (src/app/week-snapshot.ts).
  await page.waitForFunction(() => localStorage.getItem('weekSnapshot') !== null);
  await page.close();

  const again = await context.newPage();
  let releaseEntry: () => void = () => undefined;
  const entryHeld = new Promise<void>((resolve) => {
    releaseEntry = resolve;
  });
  await again.route(/\/assets\/index-[\w-]+\.js$/, async (route) => {
    await Promise.race([entryHeld, new Promise((resolve) => setTimeout(resolve, 10_000))]);
    await route.continue();
  });
  await again.goto('/', { waitUntil: 'commit' });
  const snapshotRow = again.locator(`[data-week-snapshot] [data-event="${event.uuid_event}"]`);
  await expect(snapshotRow).toBeVisible();
  await expect(again.locator('#root > [data-week-snapshot]').first()).toHaveAttribute('inert', '');
  await again.screenshot({ path: `${SHOTS}/first-visit-snapshot-390.png` });

  releaseEntry();
  const liveRow = again.locator(`#root > :not([data-week-snapshot]) [data-event="${event.uuid_event}"]`);
  await expect(liveRow).toBeVisible();
  await expect(again.locator('[data-week-snapshot]')).toHaveCount(0);
  await liveRow.getByRole('button', { name: 'Détails' }).click();
  await expect(again.getByRole('dialog')).toBeVisible();

  // Signing out forgets the member's week.
  await again.goto('/logout');
  await again.waitForURL(/\/login/);
  expect(await again.evaluate(() => localStorage.getItem('weekSnapshot'))).toBeNull();
  await context.close();
});
