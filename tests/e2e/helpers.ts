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

/** Opens the week screen on the club week of an event (a few hours ahead may already be next week). */
export async function showEventRow(page: Page, event: { uuid_event: string; start_date: string }) {
  const day = new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Europe/Paris',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(new Date(event.start_date));
  const [y = 0, m = 1, d = 1] = day.split('-').map(Number);
  const weekday = new Date(Date.UTC(y, m - 1, d)).getUTCDay();
  const monday = new Date(Date.UTC(y, m - 1, d - ((weekday + 6) % 7))).toISOString().slice(0, 10);
  await page.goto(`/?week=${monday}`);
  const row = page.locator(`[data-event="${event.uuid_event}"]`);
  await expect(row).toBeVisible();
  return row;
}
