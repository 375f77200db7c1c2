import { expect, test } from '@playwright/test';
import { mainNav, signIn } from './helpers';
import { E2E_USERS } from './server-process';

// Screenshots land in test-results/screenshots for people to look at; the layout itself is asserted.
for (const width of [390, 1280]) {
  test(`login and home at ${width} px`, async ({ page }) => {
    await page.setViewportSize({ width, height: width < 768 ? 844 : 800 });
    await page.goto('/login');
    await expect(page.getByRole('button', { name: 'Se connecter' })).toBeVisible();
    await page.screenshot({ path: `test-results/screenshots/login-${width}.png` });

    await signIn(page, E2E_USERS.superAdmin.username);
    await expect(page.getByText('Welcome to the app')).toBeVisible();
    // The header's logo is swapped for the club's once settings load: shoot it drawn, not mid-load.
    await expect
      .poll(() => page.locator('header img').evaluate((img) => (img as HTMLImageElement).naturalWidth))
      .toBeGreaterThan(0);
    await page.screenshot({ path: `test-results/screenshots/home-${width}.png` });

    // The navigation sits at the bottom edge and every item fits on screen.
    const viewport = page.viewportSize();
    const navBox = await mainNav(page).boundingBox();
    expect(navBox && viewport && Math.round(navBox.y + navBox.height)).toBe(viewport?.height);
    for (const item of await mainNav(page).locator('.nav-item').all()) {
      const box = await item.boundingBox();
      expect(box && box.x >= 0 && box.x + box.width <= width).toBe(true);
    }
  });
}
