import { expect, test } from '@playwright/test';
import { call, checkedOnServer, newEvent, newMember, rootToken, subscribeApi } from './api';
import { mainNav, signIn } from './helpers';
import { E2E_USERS } from './server-process';

test('after signing out from the menu, a wrong password shows only the sign-in error', async ({ page }) => {
  await signIn(page, E2E_USERS.member.username);
  // Every toast shown from here on, however briefly (toasts live 5 s; a slow machine could miss one).
  await page.evaluate(() => {
    const seen: string[] = [];
    Object.assign(window, { seenToasts: seen });
    new MutationObserver(() => {
      for (const toast of document.querySelectorAll('.toast')) seen.push(toast.textContent ?? '');
    }).observe(document.body, { childList: true, subtree: true });
  });
  await mainNav(page).getByText('Déconnexion').click();
  await expect(page).toHaveURL(/\/login$/);

  await page.getByLabel("Nom d'utilisateur ou e-mail").fill(E2E_USERS.member.username);
  await page.getByLabel('Mot de passe', { exact: true }).fill('Not-the-passw0rd');
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await expect(page.locator('.form-error')).toHaveText('Identifiant ou mot de passe incorrect.');
  await page.screenshot({ path: 'test-results/screenshots/login-wrong-password-after-sign-out.png' });
  // Signing out and the sign-in's own 401 are not a lost session: never a "session expired" message.
  const seen = () => page.evaluate(() => (window as unknown as { seenToasts: string[] }).seenToasts);
  await expect
    .poll(async () => (await seen()).some((text) => text.includes('Déconnexion effectuée.')))
    .toBe(true);
  expect((await seen()).filter((text) => text.includes('Votre session a expiré'))).toEqual([]);
  await expect(page).toHaveURL(/\/login$/);
});

test('a checklist is for those who take attendance: a co-organiser and an Admin tick; a demoted creator, another Contributor and a member get the page saying so', async ({
  browser,
  request,
}) => {
  const root = await rootToken(request);
  const stamp = Date.now() % 1_000_000;
  const creator = await newMember(request, root, `creator${stamp}`, 'Contributor');
  const coach = await newMember(request, root, `coach${stamp}`, 'Contributor');
  const other = await newMember(request, root, `contrib${stamp}`, 'Contributor');
  const admin = await newMember(request, root, `admin${stamp}`, 'Admin');
  const member = await newMember(request, root, `guest${stamp}`);
  const event = await newEvent(request, creator.token, { coOrganisers: [coach.id] });
  await subscribeApi(request, member, event.uuid_event);
  await call(request, root, 'PUT', `/api/user/role/${creator.id}`, { role_name: 'User' });

  const tickButton = `Présence de ${member.username}`;
  // The member's name cell, whether or not the note of the last tick (« Pointé par … ») has arrived in it yet.
  const nameCell = new RegExp(`^${member.username}\\b`);
  // Who taps, and what the tap does: the co-organiser ticks the member present, and the Admin, who
  // finds that tick on the server, takes it back. Each tap is awaited until the server holds it, so
  // neither depends on whether a queued write left before its page closed.
  for (const [who, label, tick] of [
    [coach.username, 'coorganiser', { before: 'false', after: 'true', present: 1 }],
    [admin.username, 'admin', { before: 'true', after: 'false', present: 0 }],
    [creator.username, 'demoted-creator', null],
    [other.username, 'other-contributor', null],
    [member.username, 'member', null],
  ] as const) {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await signIn(page, who);
    await page.goto(`/checklist/${event.uuid_event}`);
    if (tick) {
      await expect(page.getByRole('cell', { name: nameCell })).toBeVisible();
      const button = page.getByRole('button', { name: tickButton });
      await expect(button).toHaveAttribute('aria-pressed', tick.before);
      await button.click();
      await expect(button).toHaveAttribute('aria-pressed', tick.after);
      await expect.poll(() => checkedOnServer(request, root, event.uuid_event)).toBe(tick.present);
      await expect(page.getByTestId('pending-marker')).toHaveCount(0);
    } else {
      await expect(page.getByText('Seuls les organisateurs de cet évènement')).toBeVisible();
      await expect(page.getByRole('link', { name: 'Retour à la semaine' })).toBeVisible();
      await expect(page.getByRole('cell', { name: nameCell })).toHaveCount(0);
    }
    await page.screenshot({ path: `test-results/screenshots/checklist-${label}-390.png` });
    await context.close();
  }
});
