import { type Browser, expect, type Page, request as playwrightRequest, test } from '@playwright/test';
import { mailPart, mailText, type SmtpSink, startSmtpSink } from '../server/helpers/smtp-sink';
import { call, rootToken } from './api';
import { expectNoAxeViolations } from './axe';
import { E2E_USERS, type OwnServer, startOwnServer } from './server-process';
import { pageOverflow } from './toast-clearance';

/** Own server (own port and data) whose mail worker sends through nodemailer to a real SMTP sink. */
const PORT = 3109;
const baseURL = `http://127.0.0.1:${PORT}`;
const NEW_PASSWORD = 'Nouveau-Kayak7';
// Each scene waits out the screens' own redirects (5 s after asking, 4 s after saving) on a busy machine.
test.describe.configure({ timeout: 60_000 });

let server: OwnServer;
let sink: SmtpSink;

test.beforeAll(async () => {
  // A server of its own (seeded, then started) on a busy 2-core machine: more than the default 30 s.
  test.setTimeout(120_000);
  sink = await startSmtpSink();
  server = await startOwnServer(PORT, { SMTP_URL: sink.url, PUBLIC_URL: baseURL });
});

test.afterAll(async () => {
  await server.stop();
  await sink.close();
});

/** bypassCSP: axe-core is injected as a script, which the app's own policy rightly refuses. */
async function openContext(browser: Browser) {
  const context = await browser.newContext({
    baseURL,
    bypassCSP: true,
    viewport: { width: 390, height: 844 },
  });
  return { context, page: await context.newPage() };
}

