import { expect, type Page, test } from '@playwright/test';
import { call, newMember, rootToken } from './api';
import { expectNoAxeViolations } from './axe';
import { signIn } from './helpers';

// axe-core is injected as a script, which the app's own policy rightly refuses.
test.use({ bypassCSP: true });
test.describe.configure({ timeout: 90_000 });

/** The dialog at the viewport, where the browser shows it, at 390 and 1280 px; ends at 390 px. */
async function shoot(page: Page, name: string) {
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: width < 768 ? 844 : 800 });
    await page.screenshot({ path: `test-results/screenshots/${name}-${width}.png`, animations: 'disabled' });
  }
  await page.setViewportSize({ width: 390, height: 844 });
}

/**
 * An admin moves members in from a spreadsheet as French Excel saves it (Windows-1252, `;`), sees the preview
 * with one error, confirms, and finds the new members in the list.
 */
test('an admin imports a French Excel CSV: preview with one error, confirm, the new members are listed', async ({
  page,
  request,
}) => {
  const stamp = Date.now() % 1_000_000;
  const admin = await newMember(request, await rootToken(request), `imp${stamp}`, 'Admin');
  const helene = `helene${stamp}@example.org`;
  const yann = `yann${stamp}@example.org`;
  const csv = [
    'Prénom;Nom;Adresse e-mail;Téléphone',
    `Hélène;Le Bihan;${helene};06.12.34.56.78`,
    `Yann;Kermarrec;${yann};`,
    'Sans;Adresse;;',
    `Déjà;Membre;${admin.username}@example.org;`,
  ].join('\r\n');

  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, admin.username);
  await page.goto('/settings/users');
  await page.getByRole('button', { name: 'Importer des membres' }).click();
  const dialog = page.getByRole('dialog', { name: 'Importer des membres' });
  await dialog.getByLabel('Fichier CSV').setInputFiles({
    name: 'adherents.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(csv, 'latin1'), // Windows-1252 bytes for these letters
  });
  await expect(dialog.getByText('2 à inviter, 1 déjà membres, 1 en erreur')).toBeVisible();
  const preview = dialog.getByRole('list', { name: /Aperçu de l'import/ });
  await expect(preview.getByRole('listitem')).toHaveCount(4);
  await expect(preview.getByRole('listitem').nth(0)).toContainText('Hélène Le Bihan');
  await expect(preview.getByRole('listitem').nth(2)).toContainText('Erreur : email manquant');
  await expect(preview.getByRole('listitem').nth(3)).toContainText('Déjà membre');
  await expectNoAxeViolations(page);
  await shoot(page, 'member-import-preview');

  // Nothing is written before the confirmation.
  const root = await rootToken(request);
  const before = await call<Array<{ email: string }>>(request, root, 'GET', '/api/user');
  expect(before.some((u) => u.email === helene)).toBe(false);

  await dialog.getByRole('button', { name: 'Importer 2 membres' }).click();
  await expect(page.getByText(/^2 membres créés\./)).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(
    page.getByRole('link', { name: new RegExp(`helene${stamp} \\(Hélène Le Bihan\\)`) }),
  ).toBeVisible();
  await expect(page.getByRole('link', { name: new RegExp(`yann${stamp}`) })).toBeVisible();
  await expectNoAxeViolations(page);
  await shoot(page, 'member-import-done');

  const after = await call<Array<{ email: string; first_name: string | null; phone: string | null }>>(
    request,
    root,
    'GET',
    '/api/user',
  );
  expect(after.find((u) => u.email === helene)).toMatchObject({
    first_name: 'Hélène',
    phone: '06 12 34 56 78',
  });
});

test('a file without an email column is refused with its reason', async ({ page, request }) => {
  const stamp = Date.now() % 1_000_000;
  const admin = await newMember(request, await rootToken(request), `impen${stamp}`, 'Admin');
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, admin.username);
  await page.goto('/settings/users');
  await page.getByRole('button', { name: 'Importer des membres' }).click();
  const dialog = page.getByRole('dialog', { name: 'Importer des membres' });
  await dialog.getByLabel('Fichier CSV').setInputFiles({
    name: 'members.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from('first name,last name\nAnne,Kerjean\n'),
  });
  await expect(dialog.getByRole('alert')).toHaveText(/pas de colonne « email »/);
  await expect(dialog.getByRole('button', { name: 'Importer 0 membre' })).toBeDisabled();
  await expectNoAxeViolations(page);
  await shoot(page, 'member-import-refused');
});
