import { expect, type Page, test } from '@playwright/test';
import sharp from 'sharp';
import { call, newMember, rootToken } from './api';
import { expectNoAxeViolations } from './axe';
import { mainNav, signIn } from './helpers';
import { shootBothSizes } from './screenshots';

// News that lives. A contributor posts (title, text, a picture), members read newest first and offline from
// the cache, the author edits and deletes; HTML in a post stays text; a picture over the limit is refused
// before anything is saved. Against the real server, at 390 and 1280 px.
test.use({ bypassCSP: true });
test.describe.configure({ mode: 'serial' });

const shoot = shootBothSizes;
const SCRIPT_TEXT =
  'Rendez-vous au ponton à 9 h.\n<script>window.__newsScript = true</script><b>pas gras</b>';

const toast = (page: Page, text: string) => page.getByRole('status').filter({ hasText: text });

test('a contributor posts news with a picture; a member reads it, offline too, and in English', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(90_000);
  const root = await rootToken(request);
  // A clean slate, so the empty state is what a visitor sees first.
  const existing = await call<Array<{ uuid: string }>>(request, null, 'GET', '/api/news');
  for (const post of existing) await call(request, root, 'DELETE', `/api/news/${post.uuid}`);
  const stamp = Date.now() % 1_000_000;
  const writer = await newMember(request, root, `redac${stamp}`, 'Contributor');
  const reader = await newMember(request, root, `lecteur${stamp}`);

  // A visitor: the empty state, a sign-in button instead of the menu.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/news');
  await expect(page.getByText('Aucune actualité trouvée.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Se connecter' })).toBeVisible();
  await expectNoAxeViolations(page);
  await shoot(page, 'news-empty-visitor');

  await signIn(page, writer.username);
  await mainNav(page).getByRole('link', { name: 'Actualités' }).click();
  await page.getByRole('button', { name: 'Publier une actualité' }).click();
  const dialog = page.getByRole('dialog', { name: 'Nouvelle actualité' });
  await expect(dialog).toBeVisible();
  await expectNoAxeViolations(page);
  await shoot(page, 'news-post-dialog');

  // Over 5 MB: refused on the device with a clear message, nothing sent.
  const picture = dialog.getByLabel('Photo (facultative)');
  await picture.setInputFiles({
    name: 'trop-lourde.jpg',
    mimeType: 'image/jpeg',
    buffer: Buffer.alloc(5 * 1024 * 1024 + 1),
  });
  await expect(dialog.getByRole('alert')).toHaveText(
    'Cette photo dépasse 5 Mo : choisissez-en une plus légère.',
  );
  await shoot(page, 'news-picture-too-large');

  const photo = await sharp({
    create: { width: 1200, height: 600, channels: 3, background: { r: 14, g: 116, b: 144 } },
  })
    .jpeg()
    .toBuffer();
  await picture.setInputFiles({ name: 'ponton.jpg', mimeType: 'image/jpeg', buffer: photo });
  await expect(dialog.getByRole('alert')).toHaveCount(0);
  await dialog.getByLabel('Titre').fill(`Sortie mer ${stamp}`);
  await dialog.getByLabel('Texte').fill(SCRIPT_TEXT);
  await dialog.getByRole('button', { name: 'Publier' }).click();
  await expect(toast(page, 'Actualité publiée')).toBeVisible();
  await expect(dialog).toBeHidden();
  const article = page.getByRole('article', { name: `Sortie mer ${stamp}` });
  await expect(article.getByRole('img', { name: `Photo : Sortie mer ${stamp}` })).toBeVisible();
  await expect(article.getByText('<script>window.__newsScript = true</script><b>pas gras</b>')).toBeVisible();
  expect(await page.evaluate(() => (window as { __newsScript?: boolean }).__newsScript)).toBeUndefined();
  await expect(article.locator('b, script')).toHaveCount(0);

  // A second post, and an edit of the first: newest first, "modifiée" said.
  await page.getByRole('button', { name: 'Publier une actualité' }).click();
  await dialog.getByLabel('Titre').fill(`Horaires d'hiver ${stamp}`);
  await dialog.getByLabel('Texte').fill('Le club ouvre à 10 h le samedi.');
  await dialog.getByRole('button', { name: 'Publier' }).click();
  await expect(toast(page, 'Actualité publiée')).toBeVisible();
  await article.getByRole('button', { name: `Modifier « Sortie mer ${stamp} »` }).click();
  const edit = page.getByRole('dialog', { name: "Modifier l'actualité" });
  await expect(edit.getByRole('img', { name: 'Photo actuelle' })).toBeVisible();
  await expectNoAxeViolations(page);
  await shoot(page, 'news-edit-dialog');
  await edit.getByLabel('Titre').fill(`Sortie mer ${stamp} (départ 9 h)`);
  await edit.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(toast(page, 'Actualité modifiée')).toBeVisible();
  const titles = page.getByRole('article').getByRole('heading', { level: 2 });
  await expect(titles).toHaveText([`Horaires d'hiver ${stamp}`, `Sortie mer ${stamp} (départ 9 h)`]);
  await expect(page.getByRole('article', { name: `Sortie mer ${stamp} (départ 9 h)` })).toContainText(
    'modifiée',
  );
  await expectNoAxeViolations(page);
  await shoot(page, 'news-list-author');

  // A member: reads, writes nothing; then offline, the posts stay, said to be the ones last read.
  const context = await browser.newContext({ bypassCSP: true });
  const member = await context.newPage();
  await member.setViewportSize({ width: 390, height: 844 });
  await signIn(member, reader.username);
  await mainNav(member).getByRole('link', { name: 'Actualités' }).click();
  await expect(member.getByRole('article')).toHaveCount(2);
  await expect(member.getByRole('button', { name: 'Publier une actualité' })).toHaveCount(0);
  await expect(member.getByRole('button', { name: /^Modifier/ })).toHaveCount(0);
  await expectNoAxeViolations(member);
  await shoot(member, 'news-member');

  // Offline once the service worker holds the app (as it does minutes after a first visit).
  await member.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await context.setOffline(true);
  await mainNav(member).getByRole('link', { name: 'Accueil' }).click();
  await mainNav(member).getByRole('link', { name: 'Actualités' }).click();
  await expect(
    member.getByText('Hors ligne : voici les actualités lues lors de votre dernière connexion.'),
  ).toBeVisible();
  await expect(member.getByRole('article')).toHaveCount(2);
  await shoot(member, 'news-member-offline');
  await context.setOffline(false);

  await member.evaluate(() => localStorage.setItem('lang', 'en'));
  await member.goto('/news');
  await expect(member.getByRole('heading', { name: 'News', level: 1 })).toBeVisible();
  await expect(member.getByRole('article', { name: `Horaires d'hiver ${stamp}` })).toContainText(
    /at \d\d:\d\d/,
  );
  await expectNoAxeViolations(member);
  await shoot(member, 'news-member-en');
  await context.close();

  // The author deletes a post, after confirming.
  await page.getByRole('button', { name: `Supprimer « Horaires d'hiver ${stamp} »` }).click();
  const confirm = page.getByRole('alertdialog');
  await expect(confirm).toContainText(`Supprimer l'actualité « Horaires d'hiver ${stamp} » ?`);
  await confirm.getByRole('button', { name: 'Supprimer' }).click();
  await expect(toast(page, 'Actualité supprimée')).toBeVisible();
  await expect(page.getByRole('article')).toHaveCount(1);
  const left = await call<Array<{ title: string }>>(request, null, 'GET', '/api/news');
  expect(left.map((post) => post.title)).toEqual([`Sortie mer ${stamp} (départ 9 h)`]);
});
