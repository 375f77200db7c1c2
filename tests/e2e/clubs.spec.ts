import { type Browser, expect, type Page, request as playwrightRequest, test } from '@playwright/test';
import { newEvent, rootToken } from './api';
import { expectNoAxeViolations } from './axe';
import { showEventRow, signIn } from './helpers';
import { createClubWithCli, E2E_PASSWORD, type OwnServer, startOwnServer } from './server-process';

// Two clubs on one server, told apart by the host the browser asked for. Chromium sends *.localhost to this
// machine, so club1.localhost (a host no club claims: the first club's) and club2.localhost (made with
// create-club) are two origins, each with its own service worker and IndexedDB.
const PORT = 3131;
const FIRST = `http://club1.localhost:${PORT}`;
const SECOND = `http://club2.localhost:${PORT}`;
let server: OwnServer;

test.beforeAll(async () => {
  // A server of its own (seeded, then started) on a busy 2-core machine: more than the default 30 s.
  test.setTimeout(120_000);
  server = await startOwnServer(PORT, {}, (env) =>
    createClubWithCli(env, {
      name: 'Aviron de Vannes',
      host: 'club2.localhost',
      username: 'boss',
      email: 'boss@example.org',
    }),
  );
});

test.afterAll(async () => {
  await server?.stop();
});

/** A call from the page itself, so it goes to the page's host (Node here cannot resolve *.localhost). */
function callFromPage(page: Page, token: string | null, method: string, url: string, body?: unknown) {
  return page.evaluate(
    async ({ token, method, url, body }) => {
      const response = await fetch(url, {
        method,
        headers: {
          ...(token ? { authorization: `Bearer ${token}` } : {}),
          ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
        },
        ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
      });
      return {
        status: response.status,
        body: (await response.json().catch(() => null)) as Record<string, unknown>,
      };
    },
    { token, method, url, body },
  );
}

async function clubPage(browser: Browser, baseURL: string) {
  // bypassCSP: axe-core is injected as an inline script, which the app's policy rightly refuses.
  const context = await browser.newContext({
    baseURL,
    bypassCSP: true,
    viewport: { width: 390, height: 844 },
  });
  return { context, page: await context.newPage() };
}

