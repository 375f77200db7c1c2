import { expect, test } from '@playwright/test';
import { mainNav, signIn } from './helpers';
import { E2E_USERS } from './server-process';

test('a SuperAdmin signs in, sees the admin shell, reloads a deep link and signs out', async ({
  page,
  request,
}) => {
  await signIn(page, E2E_USERS.superAdmin.username);

  const header = page.getByRole('banner');
  await expect(header.getByRole('img', { name: 'Logo du club' })).toBeVisible();
  await expect(header.getByText('Welcome to the app')).toBeVisible();
  await expect(header.getByRole('link', { name: 'Mon profil' })).toBeVisible();
  // No logo uploaded yet: the bundled one stands in.
  await expect(header.getByRole('img', { name: 'Logo du club' })).toHaveAttribute('src', '/logo.svg');

  const nav = mainNav(page);
  for (const item of ['Accueil', 'Paramètres', 'Évènement', 'Actualités', 'Déconnexion']) {
    await expect(nav.getByText(item, { exact: true })).toBeVisible();
  }
  // « Déconnexion » is the last entry, out of the thumb's way to the week.
  await expect(nav.getByRole('link').last()).toContainText('Déconnexion');

  await page.goto('/settings/users');
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Utilisateurs' })).toBeVisible();

  const token = await page.evaluate(() => localStorage.getItem('token'));
  expect(token).toBeTruthy();
  await nav.getByText('Déconnexion').click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText('Déconnexion effectuée.')).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  // The session ended on the server too.
  const me = await request.get('/api/user/me', { headers: { authorization: `Bearer ${token}` } });
  expect(me.status()).toBe(401);
});

test('a User sees no settings entry and is sent back from /settings with the error toast', async ({
  page,
}) => {
  await signIn(page, E2E_USERS.member.username);
  const nav = mainNav(page);
  await expect(nav.getByText('Accueil', { exact: true })).toBeVisible();
  await expect(nav.getByText('Paramètres')).toHaveCount(0);
  await expect(nav.getByText('Évènement')).toHaveCount(0);

  await page.goto('/settings');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('alert')).toHaveText(/Vous n'avez pas accès à cette page\./);
});

test('a wrong password is refused with the server message, in French', async ({ page }) => {
  await page.goto('/login');
  await page.getByLabel("Nom d'utilisateur ou e-mail").fill(E2E_USERS.member.username);
  await page.getByLabel('Mot de passe', { exact: true }).fill('Not-the-passw0rd');
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await expect(page.getByRole('alert')).toHaveText('Identifiant ou mot de passe incorrect.');
  await expect(page).toHaveURL(/\/login$/);
});
