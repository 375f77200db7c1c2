import { execFileSync, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type APIRequestContext, expect, test } from '@playwright/test';
import { errorsShown, takeDemoScreens, WIDTHS } from '../../scripts/demo-screens';
import { DEMO_PASSWORD, MEMBERS, STAFF } from '../../server/demo/club';
import { startServer, stopServer } from './server-process';

// The demo club: seeded by its own command, served by the real server, read back through the API.
const PORT = 3118;
const BASE = `http://127.0.0.1:${PORT}`;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'equipee-demo-test-'));
let server: Awaited<ReturnType<typeof startServer>> | undefined;

test.describe.configure({ mode: 'serial' });
test.afterAll(async () => {
  if (server) await stopServer(server);
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const seed = () =>
  execFileSync(path.resolve('node_modules/.bin/tsx'), ['server/demo/seed-cli.ts', dataDir], {
    stdio: 'pipe',
  });

async function token(request: APIRequestContext, username: string): Promise<string> {
  const response = await request.post(`${BASE}/api/user/login`, {
    data: { username_or_email: username, password: DEMO_PASSWORD },
  });
  expect(response.status(), username).toBe(200);
  return (await response.json()).token;
}

// How long seeding takes is a figure of `npm run bench` (bench/demo-seed.ts), not a timed test.
test('seeds twice in a row (a reset), then every demo login signs in', async ({ request }) => {
  test.setTimeout(120_000);
  seed();
  seed();
  server = await startServer({
    ...process.env,
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    SMTP_URL: '',
    PORT: String(PORT),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    RATE_LIMIT_LOGIN: '100000',
  });
  for (const person of [...STAFF, ...MEMBERS]) {
    const me = await request.get(`${BASE}/api/user/me`, {
      headers: { authorization: `Bearer ${await token(request, person.username)}` },
    });
    expect((await me.json()).role_name, person.username).toBe(person.role);
  }
});

interface Event {
  uuid_event: string;
  model_name: string;
  start_date: string;
  end_date: string;
  max_subscribers: number;
  subcribers_count: number;
  subscriber_is_infinite: boolean;
  is_cancelled: boolean;
  stuffs_available: Array<{ uuid: string; name: string; stock: number; is_infinite: boolean }>;
  subscribers_with_stuff: Array<{
    id: string;
    uuid_stuff: string | null;
    stuffs?: string[];
    is_checked: boolean;
  }>;
  waiting_list: Array<{ uuid_user: string; created_at: string }>;
  invite_list: Array<{
    uuid_user: string;
    uuid_stuff: string | null;
    stuffs?: string[];
    is_checked: boolean;
  }>;
  uuid_series: string | null;
}

test("the seeded club satisfies the server's own rules, read back through the API", async ({ request }) => {
  const admin = await token(request, 'yann.legall');
  const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
  const response = await request.get(`${BASE}/api/event/from/${day(-21)}/to/${day(21)}`, {
    headers: { authorization: `Bearer ${admin}` },
  });
  const events: Event[] = await response.json();
  expect(events.length).toBeGreaterThanOrEqual(7);
  // Something to see on every screen: a full event with a waiting list, a cancelled one, guests, ticks.
  expect(events.some((e) => e.waiting_list.length > 0)).toBe(true);
  expect(events.some((e) => e.is_cancelled)).toBe(true);
  expect(events.some((e) => e.invite_list.length > 0 && Date.parse(e.start_date) > Date.now())).toBe(true);
  expect(events.some((e) => e.subscribers_with_stuff.some((s) => s.is_checked))).toBe(true);

  const live = events.filter((e) => !e.is_cancelled);
  for (const e of events) {
    const participants = e.subscribers_with_stuff.length + e.invite_list.length;
    expect(e.subcribers_count).toBe(participants);
    if (!e.subscriber_is_infinite) expect(participants).toBeLessThanOrEqual(e.max_subscribers);
    // FIFO: the waiting list only for a full event, in the order members joined it.
    if (e.waiting_list.length > 0) expect(participants).toBe(e.max_subscribers);
    const joined = e.waiting_list.map((w) => Date.parse(w.created_at));
    expect(joined).toEqual([...joined].sort((a, b) => a - b));
    const guestsPerHost = new Map<string, number>();
    for (const g of e.invite_list) guestsPerHost.set(g.uuid_user, (guestsPerHost.get(g.uuid_user) ?? 0) + 1);
    for (const count of guestsPerHost.values()) expect(count).toBeLessThanOrEqual(3);
    // Stock across overlapping events: the holders of a stuff during this event never exceed its stock.
    if (e.is_cancelled) continue;
    for (const stuff of e.stuffs_available) {
      if (stuff.is_infinite) continue;
      const overlapping = live.filter((o) => o.start_date < e.end_date && e.start_date < o.end_date);
      const holds = (entry: { stuffs?: string[] }) => (entry.stuffs ?? []).includes(stuff.uuid);
      const holders = overlapping.flatMap((o) => [
        ...o.subscribers_with_stuff.filter(holds),
        ...o.invite_list.filter(holds),
      ]);
      expect(holders.length).toBeLessThanOrEqual(stuff.stock);
    }
  }
  // Kit: members book sets (a K1, a paddle and a vest), and one paddle of a past outing is not back yet.
  const names = (e: Event, stuffs: string[] = []) =>
    stuffs.map((uuid) => e.stuffs_available.find((s) => s.uuid === uuid)?.name);
  expect(
    events.some((e) =>
      e.subscribers_with_stuff.some(
        (s) => names(e, s.stuffs).join() === "Kayak mono K1,Pagaie double,Gilet d'aide à la flottabilité",
      ),
    ),
  ).toBe(true);
  const notReturned = await (
    await request.get(`${BASE}/api/stuff/not-returned`, { headers: { authorization: `Bearer ${admin}` } })
  ).json();
  expect(notReturned.map((n: { stuff_name: string }) => n.stuff_name)).toEqual(['Pagaie double']);
  // The youth section: a parent answers for two children, both parents their guardians, on the Wednesdays.
  const parent = await token(request, 'yannick.donnart');
  const family = await (
    await request.get(`${BASE}/api/family`, { headers: { authorization: `Bearer ${parent}` } })
  ).json();
  expect(family.children.map((c: { first_name: string }) => c.first_name).sort()).toEqual(['Lou', 'Nina']);
  for (const child of family.children as Array<{ id: string; guardians: Array<{ first_name: string }> }>) {
    expect(child.guardians.map((g) => g.first_name).sort()).toEqual(['Camille', 'Yannick']);
    expect(
      events.some(
        (e) => e.model_name === 'École de pagaie' && e.subscribers_with_stuff.some((s) => s.id === child.id),
      ),
    ).toBe(true);
  }
});

test('the screenshots script goes over every screen with no error toast', async () => {
  test.setTimeout(240_000);
  const outDir = 'test-results/demo-screenshots';
  const files = await takeDemoScreens(BASE, outDir);
  expect(files).toHaveLength(7 * WIDTHS.length);
  for (const file of files) expect(fs.statSync(file).size).toBeGreaterThan(10_000);
});

test('the screenshots script sees an error toast or alert when a screen shows one', async ({ page }) => {
  await page.setContent(`
    <div class="toast toast-error" role="alert">Erreur de connexion</div>
    <p role="alert">Le bilan n'a pas pu être chargé.</p>
    <p role="alert" hidden>caché</p>`);
  expect(await errorsShown(page)).toEqual(['Erreur de connexion', "Le bilan n'a pas pu être chargé."]);
  await page.setContent('<p role="status">Chargement…</p>');
  expect(await errorsShown(page)).toEqual([]);
});

/** The local addresses listening on `port` (hex, as /proc/net/tcp and tcp6 write them). */
function listeningAddresses(port: number): string[] {
  const hexPort = port.toString(16).toUpperCase().padStart(4, '0');
  return ['/proc/net/tcp', '/proc/net/tcp6'].flatMap((file) =>
    fs
      .readFileSync(file, 'utf8')
      .split('\n')
      .slice(1)
      .map((line) => line.trim().split(/\s+/))
      // Column 1 is local address:port, column 3 the state: 0A is LISTEN.
      .filter((columns) => columns[3] === '0A' && columns[1]?.endsWith(`:${hexPort}`))
      .map((columns) => (columns[1] ?? '').split(':')[0] ?? ''),
  );
}

test('npm run demo listens on this machine only, and refuses a folder it did not make', async () => {
  test.setTimeout(120_000);
  const port = 3119;
  const demoDir = fs.mkdtempSync(path.join(os.tmpdir(), 'equipee-demo-run-'));
  const { HOST: _host, ...env } = process.env;
  const demo = spawn('node', ['scripts/demo.mjs'], {
    env: { ...env, DEMO_DATA_DIR: demoDir, PORT: String(port), LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  try {
    await expect
      .poll(
        () =>
          fetch(`http://127.0.0.1:${port}/api/health`).then(
            (r) => r.status,
            () => 0,
          ),
        {
          timeout: 90_000,
        },
      )
      .toBe(200);
    // 127.0.0.1 alone: not 0.0.0.0 (00000000), nor any IPv6 address.
    expect(listeningAddresses(port)).toEqual(['0100007F']);
  } finally {
    demo.kill('SIGINT');
    await new Promise((resolve) => demo.once('exit', resolve));
  }

  const someonesFolder = fs.mkdtempSync(path.join(os.tmpdir(), 'equipee-not-demo-'));
  fs.writeFileSync(path.join(someonesFolder, 'equipee.db'), 'a real club');
  const refused = spawnSync('node', ['scripts/demo.mjs'], {
    env: { ...env, DEMO_DATA_DIR: someonesFolder, PORT: String(port) },
    encoding: 'utf8',
  });
  expect(refused.status).toBe(1);
  expect(refused.stderr).toContain('not empty and was not made by a previous demo run');
  expect(fs.readdirSync(someonesFolder)).toEqual(['equipee.db']);
  expect(listeningAddresses(port)).toEqual([]);
  for (const dir of [demoDir, someonesFolder]) fs.rmSync(dir, { recursive: true, force: true });
});