test('two clubs on one server: each host shows its own club, and nothing of the other crosses', async ({
  browser,
}) => {
  test.setTimeout(90_000);
  // Club 1's event, made through the API on the address every unclaimed host reaches.
  const api = await playwrightRequest.newContext({ baseURL: `http://127.0.0.1:${PORT}` });
  const root = await rootToken(api);
  const kayak = await newEvent(api, root, {
    startInHours: 30,
    model: { name: 'Kayak de l’Odet', description: 'Sortie du club 1' },
  });
  await api.dispose();

  const first = await clubPage(browser, FIRST);
  await signIn(first.page, 'root');
  await expect(await showEventRow(first.page, kayak)).toContainText('Kayak de l’Odet');

  // Club 2's host does not know club 1's accounts: the same username and password are refused there.
  const second = await clubPage(browser, SECOND);
  await second.page.goto('/login');
  await second.page.getByLabel("Nom d'utilisateur ou e-mail").fill('root');
  await second.page.getByLabel('Mot de passe', { exact: true }).fill(E2E_PASSWORD);
  await second.page.getByRole('button', { name: 'Se connecter' }).click();
  await expect(second.page.getByRole('alert')).toBeVisible();
  await expect(second.page).toHaveURL(/\/login$/);
  await second.page.screenshot({
    path: 'test-results/screenshots/clubs-second-refuses-first-account-390.png',
  });

  // Club 2's SuperAdmin signs in there and makes an event of club 2's own.
  await signIn(second.page, 'boss');
  const boss = await callFromPage(second.page, null, 'POST', '/api/user/login', {
    username_or_email: 'boss',
    password: E2E_PASSWORD,
  });
  const bossToken = String(boss.body.token);
  const model = await callFromPage(second.page, bossToken, 'POST', '/api/event/model/add', {
    name: 'Aviron à Vannes',
    description: 'Sortie du club 2',
  });
  const start = new Date(kayak.start_date);
  const aviron = await callFromPage(second.page, bossToken, 'POST', '/api/event/add-or-update', {
    uuid_model_event: model.body.uuid,
    start_date: start.toISOString(),
    end_date: new Date(start.getTime() + 2 * 3_600_000).toISOString(),
    city: 'Vannes',
    zip_code: '56000',
    max_subscribers: 8,
  });
  expect(aviron.status).toBe(200);
  const avironEvent = { uuid_event: String(aviron.body.uuid_event), start_date: start.toISOString() };

  // Each week shows its own club's event and not the other's, the same week on the same server.
  const secondRow = await showEventRow(second.page, avironEvent);
  await expect(secondRow).toContainText('Aviron à Vannes');
  await expect(second.page.locator(`[data-event="${kayak.uuid_event}"]`)).toHaveCount(0);
  await expect(second.page.getByText('Kayak de l’Odet')).toHaveCount(0);
  await expectNoAxeViolations(second.page);
  for (const width of [390, 1280]) {
    await second.page.setViewportSize({ width, height: width < 768 ? 844 : 800 });
    await second.page.screenshot({ path: `test-results/screenshots/clubs-second-week-${width}.png` });
  }
  await first.page.reload();
  await expect(first.page.locator(`[data-event="${kayak.uuid_event}"]`)).toBeVisible();
  await expect(first.page.locator(`[data-event="${avironEvent.uuid_event}"]`)).toHaveCount(0);
  await expect(first.page.getByText('Aviron à Vannes')).toHaveCount(0);
  for (const width of [390, 1280]) {
    await first.page.setViewportSize({ width, height: width < 768 ? 844 : 800 });
    await first.page.screenshot({ path: `test-results/screenshots/clubs-first-week-${width}.png` });
  }

  // A token is good on its own club's host only (401), and an id copied from the other club is not
  // found (404, not 403: the other club's ids stay secret).
  expect((await callFromPage(second.page, root, 'GET', '/api/user/me')).status).toBe(401);
  expect((await callFromPage(first.page, bossToken, 'GET', '/api/user/me')).status).toBe(401);
  expect((await callFromPage(second.page, bossToken, 'GET', `/api/event/${kayak.uuid_event}`)).status).toBe(
    404,
  );
  expect((await callFromPage(first.page, root, 'GET', `/api/event/${avironEvent.uuid_event}`)).status).toBe(
    404,
  );

  // Club 2's SuperAdmin administers club 2's members only.
  await second.page.setViewportSize({ width: 390, height: 844 });
  await second.page.goto('/settings/users');
  await expect(second.page.getByText('boss', { exact: true }).first()).toBeVisible();
  await expect(second.page.getByText('root', { exact: true })).toHaveCount(0);
  await expect(second.page.getByText('marie', { exact: true })).toHaveCount(0);
  for (const width of [390, 1280]) {
    await second.page.setViewportSize({ width, height: width < 768 ? 844 : 800 });
    await second.page.screenshot({ path: `test-results/screenshots/clubs-second-users-${width}.png` });
  }

  // Each origin keeps its own offline copy: club 2's IndexedDB holds club 2's week alone.
  const kept = await second.page.evaluate(async () => {
    const names = (await indexedDB.databases()).map((d) => d.name ?? '');
    const texts: string[] = [];
    for (const name of names) {
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const open = indexedDB.open(name);
        open.onsuccess = () => resolve(open.result);
        open.onerror = () => reject(open.error);
      });
      for (const store of Array.from(db.objectStoreNames)) {
        const rows = await new Promise<unknown[]>((resolve, reject) => {
          const read = db.transaction(store).objectStore(store).getAll();
          read.onsuccess = () => resolve(read.result);
          read.onerror = () => reject(read.error);
        });
        texts.push(JSON.stringify(rows));
      }
      db.close();
    }
    return texts.join('\n');
  });
  expect(kept).toContain('Aviron à Vannes');
  expect(kept).not.toContain('Kayak de l’Odet');
  await first.context.close();
  await second.context.close();
});
