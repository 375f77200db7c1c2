import { expect, type Page, test } from '@playwright/test';
import {
  call,
  eventWithSubscribers,
  executedKeys,
  newEvent,
  newMember,
  signInApi,
  subscribeApi,
} from './api';
import { showEventRow, signIn } from './helpers';
import { E2E_USERS } from './server-process';

/**
 * The reliability run: 500 writes queued offline through the real screens (ticks, subscribes,
 * unsubscribes, waiting-list joins and leaves), then delivered while the network flaps 50 times and the
 * page reloads 3 times. The server must end in exactly the state the clicks asked for, every key once.
 */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The quick answers that give a place (or a spot in line) up: held a few seconds before they are queued. */
const GIVING_UP = ['Je ne viens plus', "Quitter la liste d'attente"];

/**
 * A move that gives a place up waits a few seconds for « Annuler » (docs/rules.md#subscriptions); the page
 * going away queues every held move at once. Once the hold has begun (its toast shows), the page is told it
 * is leaving, as when the member switches apps: the move is queued now, not 5 s later, and still once.
 */
async function releaseHeldMove(page: Page) {
  await expect(page.locator('.toast', { hasText: 'dans quelques secondes' })).toBeVisible();
  await page.evaluate(() => window.dispatchEvent(new Event('pagehide')));
}

test('500 queued writes survive 50 network flaps and 3 reloads, and land exactly once', async ({
  browser,
  request,
}) => {
  // About 3 minutes on a quiet 2-core machine: 500 taps, each waiting for its repaint, then the drain.
  test.setTimeout(480_000);
  const rand = random(20261122);
  const { root, event: checklistEvent } = await eventWithSubscribers(request, 30, 'rel');
  const rootId = (await signInApi(request, E2E_USERS.superAdmin.username)).id;
  const toggledEvents = [];
  for (let i = 0; i < 4; i++)
    toggledEvents.push(await newEvent(request, root, { max: 40, startInHours: 1 + i / 10 }));
  const toggled = toggledEvents.map((e) => e.uuid_event);
  const full = await newEvent(request, root, { max: 1, startInHours: 1.5 });
  await subscribeApi(
    request,
    await newMember(request, root, `filler${Date.now() % 1_000_000}`),
    full.uuid_event,
  );

  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, E2E_USERS.superAdmin.username);
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.goto(`/checklist/${checklistEvent.uuid_event}`);
  await expect(page.getByTestId('checklist-row')).toHaveCount(30);
  for (const event of [...toggledEvents, full]) await showEventRow(page, event);

  await context.setOffline(true);
  const tickClicks = new Map<number, number>();
  const subscribeClicks = new Map<string, number>();
  let waitingClicks = 0;
  let writes = 0;
  const eventRow = (p: Page, uuid: string) => p.locator(`[data-event="${uuid}"]`);
  while (writes < 500) {
    // A round at the venue: ticks on the checklist…
    await page.goto(`/checklist/${checklistEvent.uuid_event}`);
    const rows = page.getByTestId('checklist-row');
    await expect(rows).toHaveCount(30);
    for (let i = 0; i < 40 && writes < 500; i++, writes++) {
      const index = Math.floor(rand() * 30);
      const check = rows.nth(index).getByRole('button');
      const wasChecked = (await check.getAttribute('aria-pressed')) === 'true';
      await rows.nth(index).click();
      // Each click repaints at once (optimistic): wait for it, as a person would before the next tap.
      await expect(check).toHaveAttribute('aria-pressed', String(!wasChecked));
      tickClicks.set(index, (tickClicks.get(index) ?? 0) + 1);
    }
    // …then subscriptions and the waiting list on the week screen.
    await showEventRow(page, full);
    for (let i = 0; i < 10 && writes < 500; i++, writes++) {
      const isSubscription = rand() < 0.7;
      const uuid = isSubscription
        ? (toggled[Math.floor(rand() * toggled.length)] as string)
        : full.uuid_event;
      const button = eventRow(page, uuid).getByRole('button').first();
      const label = (await button.textContent()) ?? '';
      await button.click();
      if (GIVING_UP.some((words) => label.includes(words))) await releaseHeldMove(page);
      await expect(eventRow(page, uuid).getByRole('button').first()).not.toHaveText(label);
      if (isSubscription) subscribeClicks.set(uuid, (subscribeClicks.get(uuid) ?? 0) + 1);
      else waitingClicks++;
    }
  }
  await expect(page.getByTestId('sync-badge')).toContainText('500 à envoyer');
  const before = executedKeys();

  // Deliver while the network flaps 50 times and the page reloads 3 times.
  await context.setOffline(false);
  const reloadsAt = new Set([10, 25, 40]);
  for (let flap = 0; flap < 50; flap++) {
    await page.waitForTimeout(20 + Math.floor(rand() * 120));
    await context.setOffline(true);
    await page.waitForTimeout(10 + Math.floor(rand() * 60));
    await context.setOffline(false);
    if (reloadsAt.has(flap)) await page.reload().catch(() => undefined);
  }
  await expect(page.getByTestId('sync-badge')).toHaveText('En ligne', { timeout: 120_000 });

  // The server holds exactly what the clicks asked for.
  const server = await call<{ subscribers_with_stuff: Array<{ is_checked: boolean; username: string }> }>(
    request,
    root,
    'GET',
    `/api/event/${checklistEvent.uuid_event}`,
  );
  const checkedOnServer = server.subscribers_with_stuff.filter((s) => s.is_checked).length;
  const expectedChecked = [...tickClicks.values()].filter((n) => n % 2 === 1).length;
  expect(checkedOnServer).toBe(expectedChecked);
  for (const uuid of toggled) {
    const event = await call<{ subscribers_with_stuff: Array<{ id: string }> }>(
      request,
      root,
      'GET',
      `/api/event/${uuid}`,
    );
    const isSubscribed = event.subscribers_with_stuff.some((s) => s.id === rootId);
    expect(isSubscribed).toBe((subscribeClicks.get(uuid) ?? 0) % 2 === 1);
  }
  const waiting = await call<{ waiting_list: Array<{ uuid_user: string }> }>(
    request,
    root,
    'GET',
    `/api/event/${full.uuid_event}`,
  );
  expect(waiting.waiting_list.some((w) => w.uuid_user === rootId)).toBe(waitingClicks % 2 === 1);

  const newKeys = [...executedKeys().entries()].filter(([key]) => !before.has(key));
  expect(newKeys).toHaveLength(500);
  expect(newKeys.filter(([, times]) => times !== 1)).toEqual([]);
  await context.close();
});
