import { type Browser, expect, type Page, test } from '@playwright/test';
import { call, newMember, rootToken, signInApi } from './api';
import { expectNoAxeViolations } from './axe';
import { signIn } from './helpers';
import { E2E_PASSWORD, E2E_USERS } from './server-process';
import { pageOverflow } from './toast-clearance';

// axe-core is injected as a script, which the app's own policy rightly refuses.
test.use({ bypassCSP: true });
test.describe.configure({ timeout: 90_000 });

const stamp = () => Date.now() % 1_000_000;

/**
 * The page at 390 and 1280 px, as tall as its document (the fixed bottom navigation then sits at the end
 * instead of over the middle); a dialog is taken at the viewport, where the browser shows it.
 */
async function screenshots(page: Page, name: string, { isDialog = false } = {}) {
  for (const width of [390, 1280]) {
    const height = width < 768 ? 844 : 800;
    await page.setViewportSize({ width, height });
    if (!isDialog) await page.setViewportSize({ width, height: height + (await pageOverflow(page)) });
    await page.screenshot({ path: `test-results/screenshots/${name}-${width}.png`, animations: 'disabled' });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

async function newAdmin(request: Parameters<typeof rootToken>[0]) {
  return newMember(request, await rootToken(request), `adm${stamp()}`, 'Admin');
}

/** Five wrong passwords lock an account (docs/rules.md#accounts-and-sessions). */
async function lockByFailedSignIns(request: Parameters<typeof rootToken>[0], username: string) {
  for (let i = 0; i < 5; i++) {
    const response = await request.post('/api/user/login', {
      data: { username_or_email: username, password: 'Wrong-Passw0rd' },
    });
    expect(response.status()).toBe(401);
  }
}

async function userOnServer(request: Parameters<typeof rootToken>[0], id: string) {
  return call<{ is_locked: boolean; is_revoked: boolean; role_name: string }>(
    request,
    await rootToken(request),
    'GET',
    `/api/user/profile/${id}`,
  );
}

async function confirmInvitation(browser: Browser, link: string, username: string) {
  const context = await browser.newContext({ bypassCSP: true, viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  await page.goto(new URL(link).pathname);
  await expect(page.getByRole('heading', { name: 'Confirmation du compte' })).toBeVisible();
  await page.getByLabel('Nouveau mot de passe', { exact: true }).fill(E2E_PASSWORD);
  await page.getByLabel('Confirmation du mot de passe').fill(E2E_PASSWORD);
  await page.getByRole('button', { name: 'Enregistrer le mot de passe' }).click();
  // The first password signs the invitee in on this device: the week, with the first-password welcome.
  await expect(page).toHaveURL(/\/$/, { timeout: 10_000 });
  await expect(page.getByRole('dialog', { name: 'Bienvenue !' })).toBeVisible();
  await context.close();
  // And the password works for signing in afterwards.
  const again = await browser.newContext({ bypassCSP: true, viewport: { width: 390, height: 844 } });
  await signIn(await again.newPage(), username);
  await again.close();
}

test('an admin opens the settings, lists the users and invites one, who confirms through the shown link', async ({
  page,
  request,
  browser,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const admin = await newAdmin(request);
  const root = await rootToken(request);
  const named = await newMember(request, root, `nom${stamp()}`);
  await call(request, root, 'PUT', `/api/user/profile/update/${named.id}`, {
    first_name: 'Jeanne',
    last_name: 'Le Goff',
  });
  const gone = await newMember(request, root, `parti${stamp()}`);
  await call(request, root, 'PUT', `/api/user/status/${gone.id}`, { status: 'Revok', action: true });

  await signIn(page, admin.username);
  await page.goto('/settings');
  const menu = page.getByRole('navigation', { name: 'Entrées des paramètres' });
  await expect(menu.getByRole('link')).toHaveText([
    /Application/,
    /Utilisateurs/,
    /Emails/,
    /Bilan de saison/,
    /Modèles d'évènement/,
    /Matériel/,
    /Matériel non rendu/,
  ]);
  await expectNoAxeViolations(page);
  await screenshots(page, 'settings-menu');

  await menu.getByRole('link', { name: 'Utilisateurs' }).click();
  await expect(page).toHaveURL(/\/settings\/users$/);
  await expect(
    page.getByRole('link', { name: new RegExp(`${named.username} \\(Jeanne Le Goff\\)`) }),
  ).toBeVisible();
  await expect(page.getByRole('link', { name: new RegExp(gone.username) })).toHaveCount(0);
  // The search narrows the list on the device: by first and last name, the admin (no name) leaves it.
  const search = page.getByLabel('Rechercher un membre');
  await search.fill('Jeanne Le Goff');
  await expect(page.getByRole('link', { name: new RegExp(named.username) })).toBeVisible();
  await expect(page.getByRole('link', { name: new RegExp(admin.username) })).toHaveCount(0);
  await search.fill('');
  await expect(page.getByRole('link', { name: new RegExp(admin.username) })).toBeVisible();
  await expectNoAxeViolations(page);
  await screenshots(page, 'users-active');
  await page.getByRole('tab', { name: /Actifs/ }).press('ArrowRight');
  await expect(page.getByRole('tab', { name: /Révoqués/ })).toBeFocused();
  await expect(page.getByRole('link', { name: new RegExp(gone.username) })).toBeVisible();
  await expectNoAxeViolations(page);
  await screenshots(page, 'users-revoked');
  await page.getByRole('tab', { name: /Révoqués/ }).press('ArrowLeft');

  // The invitation: required fields first, then the link the server hands back (no SMTP here).
  const username = `invite${stamp()}`;
  await page.getByRole('button', { name: 'Ajouter un utilisateur' }).click();
  const dialog = page.getByRole('dialog', { name: 'Inviter un utilisateur' });
  await dialog.getByRole('button', { name: 'Inviter' }).click();
  await expect(dialog.getByText('Champ obligatoire')).toHaveCount(2);
  await dialog.getByLabel("Nom d'utilisateur").fill(username.toUpperCase());
  await dialog.getByLabel('Email').fill(`${username}@Example.org`);
  await dialog.getByRole('button', { name: 'Inviter' }).click();
  const linkField = dialog.getByLabel('Lien de confirmation');
  await expect(linkField).toHaveValue(/\/confirm\/[A-Za-z0-9_-]+$/);
  await dialog.getByRole('button', { name: 'Copier le lien' }).click();
  await expect(dialog.getByText('Lien copié')).toBeVisible();
  const link = await linkField.inputValue();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);
  await expectNoAxeViolations(page);
  await screenshots(page, 'users-invite-link', { isDialog: true });
  await dialog.getByRole('button', { name: 'Terminé' }).click();
  await expect(page.getByRole('link', { name: new RegExp(username) })).toBeVisible(); // lowercased

  await confirmInvitation(browser, link, username);
});

test('an admin unlocks a locked member, revokes and reactivates them, and makes them Contributor', async ({
  page,
  request,
}) => {
  const admin = await newAdmin(request);
  const member = await newMember(request, await rootToken(request), `verr${stamp()}`);
  await lockByFailedSignIns(request, member.username);
  expect((await userOnServer(request, member.id)).is_locked).toBe(true);

  await signIn(page, admin.username);
  await page.goto('/settings/users');
  const row = page.getByRole('link', { name: new RegExp(member.username) });
  await expect(row.getByRole('img', { name: 'Compte bloqué' })).toBeVisible();
  await row.click();
  await expect(page).toHaveURL(new RegExp(`/settings/user/${member.id}$`));
  await expect(page.getByText('Compte bloqué')).toBeVisible();
  await expectNoAxeViolations(page);
  await screenshots(page, 'user-detail');

  await page.getByRole('button', { name: 'Débloquer' }).click();
  await expect(page.locator('.toast', { hasText: 'Compte débloqué' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Débloquer' })).toHaveCount(0);
  expect((await userOnServer(request, member.id)).is_locked).toBe(false);
  await signInApi(request, member.username); // the right password works again

  await page.getByRole('button', { name: 'Révoquer' }).click();
  const confirm = page.getByRole('alertdialog');
  await expect(confirm).toContainText(`Révoquer le compte de ${member.username} ?`);
  await confirm.getByRole('button', { name: 'Révoquer' }).click();
  await expect(page.getByText('Compte révoqué', { exact: true }).first()).toBeVisible();
  expect((await userOnServer(request, member.id)).is_revoked).toBe(true);
  await page.getByRole('button', { name: 'Réactiver' }).click();
  await expect(page.getByRole('button', { name: 'Révoquer' })).toBeVisible();
  expect((await userOnServer(request, member.id)).is_revoked).toBe(false);

  const role = page.getByRole('combobox', { name: 'Rôle' });
  await expect(role.getByRole('option')).toHaveText(['Organisation', 'Membre']);
  await role.selectOption('Contributor');
  await page.getByRole('button', { name: 'Changer le rôle' }).click();
  await expect(page.locator('.toast', { hasText: 'Rôle changé : Organisation' })).toBeVisible();
  expect((await userOnServer(request, member.id)).role_name).toBe('Contributor');
  await expectNoAxeViolations(page);
});

test('a SuperAdmin gives the Admin role; an Admin sees no Admin option and no selector on a SuperAdmin', async ({
  page,
  request,
}) => {
  const root = await rootToken(request);
  const member = await newMember(request, root, `prom${stamp()}`);
  const superAdminId = (await signInApi(request, E2E_USERS.superAdmin.username)).id;

  await signIn(page, E2E_USERS.superAdmin.username);
  await page.goto(`/settings/user/${member.id}`);
  const role = page.getByRole('combobox', { name: 'Rôle' });
  await expect(role.getByRole('option')).toHaveText(['Organisation', 'Membre', 'Administration']);
  await role.selectOption('Admin');
  await page.getByRole('button', { name: 'Changer le rôle' }).click();
  await expect(page.locator('.toast', { hasText: 'Rôle changé : Administration' })).toBeVisible();
  expect((await userOnServer(request, member.id)).role_name).toBe('Admin');
  // Oneself: no selector, no revoke.
  await page.goto(`/settings/user/${superAdminId}`);
  await expect(page.getByText(E2E_USERS.superAdmin.username, { exact: true })).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Rôle' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Révoquer' })).toHaveCount(0);

  // The new Admin: no Admin option on a User, nothing on the SuperAdmin.
  const other = await newMember(request, root, `simple${stamp()}`);
  await page.goto('/logout');
  await page.waitForURL(/\/login/);
  await signIn(page, member.username);
  await page.goto(`/settings/user/${other.id}`);
  await expect(page.getByRole('combobox', { name: 'Rôle' }).getByRole('option')).toHaveText([
    'Organisation',
    'Membre',
  ]);
  await page.goto(`/settings/user/${superAdminId}`);
  await expect(page.getByText(E2E_USERS.superAdmin.username, { exact: true })).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Rôle' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Révoquer' })).toHaveCount(0);
  await expectNoAxeViolations(page);
});
