import { type APIRequestContext, expect, test } from '@playwright/test';
import { newMember, rootToken, signInApi } from './api';
import { expectNoAxeViolations } from './axe';
import { signIn } from './helpers';
import { screenshotWhole } from './screenshots';
import { E2E_PASSWORD } from './server-process';

// axe-core is injected as a script, which the app's own policy rightly refuses.
test.use({ bypassCSP: true });
test.describe.configure({ timeout: 90_000 });

const stamp = () => `${Date.now() % 1_000_000}`;
const NEW_PASSWORD = 'Nouveau-Mot2passe';

/** Whether `token` still opens a session on the server. */
async function sessionStatus(request: APIRequestContext, token: string): Promise<number> {
  const answer = await request.get('/api/user/me', { headers: { Authorization: `Bearer ${token}` } });
  return answer.status();
}

test('« Changer mon mot de passe »: a wrong current one is said and the session stays; then the other devices sign out', async ({
  page,
  request,
}) => {
  const member = await newMember(request, await rootToken(request), `pass${stamp()}`);
  const otherDevice = await signInApi(request, member.username);
  await signIn(page, member.username);
  await page.goto('/my-profile');
  await page.getByRole('button', { name: 'Changer mon mot de passe' }).click();
  const dialog = page.getByRole('dialog', { name: 'Changer mon mot de passe' });
  await expect(dialog).toBeVisible();

  // A wrong current password: the dialog says so, nothing changes, nobody is signed out.
  await dialog.getByLabel('Mot de passe actuel').fill('Pas-le-bon1');
  await dialog.getByLabel('Nouveau mot de passe').fill(NEW_PASSWORD);
  await dialog.getByRole('button', { name: 'Changer le mot de passe' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Mot de passe incorrect.');
  await screenshotWhole(page, 'test-results/screenshots/password-change-wrong-390.png', 390);
  await expectNoAxeViolations(page);
  expect(await sessionStatus(request, otherDevice.token)).toBe(200);

  // A weak new one is said before anything is sent.
  await dialog.getByLabel('Mot de passe actuel').fill(E2E_PASSWORD);
  await dialog.getByLabel('Nouveau mot de passe').fill('court');
  await dialog.getByRole('button', { name: 'Changer le mot de passe' }).click();
  await expect(dialog.getByRole('alert')).toContainText('au moins 8 caractères');

  await dialog.getByLabel('Nouveau mot de passe').fill(NEW_PASSWORD);
  await dialog.getByRole('button', { name: 'Changer le mot de passe' }).click();
  await expect(page.locator('.toast', { hasText: 'Mot de passe changé' })).toBeVisible();
  await expect(dialog).toHaveCount(0);
  await screenshotWhole(page, 'test-results/screenshots/password-change-done-390.png', 390);

  // This device stays signed in; the other one is out; the new password is the one that signs in.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Mon profil' })).toBeVisible();
  expect(await sessionStatus(request, otherDevice.token)).toBe(401);
  const again = await request.post('/api/user/login', {
    data: { username_or_email: member.username, password: NEW_PASSWORD },
  });
  expect(again.status()).toBe(200);
});

test('an Admin is offered nothing that would take over another Admin, and deletes a member only with their own password', async ({
  page,
  request,
}) => {
  const root = await rootToken(request);
  const admin = await newMember(request, root, `adm${stamp()}`, 'Admin');
  const otherAdmin = await newMember(request, root, `adm2${stamp()}`, 'Admin');
  const member = await newMember(request, root, `gone${stamp()}`);

  await signIn(page, admin.username);
  await page.goto(`/settings/user/${otherAdmin.id}`);
  await expect(page.getByText(otherAdmin.username, { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Supprimer le compte' })).toHaveCount(0);
  await expect(page.getByRole('combobox', { name: 'Rôle' })).toHaveCount(0);
  await screenshotWhole(page, 'test-results/screenshots/admin-on-admin-390.png', 390);
  // The server refuses what the screen does not offer.
  const edit = await request.put(`/api/user/profile/update/${otherAdmin.id}`, {
    headers: { Authorization: `Bearer ${admin.token}` },
    data: { first_name: 'Pirate' },
  });
  expect(edit.status()).toBe(403);

  // A member: « Supprimer le compte » asks the admin's own password.
  await page.goto(`/settings/user/${member.id}`);
  await page.getByRole('button', { name: 'Supprimer le compte' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Supprimer le compte' });
  await dialog.getByLabel('Votre mot de passe').fill('Pas-le-bon1');
  await dialog.getByRole('button', { name: 'Supprimer le compte' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Mot de passe incorrect.');
  await screenshotWhole(page, 'test-results/screenshots/admin-delete-password-390.png', 390);
  await expectNoAxeViolations(page);
  expect(await sessionStatus(request, member.token)).toBe(200);
  await dialog.getByLabel('Votre mot de passe').fill(E2E_PASSWORD);
  await dialog.getByRole('button', { name: 'Supprimer le compte' }).click();
  await expect(page.locator('.toast', { hasText: 'Compte supprimé' })).toBeVisible();
  expect(await sessionStatus(request, member.token)).toBe(401);
});
