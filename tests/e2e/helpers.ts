import { clubDayOf, clubDayStart, shiftDay, weekStart } from '@common/rules/club-time';
import { expect, type Page, test } from '@playwright/test';
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

/** The e2e club's zone (its server runs with the default). */
export const CLUB_ZONE = 'Europe/Paris';

/** The Monday (YYYY-MM-DD) of the club week that holds an instant. */
export const clubWeekMonday = (instant: Date): string => weekStart(clubDayOf(instant, CLUB_ZONE));

/**
 * A start `hours` from now, or earlier when that would fall in next club week: a scenario about the home
 * screen (this week) must not depend on the hour it runs at, Sunday evening included. In a week's last
 * minutes, where a start ahead (the server refuses one in the past) and the scenario would straddle two
 * weeks, it waits for the next week, the scenario's time budget lengthened by as much.
 */
export async function startThisClubWeek(hours: number): Promise<Date> {
  const margin = 5 * 60_000;
  const now = Date.now();
  const nextMonday = shiftDay(clubWeekMonday(new Date(now)), 7);
  const weekEnd = clubDayStart(nextMonday, CLUB_ZONE).getTime();
  const start = Math.min(now + hours * 3_600_000, weekEnd - margin);
  if (start - now >= margin) return new Date(start);
  const info = test.info();
  info.setTimeout(info.timeout + 2 * margin);
  await new Promise((resolve) => setTimeout(resolve, weekEnd - now + 1_000));
  return new Date(Date.now() + hours * 3_600_000);
}

/** Opens the week screen on the club week of an event (a few hours ahead may already be next week). */
export async function showEventRow(page: Page, event: { uuid_event: string; start_date: string }) {
  await page.goto(`/?week=${clubWeekMonday(new Date(event.start_date))}`);
  // A cold start may first show the week as last seen, inert (src/app/boot/week-snapshot-show.ts): a scene reads
  // and presses the live week that replaces it.
  await expect(page.locator('[data-week-snapshot]')).toHaveCount(0);
  const row = page.locator(`[data-event="${event.uuid_event}"]`);
  await expect(row).toBeVisible();
  return row;
}

/** The toasts that say a place or a spot in line is about to be given up (src/features/events/held-move.ts). */
export const HELD_PLACE = 'Votre place sera libérée dans quelques secondes';
export const HELD_WAITING = "Sortie de la liste d'attente dans quelques secondes";

/**
 * Giving a place up (or a spot in line) is held a few seconds on the device, with « Annuler » in a toast
 * (docs/rules.md#subscriptions): waits for that toast, then for it to go, when the move is sent.
 */
export async function waitForHeldMove(page: Page, text: string = HELD_PLACE): Promise<void> {
  const held = page.locator('.toast', { hasText: text });
  await expect(held).toBeVisible();
  await expect(held.getByRole('button', { name: 'Annuler' })).toBeVisible();
  await expect(held).toBeHidden({ timeout: 15_000 });
}

/** The last names of the club's members kept on this phone for an organiser's walk-ins (Dexie's clubMembers). */
export function keptMemberNames(page: Page): Promise<string[]> {
  return page.evaluate(
    () =>
      new Promise<string[]>((resolve) => {
        const open = indexedDB.open('equipee');
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains('clubMembers')) return resolve([]);
          const read = db.transaction('clubMembers').objectStore('clubMembers').get('current');
          read.onsuccess = () =>
            resolve(((read.result?.members ?? []) as Array<{ last_name: string }>).map((m) => m.last_name));
        };
        open.onerror = () => resolve([]);
      }),
  );
}
