import { expect, type Page, test } from '@playwright/test';
import { checkedOnServer, eventWithSubscribers, executedKeys } from './api';
import { signIn } from './helpers';
import { E2E_USERS } from './server-process';

async function openChecklist(page: Page, eventUuid: string, rows: number) {
  await page.goto(`/checklist/${eventUuid}`);
  await expect(page.getByTestId('checklist-row')).toHaveCount(rows);
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
}

test('ticks made offline go out through Background Sync after the page is closed', async ({
  browser,
  request,
}) => {
  const { root, event } = await eventWithSubscribers(request, 20, 'bg');
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, E2E_USERS.superAdmin.username);
  await openChecklist(page, event.uuid_event, 20);

  await context.setOffline(true);
  for (const row of await page.getByTestId('checklist-row').all()) await row.click();
  await expect(page.getByTestId('pending-marker')).toHaveCount(20);
  await page.close();
  expect(context.pages()).toHaveLength(0);

  await context.setOffline(false);
  await expect.poll(() => checkedOnServer(request, root, event.uuid_event), { timeout: 20_000 }).toBe(20);
  await context.close();
});

test('two tabs and the service worker draining at once execute each key once', async ({
  browser,
  request,
}) => {
  const { root, event } = await eventWithSubscribers(request, 15, 'race');
  const context = await browser.newContext();
  const first = await context.newPage();
  await signIn(first, E2E_USERS.superAdmin.username);
  await openChecklist(first, event.uuid_event, 15);
  const second = await context.newPage();
  await openChecklist(second, event.uuid_event, 15);

  await context.setOffline(true);
  // The organiser ticks in the first tab, brought back in front: in the tab behind the second, the click
  // on the first row that has to be scrolled to never finished scrolling (every run once no trace was
  // recorded; a trace's screencast kept every tab drawn).
  await first.bringToFront();
  for (const row of await first.getByTestId('checklist-row').all()) await row.click();
  await expect(second.getByTestId('pending-marker')).toHaveCount(15);
  const before = executedKeys();

  // Going online wakes both tabs (`online`) and the worker (Background Sync) together.
  await context.setOffline(false);
  await expect.poll(() => checkedOnServer(request, root, event.uuid_event), { timeout: 20_000 }).toBe(15);
  await expect(first.getByTestId('pending-marker')).toHaveCount(0);
  const after = executedKeys();
  const newKeys = [...after.entries()].filter(([key]) => !before.has(key));
  expect(newKeys).toHaveLength(15);
  expect(newKeys.every(([, times]) => times === 1)).toBe(true);
  await context.close();
});
