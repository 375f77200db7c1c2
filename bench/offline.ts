// Offline figures in Debian's Chromium against the real server (built app, fresh PGlite):
//  - drain time of 500 ticks queued offline, against the same 500 made online;
//  - cold offline start: a new tab with no network to the first event visible;
//  - tick to optimistic repaint on a 300-row checklist (median and p95 of 50 ticks).
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Page } from 'playwright-core';
import { openDatabase } from '../server/db/connect';
import { createConfirmedUser } from '../server/modules/users/create-user';
import { insertUser } from '../server/modules/users/users.repository';
import { CHROMIUM_ARGS, chromiumPath } from '../tests/e2e/chromium';
import { E2E_BASE_URL, E2E_PASSWORD, E2E_PORT, startServer, stopServer } from '../tests/e2e/server-process';

const ROWS = 300;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'equipee-bench-offline-'));

// Seed straight into the data directory before the server opens it: 300 members on one event.
const handle = await openDatabase({ dataDir, holder: 'bench' });
const root = await createConfirmedUser(handle.db, {
  username: 'root',
  email: 'root@example.org',
  password: E2E_PASSWORD,
  role: 'SuperAdmin',
});
const model = randomUUID();
await handle.db
  .insertInto('event_models')
  .values({ uuid: model, name: 'Kayak', description: 'Sortie' })
  .execute();
const eventUuid = randomUUID();
const start = new Date(Date.now() + 3_600_000);
await handle.db
  .insertInto('events')
  .values({
    uuid: eventUuid,
    model_uuid: model,
    creator_id: root.id,
    start_date: start,
    end_date: new Date(start.getTime() + 7_200_000),
    street: null,
    city: 'Brest',
    zip_code: '29200',
    location: '',
    max_subscribers: 500,
    subscriber_is_infinite: false,
    is_cancelled: false,
  })
  .execute();
for (let i = 0; i < ROWS; i++) {
  const user = await insertUser(handle.db, {
    username: `m${String(i).padStart(3, '0')}`,
    email: `m${i}@example.org`,
    password_hash: null,
    role_name: 'User',
    confirmed_at: new Date(),
  });
  await handle.db
    .insertInto('subscriptions')
    .values({
      uuid: randomUUID(),
      event_uuid: eventUuid,
      user_id: user.id,
      stuff_uuid: null,
      created_at: new Date(),
      checked_at: null,
      checked_by: null,
    })
    .execute();
}
await handle.close();

const server = await startServer({
  ...process.env,
  DATA_DIR: dataDir,
  DATABASE_URL: '',
  PORT: String(E2E_PORT),
  HOST: '127.0.0.1',
  LOG_LEVEL: 'warn',
  RATE_LIMIT_LOGIN: '1000',
});
const browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS });
// Whatever happens, the server and the browser end with the bench.
const cleanUp = async () => {
  await browser.close().catch(() => undefined);
  await stopServer(server);
  fs.rmSync(dataDir, { recursive: true, force: true });
};
process.on('unhandledRejection', (error) => {
  console.error(error);
  void cleanUp().then(() => process.exit(1));
});
const context = await browser.newContext({ baseURL: E2E_BASE_URL, locale: 'fr-FR' });
const page = await context.newPage();

async function signIn(p: Page) {
  await p.goto('/login');
  await p.getByLabel("Nom d'utilisateur ou e-mail").fill('root');
  await p.getByLabel('Mot de passe', { exact: true }).fill(E2E_PASSWORD);
  await p.getByRole('button', { name: 'Se connecter' }).click();
  await p.waitForURL(/\/(\?.*)?$/);
  await p.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
}
async function openChecklist(p: Page) {
  await p.goto(`/checklist/${eventUuid}`);
  await p
    .getByTestId('checklist-row')
    .nth(ROWS - 1)
    .waitFor();
}
async function tickMany(p: Page, count: number) {
  const rows = p.getByTestId('checklist-row');
  for (let i = 0; i < count; i++)
    await rows
      .nth(i % ROWS)
      .getByRole('button')
      .click();
}
async function waitDrained(p: Page) {
  await p.getByTestId('sync-badge').filter({ hasText: 'En ligne' }).waitFor({ timeout: 300_000 });
}

await signIn(page);
await openChecklist(page);

// Tick to repaint, measured in the page: from the click to the row showing its new state.
// Written as source text: tsx would add helpers to a function that the page does not have.
const repaints = (await page.evaluate(`(async () => {
  const buttons = [...document.querySelectorAll('[data-testid="checklist-row"] button')];
  const times = [];
  for (let i = 0; i < 50; i++) {
    const button = buttons[(i * 7) % ${ROWS}];
    const before = button.getAttribute('aria-pressed');
    const started = performance.now();
    button.click();
    await new Promise((resolve) => {
      const check = () => (button.getAttribute('aria-pressed') !== before ? resolve() : requestAnimationFrame(check));
      check();
    });
    times.push(performance.now() - started);
  }
  return times.sort((a, b) => a - b);
})()`)) as number[];
await waitDrained(page);

// 500 ticks online: from the first click until all are delivered.
let started = Date.now();
await tickMany(page, 500);
await waitDrained(page);
const online = Date.now() - started;

// 500 ticks offline, then the time to deliver them once the network is back.
await context.setOffline(true);
await tickMany(page, 500);
await page.getByTestId('sync-badge').filter({ hasText: '500 en attente' }).waitFor();
started = Date.now();
await context.setOffline(false);
await waitDrained(page);
const drain = Date.now() - started;

// Cold offline start: a new tab, no network, from navigation to the first event on screen.
await page.goto('/');
await page.getByTestId('event-row').first().waitFor();
await context.setOffline(true);
const cold = await context.newPage();
started = Date.now();
await cold.goto('/');
await cold.getByTestId('event-row').first().waitFor();
const coldStart = Date.now() - started;

const at = (q: number) =>
  (repaints[Math.min(repaints.length - 1, Math.floor(q * repaints.length))] ?? 0).toFixed(1);
console.log(
  `tick → optimistic repaint, ${ROWS}-row checklist: median ${at(0.5)} ms, p95 ${at(0.95)} ms (50 ticks)`,
);
console.log(`500 ticks made online, first click to all delivered: ${(online / 1000).toFixed(1)} s`);
console.log(`500 ticks queued offline, network back to all delivered: ${(drain / 1000).toFixed(1)} s`);
console.log(`cold offline start, new tab to first event visible: ${coldStart} ms`);

await cleanUp();
