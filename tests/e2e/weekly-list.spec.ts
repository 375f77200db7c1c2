import { expect, test } from '@playwright/test';
import { renderMail } from '../../server/mail/templates';
import { call, newMember, rootToken } from './api';
import { expectNoAxeViolations } from './axe';
import { screenshotWhole } from './screenshots';
import { E2E_BASE_URL, E2E_PASSWORD } from './server-process';

// axe-core is injected as a script, which the app's own policy rightly refuses.
test.use({ bypassCSP: true });

const HOUR = 3_600_000;

test("the weekly email's preferences link opens the preferences, where the list is switched on", async ({
  page,
  request,
}) => {
  const member = await newMember(request, await rootToken(request), `weekly${Date.now() % 1_000_000}`);
  // The link opened signed out: the sign-in leads on to the preferences, not home.
  await page.goto('/my-profile?tab=preferences');
  await expect(page).toHaveURL(/\/login$/);
  await page.getByLabel("Nom d'utilisateur ou e-mail").fill(member.username);
  await page.getByLabel('Mot de passe', { exact: true }).fill(E2E_PASSWORD);
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await expect(page).toHaveURL(/\/my-profile\?tab=preferences$/);
  await expect(page.getByRole('tab', { name: 'Préférences' })).toHaveAttribute('aria-selected', 'true');
  const weekly = page.getByRole('switch', { name: 'Programme de la semaine' });
  await expect(weekly).toHaveAttribute('aria-checked', 'false'); // off by default
  await expect(page.getByRole('region', { name: 'Préférences' })).toHaveCount(0); // no tour over it
  await expectNoAxeViolations(page);
  for (const width of [390, 1280])
    await screenshotWhole(page, `test-results/screenshots/weekly-preferences-link-${width}.png`, width);

  await weekly.click();
  await expect(weekly).toHaveAttribute('aria-checked', 'true');
  const kept = await call<Array<{ name: string; active: boolean }>>(
    request,
    member.token,
    'GET',
    `/api/user/preference/${member.id}`,
  );
  expect(kept.find((s) => s.name === 'weekly_event_list')?.active).toBe(true);
});

test('the weekly email as a mail client shows it (HTML part), at 390 and 1280 px, 320 px and dark', async ({
  page,
}) => {
  const monday = new Date('2026-11-30T06:00:00Z');
  const at = (hours: number) => new Date(monday.getTime() + hours * HOUR);
  const link = `${E2E_BASE_URL}/event/0b7f3c4e-8a51-4a4b-9a2e-3f1f7c9d2e10`;
  const place = '12 quai de la Douane, 29200 Brest';
  const html = await renderMail(
    'weekly_event_list',
    'fr',
    {
      weekStart: '2026-11-30',
      timeZone: 'Europe/Paris',
      slogan: 'Pagayer ensemble, par tous les temps',
      logoUrl: `${E2E_BASE_URL}/icons/icon-192.png`,
      accentColour: '#0f766e',
      preferencesUrl: `${E2E_BASE_URL}/my-profile?tab=preferences`,
      events: [
        {
          modelName: 'Kayak de mer',
          start: at(27),
          end: at(29),
          place,
          placesLeft: 8,
          isCancelled: false,
          link,
        },
        {
          modelName: 'Randonnée côtière',
          start: at(51),
          end: at(53),
          place,
          placesLeft: 4,
          isCancelled: true,
          link,
        },
        {
          modelName: 'Plongée',
          start: at(79),
          end: at(81),
          place: null,
          placesLeft: 0,
          isCancelled: false,
          link,
        },
        {
          modelName: 'Voile',
          start: at(122),
          end: at(152),
          place,
          placesLeft: null,
          isCancelled: false,
          link,
        },
      ],
    },
    { clubName: 'Club de kayak de la rade de Brest', firstName: 'Jeanne' },
  ).html;
  await page.setContent(html ?? '', { waitUntil: 'load' });
  await expect(page.getByRole('heading', { name: /Programme de la semaine du 30 novembre/ })).toBeVisible();
  await expect(page.getByRole('img', { name: 'Logo du club' })).toBeVisible();
  expect(
    await page
      .getByRole('img', { name: 'Logo du club' })
      .evaluate((img) => (img as HTMLImageElement).naturalWidth),
  ).toBe(192);
  await expect(page.getByRole('link', { name: "Voir l'évènement" })).toHaveCount(4);
  await expect(page.getByRole('link', { name: 'Ne plus le recevoir : mes préférences' })).toHaveAttribute(
    'href',
    `${E2E_BASE_URL}/my-profile?tab=preferences`,
  );
  await expect(page.getByText(/Randonnée côtière \(annulé\)/i)).toBeVisible();
  await expectNoAxeViolations(page);
  for (const width of [390, 1280])
    await screenshotWhole(page, `test-results/screenshots/weekly-email-${width}.png`, width);
  // The narrowest phone scrolls nothing sideways, and a client in dark mode gets the dark card.
  await page.setViewportSize({ width: 320, height: 700 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
  await page.screenshot({ path: 'test-results/screenshots/weekly-email-320.png', fullPage: true });
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.setViewportSize({ width: 390, height: 800 });
  expect(await page.locator('.card').evaluate((card) => getComputedStyle(card).backgroundColor)).toBe(
    'rgb(28, 34, 43)',
  );
  await page.screenshot({ path: 'test-results/screenshots/weekly-email-dark-390.png', fullPage: true });
});
