import { expect, type Page, test } from '@playwright/test';
import { call, newEvent, newMember, rootToken, subscribeApi } from './api';
import { expectNoAxeViolations } from './axe';
import { showEventRow, signIn } from './helpers';
import { E2E_PASSWORD } from './server-process';

// axe-core is injected as a script, which the app's own policy rightly refuses.
test.use({ bypassCSP: true });

async function shoot(page: Page, name: string) {
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: width < 768 ? 844 : 800 });
    await page.screenshot({ path: `test-results/screenshots/${name}-${width}.png` });
  }
  await page.setViewportSize({ width: 390, height: 844 });
}

test('a member opens an event, subscribes with equipment, adds and deletes a guest, unsubscribes', async ({
  page,
  request,
}) => {
  const root = await rootToken(request);
  const stamp = Date.now() % 1_000_000;
  const stuff = await call<{ uuid: string }>(request, root, 'POST', '/api/stuff/add', {
    name: `Combinaison ${stamp}`,
    description: 'Néoprène 5 mm',
    stock: 3,
  });
  const model = await call<{ uuid: string }>(request, root, 'POST', '/api/event/model/add', {
    name: `Voile ${stamp}`,
    description: 'Initiation au dériveur',
  });
  const start = new Date(Date.now() + 26 * 3_600_000);
  const event = await call<{ uuid_event: string; start_date: string }>(
    request,
    root,
    'POST',
    '/api/event/add-or-update',
    {
      uuid_model_event: model.uuid,
      start_date: start.toISOString(),
      end_date: new Date(start.getTime() + 3 * 3_600_000).toISOString(),
      street: '1 quai Malbert',
      city: 'Brest',
      zip_code: '29200',
      location: 'https://www.openstreetmap.org/?mlat=48.38&mlon=-4.49',
      max_subscribers: 5,
      stuffs_available: [{ uuid: stuff.uuid }],
    },
  );
  const member = await newMember(request, root, `reg${stamp}`);
  await signIn(page, member.username);
  await page.setViewportSize({ width: 390, height: 844 });

  const row = await showEventRow(page, event);
  await expect(row).toContainText(`Voile ${stamp}`);
  await expect(row).toContainText('Brest (29)');
  await expect(row).toContainText('0/5');
  await expect(row).toContainText('Places disponibles');
  await expectNoAxeViolations(page);
  await shoot(page, 'home-week');

  const details = row.getByRole('button', { name: `Détails de Voile ${stamp}` });
  await details.click();
  const popup = page.getByRole('dialog', { name: `Voile ${stamp}` });
  await expect(popup).toBeVisible();
  await expect(popup.getByRole('link', { name: /Itinéraire/ })).toHaveAttribute('target', '_blank');
  await popup.getByRole('radio', { name: `Combinaison ${stamp} (3 disponible(s))` }).check();
  await popup.getByRole('button', { name: "S'inscrire" }).click();
  await expect(row).toContainText('1/5');
  await expect(popup.getByTestId('registration-count')).toHaveText('1/5');
  const chosen = popup.getByRole('radio', { name: new RegExp(`Combinaison ${stamp}`) });
  await expect(chosen).toBeChecked();
  await expect(chosen).toBeDisabled();
  await expectNoAxeViolations(page);
  await shoot(page, 'registration');

  await popup.getByRole('button', { name: 'Ajouter un invité' }).click();
  const guestForm = page.getByRole('dialog', { name: 'Nouvel invité' });
  const save = guestForm.getByRole('button', { name: 'Enregistrer' });
  await expect(save).toBeDisabled();
  await guestForm.getByLabel('Prénom').fill('Paul');
  await guestForm.getByLabel('Nom', { exact: true }).fill('Durand');
  await guestForm.getByLabel('Âge').fill('12');
  await save.click();
  await expect(guestForm).toBeHidden();
  await expect(popup.getByText('Paul Durand', { exact: true })).toBeVisible();
  await expect(row).toContainText('2/5');
  await expect(row).toContainText('1 invité(s)');

  await popup.getByRole('button', { name: 'Modifier Paul Durand' }).click();
  const editForm = page.getByRole('dialog', { name: "Modifier l'invité" });
  await expect(editForm.getByLabel('Âge')).toHaveValue('12');
  await editForm.getByLabel('Adresse e-mail').fill('paul@');
  await expect(editForm.getByText("L'adresse email n'est pas valide")).toBeVisible();
  await expect(editForm.getByRole('button', { name: 'Enregistrer' })).toBeDisabled();
  await editForm.getByLabel('Adresse e-mail').fill('paul@example.org');
  await editForm.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(editForm).toBeHidden();
  await expect(popup).toBeVisible();

  page.once('dialog', (confirm) => {
    expect(confirm.message()).toBe('Supprimer Paul Durand ?');
    void confirm.accept();
  });
  await popup.getByRole('button', { name: 'Supprimer Paul Durand' }).click();
  await expect(popup.getByText('Paul Durand', { exact: true })).toHaveCount(0);
  await expect(row).toContainText('1/5');

  await popup.getByRole('button', { name: 'Se désinscrire' }).click();
  await expect(row).toContainText('0/5');
  await expect(popup.getByRole('button', { name: "S'inscrire" })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(popup).toBeHidden();
  await expect(details).toBeFocused();
});

test('a full event offers the waiting list: the member joins it and leaves it', async ({ page, request }) => {
  const root = await rootToken(request);
  const stamp = Date.now() % 1_000_000;
  const event = await newEvent(request, root, { max: 1, startInHours: 30 });
  await subscribeApi(request, await newMember(request, root, `full${stamp}`), event.uuid_event);
  const member = await newMember(request, root, `wait${stamp}`);
  await signIn(page, member.username);

  const row = await showEventRow(page, event);
  await expect(row).toContainText('1/1');
  await expect(row).toContainText('Complet');
  await row.getByRole('button', { name: /^Détails/ }).click();
  const popup = page.getByRole('dialog', { name: 'Kayak de mer' });
  await expect(popup.getByRole('button', { name: "S'inscrire" })).toHaveCount(0);
  await popup.getByRole('button', { name: "Liste d'attente" }).click();
  await expect(popup.getByRole('button', { name: "Quitter la liste d'attente" })).toBeVisible();
  await expect(row).toContainText("En liste d'attente");
  await popup.getByRole('button', { name: "Quitter la liste d'attente" }).click();
  await expect(popup.getByRole('button', { name: "Liste d'attente" })).toBeVisible();
  await popup.getByRole('button', { name: 'Fermer' }).click();
  await expect(popup).toBeHidden();
});

test('in English: a member signs in, finds a full event, joins its waiting list and leaves it', async ({
  page,
  request,
}) => {
  const root = await rootToken(request);
  const stamp = Date.now() % 1_000_000;
  const event = await newEvent(request, root, { max: 1, startInHours: 30 });
  await subscribeApi(request, await newMember(request, root, `fullen${stamp}`), event.uuid_event);
  const member = await newMember(request, root, `waiten${stamp}`);
  // The interface language is the device's choice, kept in localStorage.
  await page.addInitScript(() => localStorage.setItem('lang', 'en'));
  await page.goto('/login');
  await page.getByLabel('Username or email').fill(member.username);
  await page.getByLabel('Password', { exact: true }).fill(E2E_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { name: 'Home' })).toBeVisible();

  const row = await showEventRow(page, event);
  await expect(row).toContainText('Full');
  await expectNoAxeViolations(page);
  await row.getByRole('button', { name: /^Details/ }).click();
  const popup = page.getByRole('dialog', { name: 'Kayak de mer' });
  await popup.getByRole('button', { name: 'Waiting list' }).click();
  await expect(row).toContainText('On the waiting list');
  await expectNoAxeViolations(page);
  await shoot(page, 'registration-en');
  await popup.getByRole('button', { name: 'Leave the waiting list' }).click();
  await expect(popup.getByRole('button', { name: 'Waiting list' })).toBeVisible();
  await popup.getByRole('button', { name: 'Close' }).click();
  await expect(popup).toBeHidden();
});
