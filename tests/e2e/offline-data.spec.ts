import { expect, test } from '@playwright/test';
import { call, executedKeys, newEvent, newMember, rootToken, subscribeApi } from './api';
import { mainNav, showEventRow, signIn } from './helpers';
import { E2E_USERS } from './server-process';

test('after one online visit, a reload with no network shows the week and its events, still signed in', async ({
  page,
  context,
  request,
}) => {
  const token = await rootToken(request);
  const event = await newEvent(request, token, { startInHours: 1 });
  await signIn(page, E2E_USERS.member.username);
  await showEventRow(page, event);
  const count = await page.getByTestId('event-row').count();
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Accueil' })).toBeVisible();
  await expect(page.getByTestId('event-row')).toHaveCount(count);
  await expect(mainNav(page).getByText('Déconnexion')).toBeVisible();
  await expect(page.getByTestId('sync-badge')).toHaveText('Hors ligne');
  await context.setOffline(false);
});

test('20 ticks made offline survive a reload and a new tab, then reach the server exactly', async ({
  browser,
  request,
}) => {
  const root = await rootToken(request);
  const event = await newEvent(request, root);
  const people = [];
  for (let i = 0; i < 20; i++) people.push(await newMember(request, root, `tick${i}-${Date.now() % 100000}`));
  for (const person of people) await subscribeApi(request, person, event.uuid_event);

  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, E2E_USERS.superAdmin.username);
  await page.goto(`/checklist/${event.uuid_event}`);
  await expect(page.getByTestId('checklist-row')).toHaveCount(20);
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });

  await context.setOffline(true);
  for (const row of await page.getByTestId('checklist-row').all()) await row.click();
  await expect(page.getByTestId('pending-marker')).toHaveCount(20);
  await page.reload();
  await expect(page.getByTestId('pending-marker')).toHaveCount(20);
  await page.close();
  const second = await context.newPage();
  await second.goto(`/checklist/${event.uuid_event}`);
  await expect(second.getByTestId('pending-marker')).toHaveCount(20);
  await expect(second.getByTestId('sync-badge')).toContainText('20 à envoyer');

  await context.setOffline(false);
  await expect(second.getByTestId('pending-marker')).toHaveCount(0, { timeout: 20_000 });
  const onServer = await call<{ subscribers_with_stuff: Array<{ is_checked: boolean }> }>(
    request,
    root,
    'GET',
    `/api/event/${event.uuid_event}`,
  );
  expect(onServer.subscribers_with_stuff.filter((s) => s.is_checked)).toHaveLength(20);
  expect([...executedKeys().values()].every((n) => n === 1)).toBe(true);
  await context.close();
});

test('a subscription queued offline to an event others fill meanwhile is refused on replay, and shown', async ({
  page,
  context,
  request,
}) => {
  const root = await rootToken(request);
  const event = await newEvent(request, root, { max: 1, startInHours: 1 });
  await signIn(page, E2E_USERS.member.username);
  const row = await showEventRow(page, event);
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });

  await context.setOffline(true);
  await row.getByRole('button', { name: "S'inscrire" }).click();
  await expect(row).toContainText('1/1');
  const other = await newMember(request, root, `quick${Date.now() % 100000}`);
  await subscribeApi(request, other, event.uuid_event);

  await context.setOffline(false);
  const refused = page.getByRole('alert').filter({ hasText: 'Modifications refusées par le serveur' });
  await expect(refused).toContainText('Inscription — Cet évènement est complet.');
  // The cache shows the server's truth: the other member holds the place, not us.
  await expect(row.getByText('Place réservée', { exact: true })).toHaveCount(0);
  await expect(row).toContainText('1/1');
});

test('a creator and a SuperAdmin tick the same row differently offline: the newest tick wins everywhere', async ({
  browser,
  request,
}) => {
  const root = await rootToken(request);
  const creator = await newMember(request, root, `orga${Date.now() % 100000}`, 'Contributor');
  const event = await newEvent(request, creator.token, { startInHours: 7 });
  const member = await newMember(request, root, `kayakiste${Date.now() % 100000}`);
  await subscribeApi(request, member, event.uuid_event);

  const open = async (username: string) => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await signIn(page, username);
    await page.goto(`/checklist/${event.uuid_event}`);
    await expect(page.getByTestId('checklist-row')).toHaveCount(1);
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    await context.setOffline(true);
    return { context, page };
  };
  const first = await open(creator.username);
  const second = await open(E2E_USERS.superAdmin.username);
  await first.page.getByTestId('checklist-row').click(); // checks, earlier
  await second.page.getByTestId('checklist-row').click(); // checks…
  await second.page.waitForTimeout(300);
  await second.page.getByTestId('checklist-row').click(); // …then unchecks: the newest tick

  await first.context.setOffline(false);
  await expect(first.page.getByTestId('pending-marker')).toHaveCount(0, { timeout: 20_000 });
  await second.context.setOffline(false);
  await expect(second.page.getByTestId('pending-marker')).toHaveCount(0, { timeout: 20_000 });

  const onServer = await call<{ subscribers_with_stuff: Array<{ is_checked: boolean }> }>(
    request,
    root,
    'GET',
    `/api/event/${event.uuid_event}`,
  );
  expect(onServer.subscribers_with_stuff[0]?.is_checked).toBe(false);
  await first.page.reload();
  await expect(first.page.getByRole('button', { name: /Présence de/ })).toHaveAttribute(
    'aria-pressed',
    'false',
  );
  await expect(second.page.getByRole('button', { name: /Présence de/ })).toHaveAttribute(
    'aria-pressed',
    'false',
  );
  await first.context.close();
  await second.context.close();
});
