import { expect, test } from '@playwright/test';
import { call, newEvent, newMember, rootToken } from './api';
import { expectNoAxeViolations } from './axe';
import { mainNav, showEventRow, signIn } from './helpers';
import { shootBothSizes } from './screenshots';

// axe-core is injected as a script, which the app's own policy rightly refuses.
test.use({ bypassCSP: true });

// Language and sign-out, as a member meets them: one « Langue » for the app and the mails, applied at once;
// and a sign-out that asks first when changes made offline are still on the device.

test('the profile’s « Langue » turns the app to English at once, and the mails with it', async ({
  page,
  request,
}) => {
  const member = await newMember(request, await rootToken(request), `lang${Date.now() % 1_000_000}`);
  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Se connecter' })).toBeVisible();
  await expectNoAxeViolations(page);
  await signIn(page, member.username);
  // A phone: the save button sits low on the screen, where a toast shows.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/my-profile');
  await expect(page.getByRole('heading', { name: 'Mon profil' })).toBeVisible();
  // The first visit opens on the preferences' tour; the language is on the profile tab.
  await page.getByRole('tab', { name: 'Profil' }).click();
  await page.getByLabel('Langue', { exact: true }).selectOption('en');
  await page.getByRole('button', { name: 'Enregistrer' }).click();

  // No reload: the screen, the bottom bar and the toast are in English as soon as the save is answered.
  await expect(page.getByRole('heading', { name: 'My profile' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Main navigation' }).getByText('Sign out')).toBeVisible();
  await expect(page.getByLabel('Language', { exact: true })).toHaveValue('en');
  // The screen's later texts switch too: no raw key such as "myData.title" is left on it.
  await expect(page.getByRole('heading', { name: 'My data' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Email address' })).toBeVisible();
  await expect(page.getByText(/\b(emailChange|myData)\.\w+/)).toHaveCount(0);
  // The toast the save brings up leaves the button just pressed in view, above it.
  const toast = page.locator('.toast', { hasText: 'Profile updated.' });
  await expect(toast).toBeVisible();
  const [saveBox, toastBox] = await Promise.all([
    page.getByRole('button', { name: 'Save', exact: true }).boundingBox(),
    toast.boundingBox(),
  ]);
  expect(saveBox && toastBox && saveBox.y + saveBox.height <= toastBox.y).toBe(true);
  await expectNoAxeViolations(page);
  await shootBothSizes(page, 'language-english-profile');
  // Saved for the member: the server writes their mails in English, and a reload keeps the app so.
  const me = await call<{ language: string }>(request, member.token, 'GET', '/api/user/me');
  expect(me.language).toBe('en');
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Home' })).toBeVisible();
  await shootBothSizes(page, 'language-english-week');
});

test('offline with a change not sent, « Déconnexion » asks first; staying keeps the change, which goes once back online', async ({
  page,
  context,
  request,
}) => {
  const root = await rootToken(request);
  const member = await newMember(request, root, `venue${Date.now() % 1_000_000}`);
  const event = await newEvent(request, root, { startInHours: 30 });
  await signIn(page, member.username);
  const row = await showEventRow(page, event);
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });

  await context.setOffline(true);
  await row.getByRole('button', { name: "S'inscrire" }).click();
  await expect(page.getByTestId('sync-badge')).toContainText('1 à envoyer');
  await mainNav(page).getByText('Déconnexion').click();
  const dialog = page.getByRole('alertdialog', { name: 'Se déconnecter ?' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('1 changement pas encore envoyé. Se déconnecter quand même ?');
  await expectNoAxeViolations(page);
  await shootBothSizes(page, 'logout-unsent-offline');

  // "Ne pas se déconnecter" leads back to the week, still signed in, the change still waiting on the device.
  await dialog.getByRole('button', { name: 'Ne pas se déconnecter' }).click();
  await expect(page.getByRole('heading', { name: 'Accueil' })).toBeVisible();
  await expect(page.getByTestId('sync-badge')).toContainText('1 à envoyer');
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeTruthy();

  await context.setOffline(false);
  await expect(page.getByTestId('sync-badge')).not.toContainText('à envoyer', { timeout: 20_000 });
  const onServer = await call<{ subscribers_with_stuff: Array<{ id: string }> }>(
    request,
    root,
    'GET',
    `/api/event/${event.uuid_event}`,
  );
  expect(onServer.subscribers_with_stuff.map((s) => s.id)).toContain(member.id);
});
