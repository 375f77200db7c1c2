import { expect, test } from '@playwright/test';
import { call, newEvent, newMember, rootToken, signInApi, subscribeApi } from './api';
import { expectNoAxeViolations } from './axe';
import { signIn } from './helpers';
import { screenshotWhole, shootBothSizes } from './screenshots';
import { E2E_PASSWORD, E2E_USERS } from './server-process';

// axe-core is injected as a script, which the app's own policy rightly refuses.
test.use({ bypassCSP: true });

/**
 * A member deletes their account from the profile, confirmed with the password. A session that has started
 * keeps their attendance, shown to the organiser as « Membre supprimé »; a place to come goes to the next in
 * line.
 */
test('a member deletes their account; the organiser sees « Membre supprimé » on the checklist', async ({
  page,
  request,
}) => {
  const root = await rootToken(request);
  const suffix = Date.now() % 1_000_000;
  const member = await newMember(request, root, `depart${suffix}`);
  const next = await newMember(request, root, `suivant${suffix}`);
  // A session starting in a few seconds (it cannot be made in the past): once begun, it is a record.
  const startsAt = Date.now() + 8_000;
  const started = await newEvent(request, root, { start: new Date(startsAt), hours: 2 });
  await subscribeApi(request, member, started.uuid_event);
  await call(request, root, 'PUT', '/api/event/checklist', {
    event_uuid: started.uuid_event,
    user_id: member.id,
    is_invited: false,
    is_checked: true,
  });
  const upcoming = await newEvent(request, root, { startInHours: 48, max: 1 });
  await subscribeApi(request, member, upcoming.uuid_event);
  await call(request, next.token, 'POST', '/api/event/waiting-list', {
    uuid_event: upcoming.uuid_event,
    uuid_user: next.id,
  });

  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, member.username);
  await page.goto('/my-profile');
  await page.getByRole('tab', { name: 'Profil' }).click();
  const section = page.getByRole('region', { name: 'Supprimer mon compte' });
  await expect(section).toContainText('Membre supprimé');
  await section.scrollIntoViewIfNeeded();
  for (const width of [390, 1280])
    await screenshotWhole(page, `test-results/screenshots/account-deletion-section-${width}.png`, width);

  await section.getByRole('button', { name: 'Supprimer mon compte' }).click();
  const dialog = page.getByRole('alertdialog', { name: /Supprimer mon compte.?\?/ });
  await expect(dialog).toBeVisible();
  // Cancel starts focused: the least harmful answer.
  await expect(dialog.getByRole('button', { name: 'Annuler' })).toBeFocused();
  await dialog.getByLabel('Votre mot de passe').fill('pas-le-bon');
  await dialog.getByRole('button', { name: 'Supprimer définitivement' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Mot de passe incorrect.');
  await expectNoAxeViolations(page);
  await shootBothSizes(page, 'account-deletion-dialog');

  await dialog.getByLabel('Votre mot de passe').fill(E2E_PASSWORD);
  // The first session must have begun: a place in one not started yet would be released instead.
  await page.waitForTimeout(Math.max(0, startsAt + 1_000 - Date.now()));
  await dialog.getByRole('button', { name: 'Supprimer définitivement' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText('Votre compte a été supprimé.')).toBeVisible();
  await shootBothSizes(page, 'account-deletion-done');

  // Signing in again is refused; the place to come went to the next in line.
  const again = await request.post('/api/user/login', {
    data: { username_or_email: member.username, password: E2E_PASSWORD },
  });
  expect(again.status()).toBe(401);
  const upcomingNow = await call<{ subscribers_with_stuff: Array<{ id: string }> }>(
    request,
    root,
    'GET',
    `/api/event/${upcoming.uuid_event}`,
  );
  expect(upcomingNow.subscribers_with_stuff.map((s) => s.id)).toEqual([next.id]);

  // The organiser's checklist keeps the tick, under « Membre supprimé ».
  await signIn(page, E2E_USERS.superAdmin.username);
  await page.goto(`/checklist/${started.uuid_event}`);
  const row = page.getByTestId('checklist-row').filter({ hasText: 'Membre supprimé' });
  await expect(row).toHaveCount(1);
  await expect(row.locator('button.check-button')).toHaveAttribute('aria-pressed', 'true');
  await expectNoAxeViolations(page);
  await shootBothSizes(page, 'account-deletion-checklist');
  // The member's username is free again: the admin can invite someone under it.
  const { token } = await signInApi(request, E2E_USERS.superAdmin.username);
  await call(request, token, 'POST', '/api/user/register', {
    username: member.username,
    email: `${member.username}@example.org`,
  });
});

/** The same screens in English, with an email change left waiting for its confirmation. */
test('in English: change my address, my data and delete my account on the profile', async ({
  page,
  request,
}) => {
  const root = await rootToken(request);
  const member = await newMember(request, root, `leaveen${Date.now() % 1_000_000}`);
  await signIn(page, member.username);
  await page.evaluate(() => localStorage.setItem('lang', 'en'));
  await page.goto('/my-profile');
  await page.getByRole('tab', { name: 'Profile' }).click();
  const email = page.getByRole('region', { name: 'Email address' });
  await email.getByRole('button', { name: 'Change address' }).click();
  const dialog = page.getByRole('dialog', { name: 'Change email address' });
  await dialog.getByLabel('New address').fill(`${member.username}.new@example.org`);
  await dialog.getByLabel('Your password').fill(E2E_PASSWORD);
  await expectNoAxeViolations(page);
  await shootBothSizes(page, 'email-change-en');
  await dialog.getByRole('button', { name: 'Send the confirmation link' }).click();
  await expect(dialog).toBeHidden();
  await expect(email).toContainText('New address waiting for confirmation:');
  await expect(email).toContainText(`${member.username}.new@example.org. Open the link`);
  await shootBothSizes(page, 'email-pending-en');

  const leaving = page.getByRole('region', { name: 'Delete my account' });
  await expect(leaving).toContainText('Deleted member');
  await leaving.scrollIntoViewIfNeeded();
  await expectNoAxeViolations(page);
  for (const width of [390, 1280])
    await screenshotWhole(page, `test-results/screenshots/account-deletion-en-${width}.png`, width);
  await leaving.getByRole('button', { name: 'Delete my account' }).click();
  await expect(page.getByRole('alertdialog', { name: 'Delete my account?' })).toBeVisible();
  await shootBothSizes(page, 'account-deletion-dialog-en');
});
