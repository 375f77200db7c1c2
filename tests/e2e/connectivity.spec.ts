import { expect, test } from '@playwright/test';
import { signIn } from './helpers';
import { E2E_USERS } from './server-process';

test('requests that fail while navigator.onLine stays true show "Hors ligne" within 2 s; the first answer clears it', async ({
  page,
  context,
}) => {
  await signIn(page, E2E_USERS.member.username);
  const badge = page.getByTestId('sync-badge');
  await expect(badge).toHaveText('En ligne');

  // A venue's captive wifi: the device says it is online, but nothing gets through.
  await context.route('**/api/**', (route) => route.abort('internetdisconnected'));
  await page.getByRole('button', { name: 'Semaine suivante' }).click();
  const failedAt = Date.now();
  await expect(badge).toHaveText('Hors ligne', { timeout: 2_000 });
  expect(Date.now() - failedAt).toBeLessThan(2_000);
  expect(await page.evaluate(() => navigator.onLine)).toBe(true);
  await page.screenshot({ path: 'test-results/screenshots/offline-badge-captive-wifi.png' });

  // The network comes back: the next probe is answered and the badge says so.
  await context.unroute('**/api/**');
  await expect(badge).toHaveText('En ligne', { timeout: 15_000 });
});
