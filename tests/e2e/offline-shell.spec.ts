import { expect, test } from '@playwright/test';
import { mainNav, signIn } from './helpers';
import { E2E_USERS } from './server-process';

test('after a first visit, a reload with the network cut still shows the signed-in shell', async ({
  page,
  context,
}) => {
  await signIn(page, E2E_USERS.member.username);
  // The service worker has precached the shell once it is active.
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Accueil' })).toBeVisible();
  await expect(mainNav(page).getByText('Accueil', { exact: true })).toBeVisible();
  await expect(page.getByRole('banner').getByRole('img', { name: 'Logo du club' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeTruthy();

  // A deep link never visited before opens from the shell too.
  await page.goto('/my-profile');
  await expect(page.getByRole('heading', { name: 'Mon profil' })).toBeVisible();
  await context.setOffline(false);
});

test('the manifest is served and valid, with its icons', async ({ page, request }) => {
  await page.goto('/login');
  await expect(page.locator('link[rel="manifest"]')).toHaveAttribute('href', '/manifest.webmanifest');
  // The server writes it per host from the club's settings (docs/rules.md#club-settings): no file of the build.
  const response = await request.get('/manifest.webmanifest');
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toContain('manifest+json');
  const manifest = await response.json();
  const club = await (await request.get('/api/internal/settings/start')).json();
  expect(club.club_name).toBeTruthy();
  expect(manifest).toMatchObject({
    name: club.club_name,
    short_name: club.short_name,
    lang: 'fr',
    start_url: '/',
    display: 'standalone',
    theme_color: club.accent_colour,
  });
  expect(manifest.short_name.length).toBeGreaterThan(0);
  expect(manifest.short_name.length).toBeLessThanOrEqual(12);
  const icons = manifest.icons as Array<{ src: string; sizes: string; purpose?: string }>;
  expect(icons.map((i) => `${i.sizes}${i.purpose ? ` ${i.purpose}` : ''}`)).toEqual([
    '192x192',
    '512x512',
    '512x512 maskable',
  ]);
  for (const icon of icons) {
    const image = await request.get(icon.src);
    expect(image.status(), icon.src).toBe(200);
    expect(image.headers()['content-type']).toBe('image/png');
  }
});
