import fs from 'node:fs';
import { expect, test } from '@playwright/test';
import { parse } from 'csv-parse/sync';
import { call, newEvent, newMember, rootToken, subscribeApi } from './api';
import { expectNoAxeViolations } from './axe';
import { signIn } from './helpers';
import { screenshotWhole } from './screenshots';
import { E2E_USERS } from './server-process';

test.use({ bypassCSP: true });

test('an admin reads the season report from the settings menu and downloads the same figures', async ({
  page,
  request,
}) => {
  const root = await rootToken(request);
  const stamp = Date.now() % 1_000_000;
  const model = {
    name: `Bilan de la grande sortie du dimanche ${stamp}`,
    description: 'Sortie comptée au bilan',
  };
  const first = await newEvent(request, root, { model, max: 8, startInHours: 3 });
  const people = [];
  for (const name of ['ana', 'bob']) people.push(await newMember(request, root, `${name}${stamp}`));
  for (const person of people) await subscribeApi(request, person, first.uuid_event);
  await call(request, people[0]?.token as string, 'POST', '/api/event/invite', {
    uuid_event: first.uuid_event,
    uuid_user: people[0]?.id,
    first_name: 'Zoé',
    last_name: 'Abri',
  });

  await signIn(page, E2E_USERS.superAdmin.username);
  await page.goto('/settings');
  await page
    .getByRole('navigation', { name: 'Entrées des paramètres' })
    .getByRole('link', { name: 'Bilan de saison' })
    .click();
  await expect(page).toHaveURL(/\/settings\/report$/);
  const table = page.getByRole('table', {
    name: /^Bilan du [a-z]{3}\. 01\/09\/\d\d au [a-z]{3}\. 31\/08\/\d\d$/,
  });
  const row = table.getByRole('row').filter({ has: page.getByRole('rowheader', { name: model.name }) });
  // Events, cancelled, places, subscriptions, guests, promotions, walk-ins, present, participants (past),
  // rate.
  await expect(row.getByRole('cell')).toHaveText([/\S/, '1', '0', '8', '2', '1', '0', '0', '0', '0', '—']);
  await expect(page.getByRole('img', { name: /Participants et présents par mois/ })).toBeVisible();
  await expectNoAxeViolations(page);
  // At 1280 px every column fits: the table's own box does not scroll sideways.
  await page.setViewportSize({ width: 1280, height: 800 });
  const box = page.getByRole('region', { name: /^Bilan du/ });
  expect(await box.evaluate((element) => element.scrollWidth - element.clientWidth)).toBeLessThanOrEqual(0);
  // Scrolled down inside its box, the header row stays in view: it sticks to the box's top. The box is made
  // short first, so it scrolls however few rows this club has (CI's has more than a lone run's).
  const header = table.getByRole('columnheader', { name: 'Mois' });
  const headerOffset = () =>
    header.evaluate(
      (cell) =>
        cell.getBoundingClientRect().top -
        (cell.closest('section') as HTMLElement).getBoundingClientRect().top,
    );
  const scrolled = await box.evaluate((element) => {
    element.style.maxHeight = '120px';
    element.scrollTop = element.scrollHeight;
    return element.scrollTop;
  });
  expect(scrolled).toBeGreaterThan(0);
  expect(Math.abs(await headerOffset())).toBeLessThan(2);
  await box.evaluate((element) => {
    element.style.maxHeight = '';
    element.scrollTop = 0;
  });
  for (const width of [390, 1280])
    await screenshotWhole(page, `test-results/screenshots/season-report-${width}.png`, width);

  const [file] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Télécharger le bilan (CSV)' }).click(),
  ]);
  expect(file.suggestedFilename()).toMatch(/^bilan-de-saison-\d{4}-09-01-\d{4}-08-31\.csv$/);
  const lines = parse(fs.readFileSync(await file.path(), 'utf8'), {
    bom: true,
    delimiter: ';',
  }) as string[][];
  expect(lines[0]?.slice(0, 3)).toEqual(['Mois', 'Modèle', 'Évènements']);
  expect(lines.find((line) => line[1] === model.name)?.slice(2)).toEqual([
    '1',
    '0',
    '8',
    '2',
    '1',
    '0',
    '0',
    '0',
    '0',
    '',
  ]);
  // The totals close the figures; the kit's use per item may follow, under its own title, as wide as the rest.
  const total = lines.findIndex((line) => line[0] === 'Total');
  expect(total).toBeGreaterThan(0);
  const after = lines.slice(total + 1);
  if (after.length > 0) expect(after[1]?.[0]).toBe('Matériel');
});
