import { expect, test } from '@playwright/test';
import { call, newMember, rootToken } from './api';
import { expectNoAxeViolations } from './axe';
import { showEventRow, signIn } from './helpers';
import { screenshotWhole, shootBothSizes } from './screenshots';
import { E2E_PASSWORD } from './server-process';

/**
 * Kit (docs/rules.md#kit), on the real server in Chromium. The kinds show in alphabetical order (Bateaux, Gilets,
 * Pagaies), and the kit keeps that order. Léna books a set for a sea outing (a K1, a paddle and the
 * last small vest), then swaps the vest for a medium one without losing her place; her organiser, with no signal at
 * the slipway, hands the three items out and takes back all but the paddle, and the server ends with exactly that.
 * At 390 px; the dialogs and the checklist at 1280 px too, where their layout differs.
 */
test.use({ bypassCSP: true });
test.describe.configure({ timeout: 120_000 });

interface ServerEntry {
  id: string;
  stuffs?: string[];
  stuffs_state?: Array<{ uuid: string; handed_out: boolean; returned: boolean }>;
}

test('a member books a set and changes the vest; the organiser hands it out and takes it back offline', async ({
  browser,
  request,
}) => {
  const root = await rootToken(request);
  const stamp = Date.now() % 1_000_000;
  const title = `Sortie Crozon ${stamp}`;
  const coach = await newMember(request, root, `coachkit${stamp}`, 'Contributor');
  const lena = await newMember(request, root, `lenakit${stamp}`);
  for (const [who, first, last] of [
    [coach, 'Maëlle', 'Kerhervé'],
    [lena, 'Léna', 'Bosser'],
  ] as const)
    await call(request, who.token, 'PUT', `/api/user/profile/update/${who.id}`, {
      first_name: first,
      last_name: last,
    });
  const stuff = async (name: string, kind: string, stock: number) =>
    (
      await call<{ uuid: string }>(request, coach.token, 'POST', '/api/stuff/add', {
        name: `${name} ${stamp}`,
        description: name,
        stock,
        kind,
      })
    ).uuid;
  const k1 = await stuff('Kayak mono K1', 'Bateaux', 4);
  const paddle = await stuff('Pagaie double', 'Pagaies', 6);
  const vestS = await stuff('Gilet S', 'Gilets', 1);
  const vestM = await stuff('Gilet M', 'Gilets', 3);
  const model = await call<{ uuid: string }>(request, coach.token, 'POST', '/api/event/model/add', {
    name: title,
    description: 'Tour de la presqu’île',
  });
  const start = new Date(Date.now() + 26 * 3_600_000);
  const event = await call<{ uuid_event: string; start_date: string }>(
    request,
    coach.token,
    'POST',
    '/api/event/add-or-update',
    {
      uuid_model_event: model.uuid,
      start_date: start.toISOString(),
      end_date: new Date(start.getTime() + 4 * 3_600_000).toISOString(),
      city: 'Crozon',
      zip_code: '29160',
      max_subscribers: 8,
      stuffs_available: [k1, paddle, vestS, vestM].map((uuid) => ({ uuid })),
    },
  );
  const onServer = async () =>
    (
      await call<{ subscribers_with_stuff: ServerEntry[] }>(
        request,
        coach.token,
        'GET',
        `/api/event/${event.uuid_event}`,
      )
    ).subscribers_with_stuff.find((s) => s.id === lena.id);

  // Léna books a boat, a paddle and the last small vest, one of each kind.
  const lenaContext = await browser.newContext({ bypassCSP: true, viewport: { width: 390, height: 844 } });
  const page = await lenaContext.newPage();
  await signIn(page, lena.username);
  const row = await showEventRow(page, event);
  await row.getByRole('button', { name: `Détails de ${title}` }).click();
  const sheet = page.getByRole('dialog', { name: title });
  await expect(sheet).toBeVisible();
  for (const kind of ['Bateaux', 'Pagaies', 'Gilets'])
    await expect(sheet.getByRole('group', { name: kind })).toBeVisible();
  await sheet.getByRole('radio', { name: `Kayak mono K1 ${stamp} — 4 disponibles` }).check();
  await sheet.getByRole('radio', { name: `Pagaie double ${stamp} — 6 disponibles` }).check();
  await sheet.getByRole('radio', { name: `Gilet S ${stamp} — 1 disponible` }).check();
  await expect(
    sheet.getByText(`Votre matériel : Kayak mono K1 ${stamp}, Gilet S ${stamp}, Pagaie double ${stamp}`),
  ).toBeVisible();
  await expectNoAxeViolations(page);
  await shootBothSizes(page, 'kit-choice');
  await sheet.getByRole('button', { name: "S'inscrire" }).click();
  const myKit = sheet.getByTestId('my-kit');
  await expect(myKit).toContainText(`Kayak mono K1 ${stamp}`);
  await expect(myKit).toContainText(`Gilet S ${stamp}`);
  await expect.poll(async () => (await onServer())?.stuffs).toEqual([k1, vestS, paddle]);
  await shootBothSizes(page, 'kit-booked');

  // The small vest is tight: she swaps it for a medium one, keeping her place and the rest of her kit.
  await sheet.getByRole('button', { name: 'Modifier mon matériel' }).click();
  const change = page.getByRole('dialog', { name: 'Modifier mon matériel' });
  await expect(change).toBeVisible();
  // Her own small vest counts as hers to keep.
  await expect(change.getByRole('radio', { name: `Gilet S ${stamp} — 1 disponible` })).toBeChecked();
  await change.getByRole('radio', { name: `Gilet M ${stamp} — 3 disponibles` }).check();
  await expectNoAxeViolations(page);
  await shootBothSizes(page, 'kit-change');
  await change.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(change).toBeHidden();
  await expect(myKit).toContainText(`Gilet M ${stamp}`);
  await expect(myKit).not.toContainText(`Gilet S ${stamp}`);
  await expect.poll(async () => (await onServer())?.stuffs).toEqual([k1, vestM, paddle]);
  await shootBothSizes(page, 'kit-changed');
  await lenaContext.close();

  // In English too: her kit and its change, the kinds as the club typed them.
  await call(request, lena.token, 'PUT', `/api/user/profile/update/${lena.id}`, { language: 'en' });
  const englishContext = await browser.newContext({ bypassCSP: true, viewport: { width: 390, height: 844 } });
  const english = await englishContext.newPage();
  await english.goto('/login');
  await english.getByLabel("Nom d'utilisateur ou e-mail").fill(lena.username);
  await english.getByLabel('Mot de passe', { exact: true }).fill(E2E_PASSWORD);
  await english.getByRole('button', { name: 'Se connecter' }).click();
  await expect(english.getByRole('heading', { name: 'Home' })).toBeVisible();
  const englishRow = await showEventRow(english, event);
  await englishRow.getByRole('button', { name: `Details of ${title}` }).click();
  const englishSheet = english.getByRole('dialog', { name: title });
  await expect(englishSheet.getByTestId('my-kit')).toContainText('My equipment');
  await englishSheet.getByRole('button', { name: 'Change my equipment' }).click();
  const englishChange = english.getByRole('dialog', { name: 'Change my equipment' });
  await expect(englishChange.getByRole('radio', { name: `Gilet S ${stamp} — 1 left` })).toBeEnabled();
  await expect(
    englishChange.getByText(`Your equipment: Kayak mono K1 ${stamp}, Gilet M ${stamp}`),
  ).toBeVisible();
  await expectNoAxeViolations(english);
  await shootBothSizes(english, 'kit-change-en');
  await englishContext.close();

  // At the slipway, no signal: the organiser hands the three items out, then takes back the boat and the vest.
  const coachContext = await browser.newContext({ bypassCSP: true, viewport: { width: 390, height: 844 } });
  const coachPage = await coachContext.newPage();
  await signIn(coachPage, coach.username);
  await coachPage.goto(`/checklist/${event.uuid_event}`);
  const lenaRow = coachPage.getByTestId('checklist-row').filter({ hasText: 'Léna Bosser' });
  await expect(lenaRow.getByTestId('kit-name')).toHaveText([
    `Kayak mono K1 ${stamp}`,
    `Gilet M ${stamp}`,
    `Pagaie double ${stamp}`,
  ]);
  await coachPage.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await coachContext.setOffline(true);
  for (const item of ['Kayak mono K1', 'Pagaie double', 'Gilet M'])
    await lenaRow.getByRole('button', { name: `${item} ${stamp} remis à Léna Bosser` }).click();
  for (const item of ['Kayak mono K1', 'Gilet M'])
    await lenaRow.getByRole('button', { name: `${item} ${stamp} rendu par Léna Bosser` }).click();
  await expect(
    lenaRow.getByRole('button', { name: `Pagaie double ${stamp} remis à Léna Bosser` }),
  ).toHaveAttribute('aria-pressed', 'true');
  await expect(
    lenaRow.getByRole('button', { name: `Pagaie double ${stamp} rendu par Léna Bosser` }),
  ).toHaveAttribute('aria-pressed', 'false');
  await screenshotWhole(coachPage, 'test-results/screenshots/kit-hand-out-offline-390.png', 390);
  // Nothing reached the server yet.
  expect((await onServer())?.stuffs_state?.some((s) => s.handed_out)).toBe(false);

  await coachContext.setOffline(false);
  await expect
    .poll(async () => (await onServer())?.stuffs_state, { timeout: 20_000 })
    .toEqual([
      { uuid: k1, handed_out: true, returned: true },
      { uuid: vestM, handed_out: true, returned: true },
      { uuid: paddle, handed_out: true, returned: false },
    ]);
  await expectNoAxeViolations(coachPage);
  for (const width of [390, 1280])
    await screenshotWhole(coachPage, `test-results/screenshots/kit-hand-out-${width}.png`, width);
  await coachContext.close();
});
