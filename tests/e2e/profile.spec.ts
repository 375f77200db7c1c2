import { expect, type Page, test } from '@playwright/test';
import sharp from 'sharp';
import { call, newMember, rootToken } from './api';
import { expectNoAxeViolations } from './axe';
import { signIn } from './helpers';
import { screenshotWhole } from './screenshots';

// axe-core is injected as a script, which the app's own policy rightly refuses.
test.use({ bypassCSP: true });

const thumbnail = (page: Page) => page.getByRole('img', { name: 'Photo de profil' });

/** Both tabs at 390 and 1280 px, named `profile-<moment>profil-<width>.png`; ends on Préférences at 390 px. */
async function screenshotBothTabs(page: Page, moment: '' | 'tour-') {
  await page.getByRole('tab', { name: 'Profil' }).click();
  for (const width of [390, 1280])
    await screenshotWhole(page, `test-results/screenshots/profile-${moment}profil-${width}.png`, width);
  await page.getByRole('tab', { name: 'Préférences' }).click();
  await expect(page.getByRole('switch').first()).toBeVisible();
  for (const width of [390, 1280])
    await screenshotWhole(page, `test-results/screenshots/profile-${moment}preferences-${width}.png`, width);
  await page.setViewportSize({ width: 390, height: 844 });
}

test('my profile: edit and keep the fields, upload a picture, keep a preference, tour twice then never', async ({
  page,
  request,
}) => {
  const member = await newMember(request, await rootToken(request), `prof${Date.now() % 1_000_000}`);
  await signIn(page, member.username);

  // First visit: the tour runs.
  await page.goto('/my-profile');
  await expect(page.getByRole('heading', { name: 'Mon profil' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Préférences' })).toBeVisible();
  await screenshotBothTabs(page, 'tour-');
  await expectNoAxeViolations(page); // the preferences tab
  // How to install the app is the profile's own tab: the steps with pictures for this phone (this headless
  // Chromium offers no prompt), the other phone's steps one tap away.
  await expect(page.getByRole('region', { name: "Installer l'application" })).toHaveCount(0);
  await page.getByRole('tab', { name: 'Installer' }).click();
  const install = page.getByRole('region', { name: "Installer l'application" });
  await expect(install).toContainText('Dans Chrome, touchez le menu');
  await install.getByRole('button', { name: 'iPhone ou iPad' }).click();
  await expect(install.getByRole('button', { name: 'iPhone ou iPad' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect(install).toContainText('Ouvrez cette page dans Safari');
  await expectNoAxeViolations(page); // the install tab
  await page.getByRole('tab', { name: 'Profil' }).click();
  await expectNoAxeViolations(page); // the profile tab

  // Edit first name and city, save, reload: the server kept them.
  await page.getByLabel('Prénom').fill('Jeanne');
  await page.getByLabel('Ville').fill('Brest');
  await page.getByLabel('Téléphone').fill('06 12 34 56 78');
  await page.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(page.locator('.toast', { hasText: 'Profil mis à jour.' })).toBeVisible();
  const saved = await call<{ first_name: string; city: string }>(
    request,
    member.token,
    'GET',
    '/api/user/me',
  );
  expect([saved.first_name, saved.city]).toEqual(['Jeanne', 'Brest']);

  // Second visit: the tour runs once more.
  await page.reload();
  await expect(page.getByLabel('Prénom')).toHaveValue('Jeanne');
  await expect(page.getByLabel('Ville')).toHaveValue('Brest');
  await expect(page.getByRole('region', { name: 'Préférences' })).toBeVisible();
  await page.getByRole('button', { name: 'Fermer la visite guidée' }).click();

  // Upload a picture: the thumbnail changes at once.
  const before = await thumbnail(page).getAttribute('src');
  const png = await sharp({
    create: { width: 96, height: 96, channels: 3, background: { r: 220, g: 40, b: 40 } },
  })
    .png()
    .toBuffer();
  await page.getByLabel('Changer la photo de profil').setInputFiles({
    name: 'me.png',
    mimeType: 'image/png',
    buffer: png,
  });
  await expect(page.locator('.toast', { hasText: 'Photo de profil mise à jour.' })).toBeVisible();
  await expect(thumbnail(page)).toHaveAttribute(
    'src',
    new RegExp(`/files/profile/thumbnail-${member.id}\\.png\\?v=`),
  );
  expect(await thumbnail(page).getAttribute('src')).not.toBe(before);
  await expect.poll(() => thumbnail(page).evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBe(64);

  // Switch one preference: kept after a reload.
  await page.getByRole('tab', { name: 'Préférences' }).click();
  const weekly = page.getByRole('switch', { name: 'Programme de la semaine' });
  await expect(weekly).toHaveAttribute('aria-checked', 'false');
  await weekly.click();
  await expect(weekly).toHaveAttribute('aria-checked', 'true');
  await expect(page.locator('.toast', { hasText: 'Préférences mises à jour.' })).toBeVisible();

  // Third visit: no tour any more; the preference is kept.
  await page.reload();
  await page.getByRole('tab', { name: 'Préférences' }).click();
  await expect(weekly).toHaveAttribute('aria-checked', 'true');
  await expect(page.getByRole('region', { name: 'Préférences' })).toHaveCount(0);

  // The password-reset button asks for a mail to the member's own address.
  await page.getByRole('button', { name: 'Réinitialiser le mot de passe' }).click();
  await expect(page.getByText(`a été envoyé à ${member.username}@example.org`)).toBeVisible();

  await screenshotBothTabs(page, '');
});
