/**
 * The README's screenshots, taken over the demo club: each screen at 390 and 1280 px into `outDir`. A screen
 * showing an error toast fails the run: a screenshot of a broken screen is worse than none.
 */
import fs from 'node:fs';
import path from 'node:path';
import { type Browser, chromium, type Page } from '@playwright/test';
import { DEMO_PASSWORD } from '../server/demo/club';
import { CHROMIUM_ARGS, chromiumPath } from '../tests/e2e/chromium';

export const WIDTHS = [390, 1280] as const;

interface Scene {
  name: string;
  username: string;
  /** Gets the page to the screen; the screenshot follows. */
  show(page: Page, events: DemoEvents): Promise<void>;
  isOffline?: boolean;
}

interface DemoEvents {
  /** This week's full river trip (with a waiting list). */
  full: string;
  /** Last Saturday's sea day, ticked offline. */
  tickedOffline: string;
}

const dayOf = (page: Page) => page.getByRole('heading', { name: 'Accueil' });

const SCENES: Scene[] = [
  {
    name: 'week',
    username: 'nolwenn.lebihan',
    show: async (page) => {
      await dayOf(page).waitFor();
      await page.getByTestId('event-row').first().waitFor();
    },
  },
  {
    name: 'registration',
    username: 'nolwenn.lebihan',
    show: async (page, events) => {
      await page
        .locator(`[data-event="${events.full}"]`)
        .getByRole('button', { name: /^Détails d(?:e |')/ })
        .click();
      await page.getByRole('dialog').getByTestId('registration-count').waitFor();
    },
  },
  {
    name: 'checklist-offline',
    username: 'erwan.kerboul',
    isOffline: true,
    show: async (page, events) => {
      await page.goto(`/checklist/${events.tickedOffline}`);
      await page.getByTestId('tick-note').first().waitFor();
    },
  },
  {
    name: 'event-form',
    username: 'soazig.tanguy',
    show: async (page) => {
      await page
        .getByRole('navigation', { name: 'Navigation principale' })
        .getByRole('button', { name: 'Évènement' })
        .click();
      await page.getByRole('dialog', { name: 'Nouvel évènement' }).getByLabel("Modèle d'évènement").waitFor();
    },
  },
  {
    name: 'users',
    username: 'yann.legall',
    show: async (page) => {
      await page.goto('/settings/users');
      await page.getByRole('link', { name: /claire\.morvan/ }).waitFor();
    },
  },
  {
    // Kit handed out at last week's river trip and not back: one paddle (docs/rules.md#kit).
    name: 'not-returned',
    username: 'soazig.tanguy',
    show: async (page) => {
      await page.goto('/settings/not-returned');
      await page.getByText('Pagaie double').first().waitFor();
    },
  },
  {
    name: 'season-report',
    username: 'yann.legall',
    show: async (page) => {
      await page.goto('/settings/report');
      await page.getByRole('table').first().waitFor();
    },
  },
];

async function signIn(page: Page, username: string): Promise<void> {
  await page.goto('/login');
  await page.getByLabel("Nom d'utilisateur ou e-mail").fill(username);
  await page.getByLabel('Mot de passe', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await dayOf(page).waitFor();
}

async function findEvents(baseUrl: string): Promise<DemoEvents> {
  const login = await fetch(`${baseUrl}/api/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username_or_email: 'yann.legall', password: DEMO_PASSWORD }),
  });
  const { token } = (await login.json()) as { token: string };
  const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
  const response = await fetch(`${baseUrl}/api/event/from/${day(-14)}/to/${day(14)}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const events = (await response.json()) as Array<{
    uuid_event: string;
    start_date: string;
    model_name: string;
    waiting_list: unknown[];
    invite_list: unknown[];
  }>;
  const full = events.find((e) => e.waiting_list.length > 0);
  const tickedOffline = events.find(
    (e) => e.model_name === 'Sortie mer à la journée' && Date.parse(e.start_date) < Date.now(),
  );
  if (!full || !tickedOffline) throw new Error('The demo club lacks its full event or its past sea day.');
  return { full: full.uuid_event, tickedOffline: tickedOffline.uuid_event };
}

/** The error toasts and alerts the page shows (a screen's own failure message is an alert too). */
export async function errorsShown(page: Page): Promise<string[]> {
  const shown = await page
    .locator('.toast-error, [role="alert"]')
    .filter({ visible: true })
    .allTextContents();
  return shown.map((text) => text.trim()).filter(Boolean);
}

/** Takes every scene at every width; answers the files written. Throws on a visible error toast. */
export async function takeDemoScreens(baseUrl: string, outDir: string): Promise<string[]> {
  fs.mkdirSync(outDir, { recursive: true });
  const events = await findEvents(baseUrl);
  const browser: Browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS });
  const files: string[] = [];
  try {
    for (const scene of SCENES)
      for (const width of WIDTHS) {
        const context = await browser.newContext({
          baseURL: baseUrl,
          viewport: { width, height: width < 768 ? 844 : 800 },
          locale: 'fr-FR',
          timezoneId: 'Europe/Paris',
        });
        const page = await context.newPage();
        await signIn(page, scene.username);
        if (scene.isOffline) {
          // Open it online once so the app has it, then lose the signal as at the venue.
          await scene.show(page, events);
          await page.evaluate(async () => {
            await navigator.serviceWorker.ready;
          });
          await context.setOffline(true);
          await page.reload();
        }
        await scene.show(page, events);
        await page.waitForTimeout(300); // let transitions and lazy images settle
        const errors = await errorsShown(page);
        if (errors.length > 0)
          throw new Error(`${scene.name} at ${width} px shows an error: ${errors.join(' | ')}`);
        const file = path.join(outDir, `${scene.name}-${width}.png`);
        await page.screenshot({ path: file });
        files.push(file);
        await context.close();
      }
  } finally {
    await browser.close();
  }
  return files;
}
