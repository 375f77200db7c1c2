import { type Browser, expect, type Page, request as playwrightRequest, test } from '@playwright/test';
import sharp from 'sharp';
import { mailHeader, mailPart, mailText, type SmtpSink, startSmtpSink } from '../server/helpers/smtp-sink';
import { call, rootToken } from './api';
import { expectNoAxeViolations } from './axe';
import { signIn } from './helpers';
import { screenshotWhole } from './screenshots';
import { createClubWithCli, type OwnServer, startOwnServer } from './server-process';

/**
 * The club's own app (docs/rules.md#club-settings): an Admin brands the club in one form, and the app, its
 * home-screen manifest, its login page and its mails wear the club's name, colour and logo. Two clubs of one
 * deployment, on two hosts, give one phone two manifests (two names, two icons). An invitation opened on
 * another device than the Admin's signs the new member in at once and shows the welcome with the install help.
 * At 390 px; the branding form at 1280 px too, where it lays out in columns.
 */
const PORT = 3135;
const FIRST = `http://127.0.0.1:${PORT}`;
const SECOND = `http://club2.localhost:${PORT}`;
const CLUB = "Kayak Club de l'Odet";
const NEW_PASSWORD = 'Pagaie-Odet-2026';
const shots = 'test-results/screenshots';
test.describe.configure({ mode: 'serial', timeout: 120_000 });

let server: OwnServer;
let sink: SmtpSink;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  sink = await startSmtpSink();
  server = await startOwnServer(PORT, { SMTP_URL: sink.url, PUBLIC_URL: FIRST }, (env) =>
    createClubWithCli(env, {
      name: 'Aviron de Vannes',
      host: 'club2.localhost',
      username: 'boss',
      email: 'boss@example.org',
    }),
  );
});

test.afterAll(async () => {
  await server?.stop();
  await sink?.close();
});

async function phone(browser: Browser, baseURL: string) {
  // bypassCSP: axe-core is injected as a script, which the app's own policy rightly refuses.
  const context = await browser.newContext({
    baseURL,
    bypassCSP: true,
    viewport: { width: 390, height: 844 },
  });
  return { context, page: await context.newPage() };
}

/** What the page's host serves as its manifest, read from the page (Node here cannot resolve *.localhost). */
function manifestOf(page: Page) {
  return page.evaluate(async () => {
    const response = await fetch('/manifest.webmanifest');
    const manifest = (await response.json()) as {
      name: string;
      short_name: string;
      theme_color: string;
      icons: Array<{ src: string; sizes: string; purpose?: string }>;
    };
    // Each icon is a real PNG of its size.
    const icons = await Promise.all(
      manifest.icons.map(async (icon) => {
        const image = new Image();
        image.src = icon.src;
        await image.decode();
        return { ...icon, width: image.naturalWidth, height: image.naturalHeight };
      }),
    );
    return { type: response.headers.get('content-type'), ...manifest, icons };
  });
}

