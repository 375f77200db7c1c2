import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { newMember, rootToken } from './api';
import { expectNoAxeViolations } from './axe';
import { signIn } from './helpers';
import { screenshotWhole } from './screenshots';

// axe-core is injected as a script, which the app's own policy rightly refuses.
test.use({ bypassCSP: true });

/** « Télécharger mes données (JSON) » on the profile gives the member's data as a JSON file. */
test('a member downloads their data from the profile', async ({ page, request }) => {
  const member = await newMember(request, await rootToken(request), `donnees${Date.now() % 1_000_000}`);
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, member.username);
  await page.goto('/my-profile');
  await page.getByRole('tab', { name: 'Profil' }).click();
  const section = page.getByRole('region', { name: 'Mes données' });
  await expect(section).toContainText("en fichier JSON, pour d'autres logiciels");
  await section.scrollIntoViewIfNeeded();
  await expectNoAxeViolations(page);
  for (const width of [390, 1280])
    await screenshotWhole(page, `test-results/screenshots/member-data-${width}.png`, width);

  const downloading = page.waitForEvent('download');
  await section.getByRole('button', { name: 'Télécharger mes données (JSON)' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(
    new RegExp(`^donnees-${member.username}-\\d{4}-\\d{2}-\\d{2}\\.json$`),
  );
  const data = JSON.parse(await readFile(await download.path(), 'utf8'));
  expect(data).toMatchObject({
    format: 'equipee-member-export/1',
    profile: { id: member.id, username: member.username },
    subscriptions: [],
  });
  await expect(section.getByRole('button', { name: 'Télécharger mes données (JSON)' })).toBeEnabled();
});
