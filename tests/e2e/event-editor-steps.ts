/** The event editor's steps, for tests/e2e/event-editor.spec.ts. */
import { type APIRequestContext, expect, type Page } from '@playwright/test';
import { call } from './api';

/** Each width, tall enough for the whole dialog (it scrolls inside the viewport, which a full-page shot does not show). */
export async function screenshots(page: Page, name: string) {
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
    const needed = await page.evaluate(() =>
      Math.max(...[...document.querySelectorAll('dialog[open]')].map((d) => d.scrollHeight + 40)),
    );
    await page.setViewportSize({ width, height: Math.max(width === 390 ? 844 : 800, needed) });
    await page.screenshot({
      path: `test-results/screenshots/event-editor-${name}-${width}.png`,
      fullPage: true,
      animations: 'disabled',
    });
  }
  await page.setViewportSize({ width: 390, height: 844 });
}

/** A club day (Europe/Paris) `days` from now. */
export function clubDay(days: number): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Europe/Paris',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(new Date(Date.now() + days * 86_400_000));
}

export interface ServerEvent {
  uuid_event: string;
  start_date: string;
  city: string | null;
  location: string;
  max_subscribers: number;
  is_cancelled: boolean;
  stuffs_available: Array<{ name: string }>;
}

export async function eventIn(request: APIRequestContext, token: string, day: string, city: string) {
  const events = await call<ServerEvent[]>(request, token, 'GET', `/api/event/from/${day}/to/${day}`);
  const found = events.find((e) => e.city === city);
  if (!found) throw new Error(`no event in ${city} on ${day}`);
  return found;
}

export async function openCreateForm(page: Page) {
  await page
    .getByRole('navigation', { name: 'Navigation principale' })
    .getByRole('button', { name: 'Évènement' })
    .click();
  const dialog = page.getByRole('dialog', { name: 'Nouvel évènement' });
  await expect(dialog.getByLabel("Modèle d'évènement")).toBeVisible();
  return dialog;
}

export async function fillForm(page: Page, model: string, day: string, city: string) {
  const dialog = page.getByRole('dialog', { name: 'Nouvel évènement' });
  await dialog.getByLabel("Modèle d'évènement").selectOption({ label: model });
  await dialog.getByLabel('Date').nth(0).fill(day);
  await dialog.getByLabel('Heure').nth(0).fill('10:00');
  await dialog.getByLabel('Date').nth(1).fill(day);
  await dialog.getByLabel('Heure').nth(1).fill('12:30');
  await dialog.getByLabel('Rue').fill('1 quai Malbert');
  await dialog.getByLabel('Ville').fill(city);
  await dialog.getByLabel('Code postal').fill('29200');
  await dialog.getByLabel('Nombre de places').fill('3');
  await dialog.getByLabel(/Pagaie/).check();
  await dialog.getByLabel(/Gilet/).check();
  return dialog;
}

/** Opens the week of `day` and the editor of the event. */
export async function openEditor(page: Page, day: string, uuid: string) {
  const [y = 0, m = 1, d = 1] = day.split('-').map(Number);
  const weekday = new Date(Date.UTC(y, m - 1, d)).getUTCDay();
  const monday = new Date(Date.UTC(y, m - 1, d - ((weekday + 6) % 7))).toISOString().slice(0, 10);
  await page.goto(`/?week=${monday}`);
  const row = page.locator(`[data-event="${uuid}"]`);
  await row.getByRole('button', { name: /Modifier/ }).click();
  const dialog = page.getByRole('dialog', { name: "Modifier l'évènement" });
  await expect(dialog.getByLabel("Modèle d'évènement")).toHaveValue(/.+/);
  return dialog;
}
