import {
  type APIRequestContext,
  expect,
  type Page,
  request as playwrightRequest,
  test,
} from '@playwright/test';
import sharp from 'sharp';
import { call, newEvent, newMember, rootToken } from './api';
import { expectNoAxeViolations } from './axe';
import { signIn } from './helpers';
import { type OwnServer, startOwnServer } from './server-process';
import { pageOverflow } from './toast-clearance';

/** Own server (own port and data): the slogan and logo changed here must not reach the other specs. */
const PORT = 3116;
const baseURL = `http://127.0.0.1:${PORT}`;
let server: OwnServer;

// axe-core is injected as a script, which the app's own policy rightly refuses.
test.use({ baseURL, bypassCSP: true, viewport: { width: 390, height: 844 } });
test.describe.configure({ timeout: 60_000 });

test.beforeAll(async () => {
  // A server of its own (seeded, then started) on a busy 2-core machine: more than the default 30 s.
  test.setTimeout(120_000);
  server = await startOwnServer(PORT);
});

test.afterAll(async () => {
  await server.stop();
});

/** The whole page at 390 and 1280 px (the viewport as tall as the document), named `<name>-<width>.png`. */
async function screenshots(page: Page, name: string) {
  await dismissToasts(page);
  for (const width of [390, 1280]) {
    const height = width < 768 ? 844 : 800;
    await page.setViewportSize({ width, height });
    await page.setViewportSize({ width, height: height + (await pageOverflow(page)) });
    await page.screenshot({ path: `test-results/screenshots/${name}-${width}.png` });
  }
  await page.setViewportSize({ width: 390, height: 844 });
}

/** The toasts said their piece (checked before): closed so that they cover nothing in the screenshots. */
async function dismissToasts(page: Page) {
  const close = page.getByRole('button', { name: 'Masquer le message' });
  while ((await close.count()) > 0) await close.first().click();
}

/** An open dialog at 390 and 1280 px, as the screen shows it. */
async function dialogScreenshots(page: Page, name: string) {
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: width < 768 ? 844 : 800 });
    await page.screenshot({ path: `test-results/screenshots/${name}-${width}.png` });
  }
  await page.setViewportSize({ width: 390, height: 844 });
}

const toast = (page: Page, text: string) => page.locator('.toast', { hasText: text });
const headerLogo = (page: Page) => page.locator('header.app-header img');

async function withApi<T>(work: (api: APIRequestContext, root: string) => Promise<T>): Promise<T> {
  const api = await playwrightRequest.newContext({ baseURL });
  try {
    return await work(api, await rootToken(api));
  } finally {
    await api.dispose();
  }
}

test('app settings: the club identity (name, colour, slogan, logo) and the reminders, at once and after a reload', async ({
  page,
}) => {
  await signIn(page, 'root');
  await page.goto('/settings/app');
  await expect(page.getByRole('heading', { name: 'Application' })).toBeVisible();
  await expectNoAxeViolations(page);

  // The club's identity is one form, saved by one button; the logo picked here is sent with that save.
  const identity = page.getByRole('form', { name: 'Identité du club' });
  await expect(identity.getByLabel('Nom du club')).toHaveValue('Équipée');
  await identity.getByLabel('Nom du club').fill('Les Pagayeurs de la rade');
  await expect(identity.getByLabel("Nom court (sous l'icône de l'écran d'accueil)")).toBeVisible();
  await identity.getByLabel('Couleur du club').fill('#0f766e');
  await identity.getByLabel("Slogan affiché dans l'en-tête").fill('Pagayer ensemble, le samedi matin');

  // The logo is a button: clicking it opens the file chooser; the choice shows until the save sends it.
  const logo = await sharp({
    create: { width: 64, height: 64, channels: 3, background: { r: 20, g: 120, b: 60 } },
  })
    .png()
    .toBuffer();
  const chooser = page.waitForEvent('filechooser');
  await identity.getByRole('button', { name: 'Changer le logo' }).click();
  await (await chooser).setFiles({ name: 'club.png', mimeType: 'image/png', buffer: logo });
  await expect(identity.getByText('Nouveau logo choisi (club.png)')).toBeVisible();
  await identity.getByRole('button', { name: "Enregistrer l'identité du club" }).click();
  await expect(toast(page, 'Identité du club enregistrée')).toBeVisible();
  await expect(page.locator('header .slogan')).toHaveText('Pagayer ensemble, le samedi matin');
  await expect(headerLogo(page)).toHaveAttribute('src', /\/files\/logo\.png\?v=/);
  await expect
    .poll(() => headerLogo(page).evaluate((img) => (img as HTMLImageElement).naturalWidth))
    .toBe(64);
  // The header shows the name and the colour.
  await expect(page.locator('header.app-header')).toContainText('Les Pagayeurs de la rade');
  await expect(page.locator('header.app-header')).toHaveCSS('border-top-color', 'rgb(15, 118, 110)');

  // Below it, the reminder delay (with the attendee list), saved by its own button.
  const reminders = page.getByRole('form', { name: 'Rappels et liste des inscriptions' });
  await reminders.getByLabel('Rappel avant chaque évènement (heures)').fill('48');
  await reminders.getByRole('button', { name: 'Enregistrer', exact: true }).click();
  await expect(toast(page, 'Paramètres du club enregistrés')).toBeVisible();
  await expectNoAxeViolations(page);
  await screenshots(page, 'club-app-settings');

  await page.reload();
  await expect(page.locator('header.app-header')).toContainText('Les Pagayeurs de la rade');
  await expect(page.getByLabel('Rappel avant chaque évènement (heures)')).toHaveValue('48');
  await expect(page.getByLabel('Nom du club')).toHaveValue('Les Pagayeurs de la rade');
  await expect(page.locator('header .slogan')).toHaveText('Pagayer ensemble, le samedi matin');
  await expect(headerLogo(page)).toHaveAttribute('src', /\/files\/logo\.png/);
  await expect
    .poll(() => headerLogo(page).evaluate((img) => (img as HTMLImageElement).naturalWidth))
    .toBe(64);
});

