import { expect, type Locator, test } from '@playwright/test';
import { newEvent, newMember, rootToken, subscribeApi } from './api';
import { expectNoAxeViolations } from './axe';
import { HELD_WAITING, showEventRow, signIn, waitForHeldMove } from './helpers';
import { shootBothSizes } from './screenshots';
import { E2E_PASSWORD } from './server-process';

// axe-core is injected as a script, which the app's own policy rightly refuses.
test.use({ bypassCSP: true });

const shoot = shootBothSizes;

/** Visible, and the topmost thing at its centre: not behind a modal dialog's backdrop. */
async function expectOnTop(toast: Locator) {
  await expect(toast).toBeVisible();
  const isOnTop = await toast.evaluate((element) => {
    const box = element.getBoundingClientRect();
    const hit = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
    return hit !== null && element.contains(hit);
  });
  expect(isOnTop).toBe(true);
}

test('a member opens an event, subscribes with equipment, adds and deletes a guest, unsubscribes', async ({
  page,
  request,
}) => {
  const root = await rootToken(request);
  const stamp = Date.now() % 1_000_000;
  const event = await newEvent(request, root, {
    model: { name: `Voile ${stamp}`, description: 'Initiation au dériveur' },
    stuff: { name: `Combinaison ${stamp}`, description: 'Néoprène 5 mm', stock: 3 },
    start: new Date(Date.now() + 26 * 3_600_000),
    hours: 3,
    place: {
      street: '1 quai Malbert',
      city: 'Brest',
      zip_code: '29200',
      location: 'https://www.openstreetmap.org/?mlat=48.38&mlon=-4.49',
    },
    max: 5,
  });
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
  await popup.getByRole('radio', { name: `Combinaison ${stamp} — 3 disponibles` }).check();
  await popup.getByRole('button', { name: "S'inscrire" }).click();
  await expect(row).toContainText('1/5');
  await expect(popup.getByTestId('registration-count')).toHaveText('1/5');
  // Subscribed, the kit shows under « Mon matériel » and changes there (docs/rules.md#kit).
  await expect(popup.getByTestId('my-kit')).toContainText(`Combinaison ${stamp}`);
  await expect(popup.getByRole('button', { name: 'Modifier mon matériel' })).toBeVisible();
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
  await expect(row).toContainText('1 invité');

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

  // The "guest updated" toast is still up (5 s): the confirmation opens over it, and it stays on top.
  const deleteButton = popup.getByRole('button', { name: 'Supprimer Paul Durand' });
  await deleteButton.click();
  const confirm = page.getByRole('alertdialog', { name: 'Confirmer la suppression' });
  await expect(confirm).toContainText("Supprimer l'invité Paul Durand ?");
  await expect(confirm.getByRole('button', { name: 'Annuler' })).toBeFocused();
  await expectOnTop(page.getByRole('status').filter({ hasText: 'Personne invitée modifiée.' }));
  await shoot(page, 'confirm-delete-toast');
  await expectNoAxeViolations(page);
  await confirm.getByRole('button', { name: 'Annuler' }).click();
  await expect(confirm).toBeHidden();
  await expect(deleteButton).toBeFocused();
  await deleteButton.click();
  await page.keyboard.press('Escape');
  await expect(confirm).toBeHidden();
  await expect(popup).toBeVisible();
  await expect(deleteButton).toBeFocused();
  await expect(popup.getByText('Paul Durand', { exact: true })).toBeVisible();

  await deleteButton.click();
  await confirm.getByRole('button', { name: 'Supprimer', exact: true }).click();
  await expect(confirm).toBeHidden();
  await expect(popup.getByText('Paul Durand', { exact: true })).toHaveCount(0);
  await expect(row).toContainText('1/5');
  // A toast shown while the registration popup (a modal dialog) is open is above its backdrop.
  await expectOnTop(page.getByRole('status').filter({ hasText: 'Personne invitée retirée.' }));
  await expect(popup.getByRole('heading', { name: 'Mes invités' })).toBeFocused();

  // Holding a place, the one answer is « Je ne viens plus », held a few seconds with « Annuler ».
  await expect(popup.getByRole('button', { name: 'Se désinscrire' })).toHaveCount(0);
  await popup.getByRole('button', { name: 'Je ne viens plus' }).click();
  await waitForHeldMove(page);
  await expect(page.locator('.toast', { hasText: 'Réponse enregistrée : vous ne venez pas' })).toBeVisible();
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
  // Leaving the line is held a few seconds too, with « Annuler ».
  await popup.getByRole('button', { name: "Quitter la liste d'attente" }).click();
  await waitForHeldMove(page, HELD_WAITING);
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
  // Held a few seconds with « Undo », then sent.
  const held = page.locator('.toast', { hasText: 'Leaving the waiting list in a few seconds' });
  await expect(held.getByRole('button', { name: 'Undo' })).toBeVisible();
  await expect(held).toBeHidden({ timeout: 15_000 });
  await expect(popup.getByRole('button', { name: 'Waiting list' })).toBeVisible();
  await popup.getByRole('button', { name: 'Close' }).click();
  await expect(popup).toBeHidden();
});

test('an empty week says which period it is and leads back to the current week', async ({
  page,
  request,
}) => {
  const root = await rootToken(request);
  const member = await newMember(request, root, `empty${Date.now() % 1_000_000}`);
  await signIn(page, member.username);
  await page.goto('/?week=2031-03-03');
  await expect(page.getByText('Aucun événement trouvé.')).toBeVisible();
  await expect(page.getByText('du lun. 03/03/31 au dim. 09/03/31')).toBeVisible();
  await expectNoAxeViolations(page);
  await shoot(page, 'home-empty-week');
  await page.getByRole('button', { name: 'Revenir à la semaine courante' }).click();
  await expect(page).toHaveURL(/\/$/);
  // Already on the current week: the button would lead nowhere.
  await expect(page.getByRole('button', { name: 'Revenir à la semaine courante' })).toHaveCount(0);
});