/** The first link to `pathPart` in a mail received for `to` (quoted-printable or base64 bodies). */
async function linkMailedTo(
  to: string,
  pathPart: '/reset?token=' | '/confirm/' | '/confirm-email/',
): Promise<string> {
  const escaped = pathPart.replace(/[?/]/g, (c) => `\\${c}`);
  const pattern = new RegExp(`${baseURL.replace(/[.:/]/g, (c) => `\\${c}`)}${escaped}[A-Za-z0-9_-]+`);
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    for (const mail of sink.received.filter((m) => m.to.includes(to))) {
      const body = mail.raw
        .split(/\r?\n\r?\n/)
        .slice(1)
        .join('\n');
      const decoded = [mailText(mail.raw), Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8')];
      for (const text of decoded) {
        const found = pattern.exec(text);
        if (found) return found[0];
      }
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no ${pathPart} link mailed to ${to} (${sink.received.length} mails received)`);
}

async function screenshots(page: Page, name: string) {
  for (const width of [390, 1280]) {
    const height = width === 390 ? 844 : 800;
    await page.setViewportSize({ width, height });
    await page.setViewportSize({ width, height: height + (await pageOverflow(page)) });
    await page.screenshot({
      path: `test-results/screenshots/password-${name}-${width}.png`,
      animations: 'disabled',
    });
  }
  await page.setViewportSize({ width: 390, height: 844 });
}

async function setPassword(page: Page) {
  await page.getByLabel('Nouveau mot de passe', { exact: true }).fill(NEW_PASSWORD);
  await page.getByLabel('Confirmation du mot de passe').fill('Nouveau');
  await expect(page.getByText('Les mots de passe ne correspondent pas.')).toBeVisible();
  await expect(page.getByText('Robustesse : excellente')).toBeVisible();
  const submit = page.getByRole('button', { name: 'Enregistrer le mot de passe' });
  await expect(submit).toBeDisabled();
  return submit;
}

async function signInWith(page: Page, username: string, password: string) {
  await page.getByLabel("Nom d'utilisateur ou e-mail").fill(username);
  await page.getByLabel('Mot de passe', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { name: 'Accueil' })).toBeVisible();
}

test('a member who forgot the password asks a link, gets it by mail, sets a new one and signs in', async ({
  browser,
}) => {
  const { context, page } = await openContext(browser);
  await page.goto('/login');
  await page.getByRole('link', { name: 'Mot de passe oublié ?' }).click();
  await expect(page).toHaveURL(/\/askreset$/);
  await expectNoAxeViolations(page);
  await page.getByLabel('Adresse e-mail').fill('marie@');
  await page.getByRole('button', { name: 'Envoyer le lien' }).click();
  await expect(page.getByRole('alert')).toHaveText("L'adresse email n'est pas valide");
  await page.getByLabel('Adresse e-mail').fill(E2E_USERS.member.email);
  await page.getByRole('button', { name: 'Envoyer le lien' }).click();
  await expect(page.getByRole('status')).toContainText('Si un compte correspond à cette adresse');
  await screenshots(page, 'askreset');
  await expect(page).toHaveURL(/\/login$/, { timeout: 10_000 });

  await page.goto(await linkMailedTo(E2E_USERS.member.email, '/reset?token='));
  await expect(page.getByRole('heading', { name: 'Nouveau mot de passe' })).toBeVisible();
  const submit = await setPassword(page);
  await expectNoAxeViolations(page);
  await screenshots(page, 'reset');
  await page.getByLabel('Confirmation du mot de passe').fill(NEW_PASSWORD);
  await submit.click();
  // The new password signs the member in on this device: the week, without the first-password welcome.
  await expect(page).toHaveURL(/\/$/, { timeout: 10_000 });
  await expect(page.getByRole('heading', { name: 'Accueil' })).toBeVisible();
  await expect(page.getByRole('dialog', { name: 'Bienvenue !' })).toHaveCount(0);
  await context.close();

  // And it is the password from now on, on any device.
  const other = await openContext(browser);
  await other.page.goto('/login');
  await signInWith(other.page, E2E_USERS.member.username, NEW_PASSWORD);
  await other.context.close();
});

test('a member invited by the SuperAdmin confirms the account from the mailed link and signs in', async ({
  browser,
}) => {
  const api = await playwrightRequest.newContext({ baseURL });
  const invited = await call<{ confirm_url?: string }>(
    api,
    await rootToken(api),
    'POST',
    '/api/user/register',
    { username: 'lea', email: 'lea@example.org' },
  );
  expect(invited.confirm_url).toBeUndefined(); // the link goes by mail only
  await api.dispose();

  const { context, page } = await openContext(browser);
  await page.goto(await linkMailedTo('lea@example.org', '/confirm/'));
  await expect(page.getByRole('heading', { name: 'Confirmation du compte' })).toBeVisible();
  const submit = await setPassword(page);
  await expectNoAxeViolations(page);
  await screenshots(page, 'confirm');
  await page.getByLabel('Confirmation du mot de passe').fill(NEW_PASSWORD);
  await submit.click();
  // The first password signs the member in on this device and leads to a short welcome on the week: how to
  // answer, notifications asked only from its button, how to install; once closed, never again.
  await expect(page).toHaveURL(/\/$/, { timeout: 10_000 });
  const welcome = page.getByRole('dialog', { name: 'Bienvenue !' });
  await expect(welcome).toBeVisible();
  await expect(welcome.getByRole('button', { name: 'Activer les notifications' })).toBeVisible();
  await expect(welcome.getByRole('heading', { name: "Installer l'application" })).toBeVisible();
  await expect(welcome).toContainText("Installée, l'application s'ouvre depuis l'écran d'accueil");
  expect(await page.evaluate(() => Notification.permission)).toBe('default');
  await expectNoAxeViolations(page);
  await screenshots(page, 'welcome');
  await welcome.getByRole('button', { name: "C'est parti" }).click();
  await expect(welcome).toBeHidden();
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Accueil' })).toBeVisible();
  await expect(page.getByRole('dialog', { name: 'Bienvenue !' })).toHaveCount(0);
  await context.close();

  // The password chosen is the account's: it signs in on another device.
  const other = await openContext(browser);
  await other.page.goto('/login');
  await signInWith(other.page, 'lea', NEW_PASSWORD);
  await other.context.close();
});

test('/reset without a token says the context is unknown', async ({ browser }) => {
  const { context, page } = await openContext(browser);
  await page.goto('/reset');
  await expect(page.getByRole('alert')).toHaveText('Erreur : contexte inconnu.');
  await expect(page.getByLabel('Nouveau mot de passe', { exact: true })).toHaveCount(0);
  await expectNoAxeViolations(page);
  await screenshots(page, 'unknown-context');
  await context.close();
});

/** The HTML part of the newest mail to `to` whose subject holds `subject`, shown in Chromium at 390 px. */
async function showMail(page: Page, to: string, subject: string, name: string) {
  const mail = sink.received.filter((m) => m.to.includes(to)).at(-1);
  const html = mail ? mailPart(mail.raw, 'text/html') : undefined;
  expect(html, `an HTML mail to ${to}`).toBeDefined();
  await page.setContent(html ?? '', { waitUntil: 'load' });
  await expect(page.getByText(subject).first()).toBeVisible();
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: `test-results/screenshots/mail-${name}-390.png`, fullPage: true });
}

test('a member changes their email: it waits for the new address, the old one is told, the link makes it', async ({
  browser,
}) => {
  const api = await playwrightRequest.newContext({ baseURL });
  await call(api, await rootToken(api), 'POST', '/api/user/register', {
    username: 'noa',
    email: 'noa@example.org',
  });
  const invitation = new URL(await linkMailedTo('noa@example.org', '/confirm/')).pathname.split('/').pop();
  await call(api, null, 'POST', `/api/user/confirm/${invitation}`, { password: NEW_PASSWORD });
  await api.dispose();

  const { context, page } = await openContext(browser);
  await page.goto('/login');
  await signInWith(page, 'noa', NEW_PASSWORD);
  const welcome = page.getByRole('dialog', { name: 'Bienvenue !' });
  if (await welcome.isVisible()) await welcome.getByRole('button', { name: "C'est parti" }).click();
  await page.goto('/my-profile');
  const section = page.getByRole('region', { name: 'Adresse email' });
  await section.getByRole('button', { name: "Changer d'adresse" }).click();
  const dialog = page.getByRole('dialog', { name: "Changer d'adresse email" });
  await dialog.getByLabel('Nouvelle adresse').fill('Noa.Nouvelle@example.org');
  await dialog.getByLabel('Votre mot de passe').fill(NEW_PASSWORD);
  await dialog.getByRole('button', { name: 'Envoyer le lien de confirmation' }).click();
  await expect(page.locator('.toast', { hasText: 'Un lien de confirmation a été envoyé' })).toBeVisible();
  await expect(dialog).toHaveCount(0);

  // Pending: the address in use stays, the new one waits, and says so.
  await expect(section).toContainText('Nouvelle adresse en attente de confirmation :');
  await expect(section).toContainText('noa.nouvelle@example.org. Ouvrez le lien');
  await expect(section.getByText('noa@example.org', { exact: true })).toBeVisible();
  await expectNoAxeViolations(page);
  await screenshots(page, 'email-pending');

  // The link reaches the new address; the address in use is told at once.
  const link = await linkMailedTo('noa.nouvelle@example.org', '/confirm-email/');
  const mailPage = await context.newPage();
  await showMail(
    mailPage,
    'noa.nouvelle@example.org',
    'Confirmez votre nouvelle adresse email',
    'email-confirm',
  );
  await showMail(mailPage, 'noa@example.org', "Changement d'adresse email demandé", 'email-notice');
  await expect(mailPage.getByText('vous avez demandé')).toBeVisible();
  await mailPage.close();

  // Opening the link changes nothing; the button does, and the profile follows.
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Confirmer votre nouvelle adresse' })).toBeVisible();
  await expectNoAxeViolations(page);
  await screenshots(page, 'email-confirm');
  await page.getByRole('button', { name: 'Confirmer cette adresse' }).click();
  await expect(page.getByRole('status')).toContainText(
    'votre adresse est désormais noa.nouvelle@example.org',
  );
  await screenshots(page, 'email-confirmed');
  await page.getByRole('link', { name: 'Aller à mon profil' }).click();
  await expect(section.getByText('noa.nouvelle@example.org', { exact: true })).toBeVisible();
  await expect(section).not.toContainText('en attente de confirmation');
  await screenshots(page, 'email-after');

  // The link works once: used again, the page says why and what to do.
  await page.goto(link);
  await page.getByRole('button', { name: 'Confirmer cette adresse' }).click();
  await expect(page.getByRole('alert')).toContainText("Ce lien n'est plus valide.");
  await expectNoAxeViolations(page);
  await screenshots(page, 'email-link-used');
  await context.close();
});
