import { expect, test } from '@playwright/test';
import { call, newEvent, newMember, rootToken, subscribeApi } from './api';
import { expectNoAxeViolations } from './axe';
import { keptMemberNames, signIn } from './helpers';
import { screenshotWhole } from './screenshots';
import { E2E_USERS } from './server-process';

test.use({ bypassCSP: true });

interface Entry {
  name: string;
  status: string;
  is_checked: boolean;
  is_walk_in: boolean;
  checked_by: string | null;
  checked_at: string | null;
  received_at: string | null;
}

// At the venue with no signal: three statuses and a walk-in, a reload, the network back; the server then
// holds exactly those, with who set each and when. A member found by name joins online.
test('an organiser sets statuses and adds a walk-in offline, reloads, and the server ends with exactly those', async ({
  browser,
  request,
}) => {
  const root = await rootToken(request);
  const event = await newEvent(request, root, { startInHours: 1 });
  const stamp = Date.now() % 1_000_000;
  const people = [];
  for (const name of ['lou', 'max', 'ines']) people.push(await newMember(request, root, `${name}${stamp}`));
  for (const person of people) await subscribeApi(request, person, event.uuid_event);
  const walker = await newMember(request, root, `tanguy${stamp}`);
  await call(request, root, 'PUT', `/api/user/profile/update/${walker.id}`, {
    first_name: 'Loïc',
    last_name: `Tanguy${stamp}`,
  });
  const [lou, max, ines] = people.map((p) => p.username);

  const context = await browser.newContext({ bypassCSP: true, viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  await signIn(page, E2E_USERS.superAdmin.username);
  await page.goto(`/checklist/${event.uuid_event}`);
  const rows = page.getByTestId('checklist-row');
  await expect(rows).toHaveCount(3);
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  const row = (name: string) =>
    rows.filter({ has: page.getByTestId('row-name').getByText(name, { exact: true }) });
  const statusOf = (name: string) =>
    page.getByRole('combobox', { name: new RegExp(`^Statut d(?:e |')${name}$`) });

  // The club's members are kept on the phone for walk-ins before the signal goes.
  await expect.poll(() => keptMemberNames(page)).toContain(`Tanguy${stamp}`);
  // No signal from here.
  await context.setOffline(true);
  await row(lou as string)
    .getByRole('button', { name: `Présence de ${lou}` })
    .click();
  await statusOf(max as string).selectOption({ label: 'En retard' });
  await statusOf(ines as string).selectOption({ label: 'Excusé' });
  const open = page.getByRole('button', { name: 'Ajouter une personne présente' });
  await open.click();
  const dialog = page.getByRole('dialog', { name: 'Ajouter une personne présente' });
  await dialog.getByLabel('Rechercher par nom').fill('gw');
  // The club's members are searched on the phone itself (the list kept for the organiser's walk-ins).
  await expect(dialog.getByText(/recherche dans la liste des membres gardée sur cet appareil/)).toBeVisible();
  await dialog.getByLabel('Nom', { exact: true }).fill('Gwen Morvan');
  await screenshotWhole(page, 'test-results/screenshots/venue-walk-in-dialog-offline-390.png', 390);
  await dialog.getByRole('button', { name: 'Ajouter', exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(rows).toHaveCount(4);
  await expect(page.getByTestId('pending-marker')).toHaveCount(4);
  await expect(page.getByText('3 / 4 présents')).toBeVisible();

  // A reload at the venue: the shell comes from the service worker, the writes from the outbox.
  await page.reload();
  await expect(rows).toHaveCount(4);
  await expect(page.getByTestId('pending-marker')).toHaveCount(4);
  await expect(statusOf(max as string)).toHaveValue('late');
  await expect(statusOf(ines as string)).toHaveValue('excused');
  await expect(statusOf('Gwen Morvan')).toHaveValue('present');
  await expect(row('Gwen Morvan')).toContainText('Sans inscription');
  await expect(page.getByText('3 / 4 présents')).toBeVisible();
  for (const width of [390, 1280])
    await screenshotWhole(page, `test-results/screenshots/venue-offline-${width}.png`, width);

  // The network is back: every write is delivered once, in order.
  await context.setOffline(false);
  await expect(page.getByTestId('pending-marker')).toHaveCount(0, { timeout: 20_000 });
  await expect(row('Gwen Morvan').getByTestId('tick-note')).toHaveText(
    new RegExp(`^Pointé par ${E2E_USERS.superAdmin.username} à \\d\\d:\\d\\d`),
  );
  await expect(row(max as string).getByTestId('tick-note')).toHaveText(/^Marqué en retard par /);

  // Online, a club member found by name walks in too.
  await open.click();
  await dialog.getByLabel('Rechercher par nom').fill(`tanguy${stamp}`);
  const found = dialog.getByRole('button', { name: `Ajouter Loïc Tanguy${stamp} à la liste de présence` });
  await expect(found).toBeVisible();
  await expectNoAxeViolations(page);
  await screenshotWhole(page, 'test-results/screenshots/venue-walk-in-search-390.png', 390);
  await found.click();
  await expect(dialog).toBeHidden();
  await expect(rows).toHaveCount(5);
  await expect(page.getByTestId('pending-marker')).toHaveCount(0, { timeout: 20_000 });
  await expect(page.getByText('4 / 5 présents')).toBeVisible();
  await expectNoAxeViolations(page);
  for (const width of [390, 1280])
    await screenshotWhole(page, `test-results/screenshots/venue-online-${width}.png`, width);

  // The same list in English (the interface language is the device's choice).
  await page.evaluate(() => localStorage.setItem('lang', 'en'));
  await page.reload();
  await expect(page.getByRole('combobox', { name: `Status of ${max}` })).toHaveValue('late');
  await expect(page.getByText('4 / 5 present')).toBeVisible();
  await expect(row('Gwen Morvan')).toContainText('Walk-in');
  await page.getByRole('button', { name: 'Add someone present' }).click();
  await expect(page.getByRole('dialog', { name: 'Add someone present' })).toBeVisible();
  await expectNoAxeViolations(page);
  await screenshotWhole(page, 'test-results/screenshots/venue-walk-in-dialog-en-390.png', 390);
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toBeHidden();
  await expect(page.getByRole('button', { name: 'Add someone present' })).toBeFocused();
  for (const width of [390, 1280])
    await screenshotWhole(page, `test-results/screenshots/venue-en-${width}.png`, width);

  // What the server holds: exactly these, each with who set it and when.
  const record = await call<Entry[]>(request, root, 'GET', `/api/event/${event.uuid_event}/attendance`);
  const byName = new Map(record.map((e) => [e.name, e]));
  expect(record.map((e) => [e.name, e.status, e.is_checked, e.is_walk_in]).sort()).toEqual(
    [
      ['Gwen Morvan', 'present', true, true],
      [`Loïc Tanguy${stamp}`, 'present', true, true],
      [lou, 'present', true, false],
      [max, 'late', true, false],
      [ines, 'excused', false, false],
    ].sort(),
  );
  for (const name of ['Gwen Morvan', lou, max, ines]) {
    const entry = byName.get(name as string);
    expect(entry?.checked_by).toBe(E2E_USERS.superAdmin.username);
    expect(entry?.checked_at).not.toBeNull();
    expect(entry?.received_at).not.toBeNull();
  }
  const server = await call<{ walk_ins: Array<{ name: string }> }>(
    request,
    root,
    'GET',
    `/api/event/${event.uuid_event}`,
  );
  expect(server.walk_ins.map((w) => w.name).sort()).toEqual(['Gwen Morvan', `Loïc Tanguy${stamp}`].sort());
  await context.close();
});