/** A logo as clubs often have one: wider than tall, on a transparent background. */
const wideTransparentLogo = () =>
  sharp(
    Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="600" height="240">
  <rect x="10" y="40" width="580" height="160" rx="80" fill="#0e7490"/>
  <text x="300" y="145" font-family="DejaVu Sans, sans-serif" font-size="72" font-weight="bold" fill="#ffffff"
        text-anchor="middle">KC ODET</text></svg>`),
  )
    .png()
    .toBuffer();

test('an Admin brands the club in one form; app, manifest and login wear it, and the other club keeps its own', async ({
  browser,
}) => {
  const api = await playwrightRequest.newContext({ baseURL: FIRST });
  const root = await rootToken(api);
  const me = await call<{ id: string }>(api, root, 'GET', '/api/user/me');
  await call(api, root, 'PUT', `/api/user/profile/update/${me.id}`, {
    first_name: 'Yann',
    last_name: 'Le Gall',
  });
  await api.dispose();

  const { context, page } = await phone(browser, FIRST);
  await signIn(page, 'root');
  await page.goto('/settings/app');
  const brand = page.getByRole('form', { name: 'Identité du club' });
  await expect(brand).toBeVisible();
  await brand.getByLabel('Nom du club').fill(CLUB);
  await brand.getByLabel("Nom court (sous l'icône de l'écran d'accueil)").fill('KC Odet');
  // A yellow too light for white text: the form says why and proposes the nearest darker shade.
  await brand.getByLabel('Couleur du club').fill('#ffd43b');
  await expect(brand.getByText(/Trop claire pour un texte blanc/)).toBeVisible();
  const proposal = brand.getByRole('button', { name: /^Utiliser #[0-9a-f]{6}$/ });
  await expect(proposal).toBeVisible();
  await screenshotWhole(page, `${shots}/brand-colour-too-light-390.png`, 390);
  const shade = ((await proposal.textContent()) ?? '').replace(/^.*(#[0-9a-f]{6}).*$/s, '$1');
  await proposal.click();
  await expect(brand.getByText(/Trop claire pour un texte blanc/)).toBeHidden();
  await brand.getByLabel('Fichier du logo').setInputFiles({
    name: 'logo-kco.png',
    mimeType: 'image/png',
    buffer: await wideTransparentLogo(),
  });
  await expectNoAxeViolations(page);
  await screenshotWhole(page, `${shots}/brand-form-390.png`, 390);
  await screenshotWhole(page, `${shots}/brand-form-1280.png`, 1280);
  await page.setViewportSize({ width: 390, height: 844 });
  await brand.getByRole('button', { name: "Enregistrer l'identité du club" }).click();
  await expect(page.getByText('Identité du club enregistrée')).toBeVisible();

  // The app wears it at once: its title and its primary buttons' colour.
  await expect(page).toHaveTitle(CLUB);
  const saveColour = await brand
    .getByRole('button', { name: "Enregistrer l'identité du club" })
    .evaluate((button) => getComputedStyle(button).backgroundColor);
  const [r, g, b] = [1, 3, 5].map((i) => Number.parseInt(shade.slice(i, i + 2), 16));
  expect(saveColour).toBe(`rgb(${r}, ${g}, ${b})`);

  // The home-screen manifest of this host: the club's name, short name, colour and icons made from its logo.
  const first = await manifestOf(page);
  expect(first.type).toContain('application/manifest+json');
  expect(first).toMatchObject({ name: CLUB, short_name: 'KC Odet', theme_color: shade });
  expect(first.icons.map((icon) => [icon.width, icon.height, icon.purpose ?? 'any'])).toEqual([
    [192, 192, 'any'],
    [512, 512, 'any'],
    [512, 512, 'maskable'],
  ]);
  expect(first.icons.every((icon) => icon.src.startsWith('/files/'))).toBe(true);

  // Signed out, the login page shows the club's logo and name, and the next start's title before any code.
  await page.goto('/logout');
  await expect(page).toHaveURL(/\/login$/);
  await page.reload();
  await expect(page.getByText(CLUB, { exact: true })).toBeVisible();
  await expect(page.getByRole('img', { name: 'Logo du club' })).toBeVisible();
  await expect(page).toHaveTitle(CLUB);
  await expectNoAxeViolations(page);
  await screenshotWhole(page, `${shots}/brand-login-390.png`, 390);
  await context.close();

  // The same phone opens the other club of this deployment: its own manifest, name and bundled icons.
  const other = await phone(browser, SECOND);
  await other.page.goto('/login');
  const second = await manifestOf(other.page);
  expect(second).toMatchObject({ name: 'Aviron de Vannes', short_name: 'Aviron de Va' });
  expect(second.icons.every((icon) => icon.src.startsWith('/icons/'))).toBe(true);
  await expect(other.page.getByText('Aviron de Vannes', { exact: true })).toBeVisible();
  await other.page.screenshot({ path: `${shots}/brand-other-club-login-390.png` });
  await other.context.close();
});

test('an invitation opened on another device signs the member in and welcomes them with the install help', async ({
  browser,
}) => {
  const api = await playwrightRequest.newContext({ baseURL: FIRST });
  const root = await rootToken(api);
  await call(api, root, 'POST', '/api/user/register', { username: 'lena', email: 'lena@example.org' });
  await api.dispose();

  // The invitation names the club and who invited, and says what the app is for.
  let invitation = '';
  await expect
    .poll(() => {
      invitation = sink.received.find((mail) => mail.to.includes('lena@example.org'))?.raw ?? '';
      return invitation;
    })
    .not.toBe('');
  expect(mailHeader(invitation, 'subject')).toContain(CLUB);
  const text = mailPart(invitation, 'text/plain') ?? mailText(invitation);
  expect(text).toContain('Yann Le Gall');
  expect(text).toContain(CLUB);
  expect(text).not.toContain('Équipée');
  const link = new RegExp(`${FIRST.replace(/[.:/]/g, (c) => `\\${c}`)}/confirm/[A-Za-z0-9_-]+`).exec(
    text,
  )?.[0];
  expect(link).toBeTruthy();

  // The mail as a phone's mail app shows it.
  const mailView = await phone(browser, FIRST);
  await mailView.page.setContent(mailPart(invitation, 'text/html') ?? '', { waitUntil: 'load' });
  await mailView.page.screenshot({ path: `${shots}/brand-invitation-mail-390.png`, fullPage: true });
  await mailView.context.close();

  // Another device than the Admin's: the member chooses a password and is in, without typing it again.
  const { context, page } = await phone(browser, FIRST);
  await page.goto(link ?? '');
  await page.getByLabel('Nouveau mot de passe', { exact: true }).fill(NEW_PASSWORD);
  await page.getByLabel('Confirmation du mot de passe').fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Enregistrer le mot de passe' }).click();
  const welcome = page.getByRole('dialog', { name: 'Bienvenue !' });
  await expect(welcome).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  await expect(welcome.getByRole('heading', { name: "Installer l'application" })).toBeVisible();
  await expect(page).toHaveTitle(CLUB);
  await expectNoAxeViolations(page);
  await screenshotWhole(page, `${shots}/brand-welcome-install-390.png`, 390);
  await welcome.getByRole('button', { name: "C'est parti" }).click();
  await expect(welcome).toBeHidden();
  await expect(page.getByRole('heading', { name: 'Accueil' })).toBeVisible();

  // The install help in the profile: steps with pictures, for the other phone too.
  await page.goto('/my-profile?tab=install');
  await expect(page.getByRole('img', { name: /menu « ⋮ »/ })).toBeVisible();
  await page.getByRole('button', { name: 'iPhone ou iPad' }).click();
  await expect(page.getByText(/touchez « Partager »/)).toBeVisible();
  await expect(page.getByRole('img', { name: /bouton « Partager »/ })).toBeVisible();
  await expectNoAxeViolations(page);
  await screenshotWhole(page, `${shots}/install-help-ios-390.png`, 390);

  // The same help in English, the device's other language; the title stays the club's own name.
  await page.evaluate(() => localStorage.setItem('lang', 'en'));
  await page.reload();
  await expect(page.getByRole('tab', { name: 'Install' })).toBeVisible();
  await page.getByRole('button', { name: 'iPhone or iPad' }).click();
  await expect(page.getByText(/tap “Share”/)).toBeVisible();
  await expect(page).toHaveTitle(CLUB);
  await expectNoAxeViolations(page);
  await screenshotWhole(page, `${shots}/install-help-ios-en-390.png`, 390);
  await context.close();
});
