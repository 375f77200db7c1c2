import { expect, type Page } from '@playwright/test';
import { E2E_PASSWORD } from './server-process';

export async function signIn(page: Page, username: string): Promise<void> {
  await page.goto('/login');
  await page.getByLabel("Nom d'utilisateur ou e-mail").fill(username);
  await page.getByLabel('Mot de passe', { exact: true }).fill(E2E_PASSWORD);
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { name: 'Accueil' })).toBeVisible();
}

export const mainNav = (page: Page) => page.getByRole('navigation', { name: 'Navigation principale' });