test('event models: created, edited, an in-use one refused, a free one deleted', async ({ page }) => {
  const used = await withApi(async (api, root) => {
    await newEvent(api, root); // its model, "Kayak de mer", is now in use by an upcoming event
    return 'Kayak de mer';
  });
  await signIn(page, 'root');
  await page.goto('/settings/model');
  await expect(page.getByRole('heading', { name: "Modèles d'évènement" })).toBeVisible();
  await expect(page.getByRole('heading', { name: used })).toBeVisible();

  await page.getByRole('button', { name: "Ajouter un modèle d'évènement" }).click();
  const dialog = page.getByRole('dialog', { name: "Nouveau modèle d'évènement" });
  await dialog.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(dialog.getByText('Champ obligatoire')).toHaveCount(2);
  await dialog.getByLabel('Nom').fill('Randonnée');
  await dialog.getByLabel('Description').fill('Marche sur le sentier côtier');
  await expectNoAxeViolations(page);
  await dialogScreenshots(page, 'club-model-form');
  await dialog.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(toast(page, "Modèle d'évènement créé")).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('heading', { name: 'Randonnée' })).toBeVisible();

  await page.getByRole('button', { name: 'Modifier Randonnée' }).click();
  const edit = page.getByRole('dialog', { name: "Modifier le modèle d'évènement" });
  await expect(edit.getByLabel('Nom')).toHaveValue('Randonnée');
  await edit.getByLabel('Nom').fill('Randonnée pédestre');
  await edit.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(toast(page, "Modèle d'évènement mis à jour")).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Randonnée pédestre' })).toBeVisible();
  await expectNoAxeViolations(page);
  await screenshots(page, 'club-models');

  await page.getByRole('button', { name: `Supprimer ${used}` }).click();
  const refuse = page.getByRole('alertdialog', { name: 'Confirmer la suppression' });
  await expect(refuse).toContainText(`Supprimer le modèle ${used} ?`);
  await refuse.getByRole('button', { name: 'Supprimer' }).click();
  await expect(refuse.getByRole('alert')).toHaveText('Ce modèle est utilisé par un évènement à venir.');
  await refuse.getByRole('button', { name: 'Annuler' }).click();
  await expect(page.getByRole('heading', { name: used })).toBeVisible();

  await page.getByRole('button', { name: 'Supprimer Randonnée pédestre' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Confirmer la suppression' });
  await expect(confirm).toContainText('Supprimer le modèle Randonnée pédestre ?');
  await confirm.getByRole('button', { name: 'Supprimer' }).click();
  await expect(toast(page, 'Élément supprimé')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Randonnée pédestre' })).toBeHidden();
});

test('stuff: created with stock 0 then 12, an unlimited one, an in-use one refused, a free one deleted', async ({
  page,
}) => {
  await withApi(async (api, root) => {
    const stuff = await call<{ uuid: string }>(api, root, 'POST', '/api/stuff/add', {
      name: 'Canoë biplace',
      description: 'Pour deux',
      stock: 3,
    });
    const model = await call<{ uuid: string }>(api, root, 'POST', '/api/event/model/add', {
      name: 'Balade',
      description: 'En rivière',
    });
    const start = new Date(Date.now() + 48 * 3_600_000);
    await call(api, root, 'POST', '/api/event/add-or-update', {
      uuid_model_event: model.uuid,
      start_date: start.toISOString(),
      end_date: new Date(start.getTime() + 3_600_000).toISOString(),
      max_subscribers: 10,
      stuffs_available: [{ uuid: stuff.uuid }],
    });
  });
  await signIn(page, 'root');
  await page.goto('/settings/stuff');
  await expect(page.getByRole('heading', { name: 'Matériel', exact: true })).toBeVisible();

  await page.getByRole('button', { name: 'Ajouter du matériel' }).click();
  const dialog = page.getByRole('dialog', { name: 'Nouveau matériel' });
  await expect(dialog.getByLabel('Stock', { exact: true })).toHaveValue('0');
  await expect(dialog.getByRole('switch', { name: 'Stock illimité' })).not.toBeChecked();
  await dialog.getByLabel('Nom').fill('Pagaie');
  await dialog.getByLabel('Description').fill('Pagaie double en carbone');
  await dialog.getByLabel('Stock', { exact: true }).fill('12');
  await expectNoAxeViolations(page);
  await dialogScreenshots(page, 'club-stuff-form');
  await dialog.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(toast(page, 'Matériel créé')).toBeVisible();
  await expect(page.getByRole('listitem').filter({ hasText: 'Pagaie' })).toContainText('Stock : 12');

  await page.getByRole('button', { name: 'Ajouter du matériel' }).click();
  const second = page.getByRole('dialog', { name: 'Nouveau matériel' });
  await second.getByLabel('Nom').fill('Gilet');
  await second.getByLabel('Description').fill('Gilet de sauvetage');
  await second.getByRole('switch', { name: 'Stock illimité' }).check();
  await expect(second.getByLabel('Stock', { exact: true })).toBeHidden();
  await second.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(toast(page, 'Matériel créé')).toBeVisible();
  await expect(page.getByRole('listitem').filter({ hasText: 'Gilet' })).toContainText('∞ Stock illimité');

  await page.getByRole('button', { name: 'Modifier Pagaie' }).click();
  const edit = page.getByRole('dialog', { name: 'Modifier le matériel' });
  await edit.getByLabel('Stock', { exact: true }).fill('15');
  await edit.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(toast(page, 'Matériel mis à jour')).toBeVisible();
  await expect(page.getByRole('listitem').filter({ hasText: 'Pagaie' })).toContainText('Stock : 15');
  await expectNoAxeViolations(page);
  await screenshots(page, 'club-stuff');

  await page.getByRole('button', { name: 'Supprimer Canoë biplace' }).click();
  const refuse = page.getByRole('alertdialog', { name: 'Confirmer la suppression' });
  await expect(refuse).toContainText('Supprimer le matériel Canoë biplace ?');
  await refuse.getByRole('button', { name: 'Supprimer' }).click();
  await expect(refuse.getByRole('alert')).toHaveText('Ce matériel est utilisé par un évènement à venir.');
  await refuse.getByRole('button', { name: 'Annuler' }).click();

  await page.getByRole('button', { name: 'Supprimer Gilet' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Supprimer' }).click();
  await expect(toast(page, 'Élément supprimé')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Gilet' })).toBeHidden();
  await expect(page.getByRole('heading', { name: 'Canoë biplace' })).toBeVisible();
});

test('email settings: the tour on the first visit, a switch kept after a reload', async ({ page }) => {
  await signIn(page, 'root');
  await page.goto('/settings/email');
  await expect(page.getByRole('heading', { name: 'Paramètres des emails' })).toBeVisible();
  await expect(page.getByTestId('email-settings-tour')).toBeVisible();
  await expect(page.getByRole('switch')).toHaveCount(9);
  await expectNoAxeViolations(page);
  await screenshots(page, 'club-email-settings');

  const weekly = page.getByRole('switch', { name: 'Programme de la semaine' });
  await expect(weekly).toHaveAttribute('aria-checked', 'false');
  await weekly.click();
  await expect(toast(page, 'Paramètres mis à jour')).toBeVisible();
  await expect(weekly).toHaveAttribute('aria-checked', 'true');
  await expect(page.getByTestId('email-settings-tour')).toBeHidden();

  await page.reload();
  await expect(weekly).toHaveAttribute('aria-checked', 'true');
  // Second visit: the tour runs once more, then never.
  await expect(page.getByTestId('email-settings-tour')).toBeVisible();
  await page.getByRole('button', { name: 'Fermer la visite guidée' }).click();
  await page.reload();
  await expect(weekly).toBeVisible();
  await expect(page.getByTestId('email-settings-tour')).toBeHidden();
});

test('a contributor manages models and stuff but is sent away from the app settings', async ({ page }) => {
  await withApi((api, root) => newMember(api, root, 'cathy', 'Contributor'));
  await signIn(page, 'cathy');
  await page.goto('/settings/model');
  await expect(page.getByRole('heading', { name: "Modèles d'évènement" })).toBeVisible();
  await expect(page.getByRole('button', { name: "Ajouter un modèle d'évènement" })).toBeEnabled();
  await page.goto('/settings/stuff');
  await expect(page.getByRole('heading', { name: 'Matériel', exact: true })).toBeVisible();
  await page.goto('/settings/app');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { name: 'Accueil' })).toBeVisible();
});
