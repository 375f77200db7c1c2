import fs from 'node:fs';
import { clubDayOf } from '@common/rules/club-time';
import { expect, test } from '@playwright/test';
import { call, newEvent, newMember, rootToken, subscribeApi } from './api';
import { expectNoAxeViolations } from './axe';
import { keptMemberNames, signIn } from './helpers';
import { screenshotWhole } from './screenshots';

/**
 * An organiser at the venue and after it (docs/rules.md#checklist, #season-report, #file-names): the checklist's
 * rows hold on one line on a phone, those not coming are named, a walk-in is found among the club's members with
 * no signal (the list kept on the organiser's phone) and linked to them; the attendance list downloads under a
 * French name made from the event and its day; a Contributor reads the season report of their own events; a
 * member's « Mes données » downloads as a page a person can read. At 390 px.
 */
test.use({ bypassCSP: true, viewport: { width: 390, height: 844 } });
test.describe.configure({ timeout: 120_000 });

const shots = 'test-results/screenshots';

test('at the venue with no signal: one-line rows, « Ne viennent pas » by name, a walk-in linked to a member', async ({
  browser,
  request,
}) => {
  const root = await rootToken(request);
  const stamp = Date.now() % 1_000_000;
  const coach = await newMember(request, root, `coachvenue${stamp}`, 'Contributor');
  const named = async (username: string, first: string, last: string) => {
    const member = await newMember(request, root, username);
    await call(request, member.token, 'PUT', `/api/user/profile/update/${member.id}`, {
      first_name: first,
      last_name: last,
    });
    return member;
  };
  const event = await newEvent(request, coach.token, {
    startInHours: 1,
    model: { name: `Sortie rivière ${stamp}`, description: 'Descente de l’Odet' },
  });
  for (const [username, first, last] of [
    ['annesophie', 'Anne-Sophie', 'Le Guennec-Kerouédan'],
    ['lena', 'Léna', 'Bosser'],
    ['yves', 'Yves', 'Tanguy'],
  ] as const)
    await subscribeApi(request, await named(`${username}${stamp}`, first, last), event.uuid_event);
  const declining = await named(`gwenn${stamp}`, 'Gwenn', 'Riou');
  await call(request, declining.token, 'PUT', '/api/event/decline', {
    uuid_event: event.uuid_event,
    uuid_user: declining.id,
    decline: true,
  });
  const walker = await named(`loic${stamp}`, 'Loïc', `Kervella${stamp}`);

  const context = await browser.newContext({ bypassCSP: true, viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  await signIn(page, coach.username);
  await page.goto(`/checklist/${event.uuid_event}`);
  const rows = page.getByTestId('checklist-row');
  await expect(rows).toHaveCount(3);
  // One line each on a phone, the longest name cut rather than wrapped.
  for (const row of await rows.all()) expect((await row.boundingBox())?.height ?? 0).toBeLessThan(64);
  const declined = page.getByRole('region', { name: 'Ne viennent pas (1)' });
  await expect(declined).toContainText('Gwenn Riou');
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  // The club's members are kept on this phone for the walk-ins of the events this organiser runs.
  await expect.poll(() => keptMemberNames(page)).toContain(`Kervella${stamp}`);
  await expectNoAxeViolations(page);
  await screenshotWhole(page, `${shots}/venue-one-line-rows-390.png`, 390);

  // No signal: the walk-in is found among the members kept on the phone and added as that member.
  await context.setOffline(true);
  await page.getByRole('button', { name: 'Ajouter une personne présente' }).click();
  const dialog = page.getByRole('dialog', { name: 'Ajouter une personne présente' });
  await dialog.getByLabel('Rechercher par nom').fill(`kervella${stamp}`);
  await expect(dialog.getByText(/recherche dans la liste des membres gardée sur cet appareil/)).toBeVisible();
  await expectNoAxeViolations(page);
  await screenshotWhole(page, `${shots}/venue-walk-in-member-offline-390.png`, 390);
  await dialog.getByRole('button', { name: `Ajouter Loïc Kervella${stamp} à la liste de présence` }).click();
  await expect(dialog).toBeHidden();
  await expect(rows).toHaveCount(4);
  await context.setOffline(false);
  await expect(page.getByTestId('pending-marker')).toHaveCount(0, { timeout: 20_000 });
  // On the server: a walk-in who is that member (the row's key names their id), present.
  const record = await call<Array<{ row_key?: string; name: string; status?: string; is_walk_in?: boolean }>>(
    request,
    coach.token,
    'GET',
    `/api/event/${event.uuid_event}/attendance`,
  );
  expect(record.find((entry) => entry.row_key === `w:member:${walker.id}`)).toMatchObject({
    name: `Loïc Kervella${stamp}`,
    status: 'present',
    is_walk_in: true,
  });

  // The attendance list downloads under the event's name and day, in French.
  const day = clubDayOf(new Date(event.start_date), 'Europe/Paris');
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Télécharger la liste (CSV)' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(`presences-sortie-riviere-${stamp}-${day}.csv`);
  expect(fs.readFileSync(await download.path(), 'utf8')).toContain('Kervella');

  // The season report, as a Contributor: the events they organise only.
  await page.goto('/settings/report');
  await expect(page.getByText(/Les chiffres des évènements que vous organisez/)).toBeVisible();
  await expectNoAxeViolations(page);
  await screenshotWhole(page, `${shots}/season-report-contributor-390.png`, 390);
  await context.close();
});

test('« Mes données » downloads as a page a person can read, beside the JSON', async ({
  browser,
  request,
}) => {
  const root = await rootToken(request);
  const stamp = Date.now() % 1_000_000;
  const lena = await newMember(request, root, `lenadata${stamp}`);
  await call(request, lena.token, 'PUT', `/api/user/profile/update/${lena.id}`, {
    first_name: 'Léna',
    last_name: 'Bosser',
  });
  const event = await newEvent(request, root, {
    startInHours: 30,
    model: { name: `Entraînement ${stamp}`, description: 'Bassin' },
  });
  await subscribeApi(request, lena, event.uuid_event);

  const context = await browser.newContext({ bypassCSP: true, viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  await signIn(page, lena.username);
  await page.goto('/my-profile');
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Télécharger mes données (page lisible)' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^donnees-lena-bosser-\d{4}-\d{2}-\d{2}\.html$/);
  const html = fs.readFileSync(await download.path(), 'utf8');
  expect(html).toContain('Bosser');
  expect(html).toContain(`Entraînement ${stamp}`);

  // Opened as the member would open the file: headings and tables, no script.
  const reader = await context.newPage();
  await reader.setContent(html, { waitUntil: 'load' });
  await expect(reader.getByRole('heading').first()).toBeVisible();
  await expect(reader.getByRole('table').first()).toBeVisible();
  expect(await reader.locator('script').count()).toBe(0);
  await reader.screenshot({ path: `${shots}/my-data-page-390.png`, fullPage: true });
  await context.close();
});
