import { expect, test } from '@playwright/test';
import { signIn } from './helpers';
import { E2E_USERS } from './server-process';

test('signing in and out in one tab is followed by the other tabs', async ({ context }) => {
  const other = await context.newPage();
  await other.goto('/');
  await expect(other).toHaveURL(/\/login$/);

  const page = await context.newPage();
  await signIn(page, E2E_USERS.member.username);
  await expect(other).toHaveURL(/\/$/);
  await expect(other.getByRole('heading', { name: 'Accueil' })).toBeVisible();

  await page.goto('/logout');
  await page.waitForURL(/\/login/);
  await expect(page).toHaveURL(/\/login$/);
  await expect(other).toHaveURL(/\/login$/);
});
