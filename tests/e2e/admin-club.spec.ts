import { type Browser, expect, request as playwrightRequest, test } from '@playwright/test';
import { mailHeader, type SmtpSink, startSmtpSink } from '../server/helpers/smtp-sink';
import { call, rootToken } from './api';
import { expectNoAxeViolations } from './axe';
import { signIn } from './helpers';
import { screenshotWhole } from './screenshots';
import { createUsersWithCli, type OwnServer, startOwnServer } from './server-process';

/**
 * An Admin running the club's members and mails (docs/rules.md#accounts-and-sessions, #mails): the users list
 * searched and sorted, roles in words; an invitation never confirmed, dated, sent again; an address whose mails
 * bounce, shown on the member's page with what to do; the sender named and a test mail sent through the real
 * SMTP server. Own server, its mail going to an SMTP sink that refuses one address for good (550). At 390 px.
 */
const PORT = 3137;
const baseURL = `http://127.0.0.1:${PORT}`;
const BOUNCING = 'gwen.ancienne@example.org';
const shots = 'test-results/screenshots';
test.describe.configure({ mode: 'serial', timeout: 120_000 });

let server: OwnServer;
let sink: SmtpSink;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  sink = await startSmtpSink(0, { refuseRecipient: (address) => (address === BOUNCING ? 550 : undefined) });
  server = await startOwnServer(
    PORT,
    { SMTP_URL: sink.url, PUBLIC_URL: baseURL, MAIL_FROM: 'Aviron de Vannes <club@aviron.example>' },
    (env) => createUsersWithCli(env, [['coach.legall', 'Contributor']]),
  );
});

test.afterAll(async () => {
  await server?.stop();
  await sink?.close();
});

async function phone(browser: Browser) {
  // bypassCSP: axe-core is injected as a script, which the app's own policy rightly refuses.
  const context = await browser.newContext({
    baseURL,
    bypassCSP: true,
    viewport: { width: 390, height: 844 },
  });
  return { context, page: await context.newPage() };
}

const mailsTo = (address: string) => sink.received.filter((mail) => mail.to.includes(address));

test('the users list is searched and sorted, roles in words; an invitation is dated and sent again', async ({
  browser,
}) => {
  const api = await playwrightRequest.newContext({ baseURL });
  const root = await rootToken(api);
  const invited = await call<{ id: string }>(api, root, 'POST', '/api/user/register', {
    username: 'nina.riou',
    email: 'nina.riou@example.org',
  });
  await api.dispose();
  await expect.poll(() => mailsTo('nina.riou@example.org').length).toBe(1);

  const { context, page } = await phone(browser);
  await signIn(page, 'root');
  await page.goto('/settings/users');
  const search = page.getByRole('searchbox', { name: 'Rechercher un membre' });
  await expect(search).toBeVisible();
  // Roles read as words, never as letters.
  await expect(page.getByText('Organisation').first()).toBeVisible();
  await search.fill('coach');
  await expect(page.getByRole('link', { name: /coach\.legall/ })).toBeVisible();
  await expect(page.getByRole('link', { name: /nina\.riou/ })).toHaveCount(0);
  await search.fill('zzz');
  await expect(
    page.getByRole('tabpanel', { name: 'Actifs' }).getByText('Aucun membre ne correspond à « zzz ».'),
  ).toBeVisible();
  // Accents and case do not matter: « NÏNA » finds nina.riou, whose invitation is dated.
  await search.fill('NÏNA');
  const nina = page.getByRole('link', { name: /nina\.riou/ });
  await expect(nina).toBeVisible();
  await expect(page.getByText(/^Invitation envoyée le \d{1,2} \p{L}+/u)).toBeVisible();
  await page.getByRole('combobox', { name: 'Trier par' }).selectOption({ label: 'Rôle' });
  await expectNoAxeViolations(page);
  await screenshotWhole(page, `${shots}/admin-users-search-390.png`, 390);

  await nina.click();
  await expect(page).toHaveURL(new RegExp(`/settings/user/${invited.id}$`));
  await page.getByRole('button', { name: "Renvoyer l'invitation" }).click();
  await expect(page.getByText('Invitation renvoyée à nina.riou@example.org')).toBeVisible();
  await expect.poll(() => mailsTo('nina.riou@example.org').length).toBe(2);
  expect(mailHeader(mailsTo('nina.riou@example.org')[1]?.raw ?? '', 'subject')).toContain('Aviron de Vannes');
  await expectNoAxeViolations(page);
  await screenshotWhole(page, `${shots}/admin-invitation-resent-390.png`, 390);
  await context.close();
});

test('a bouncing address is shown on the member page with what to do, and a test mail reaches the Admin', async ({
  browser,
}) => {
  const api = await playwrightRequest.newContext({ baseURL });
  const root = await rootToken(api);
  const gwen = await call<{ id: string }>(api, root, 'POST', '/api/user/register', {
    username: 'gwen.morvan',
    email: BOUNCING,
  });
  await api.dispose();

  const { context, page } = await phone(browser);
  await signIn(page, 'root');
  // The invitation is refused for good by the recipient's server: the page says so once it is known.
  await expect
    .poll(
      async () => {
        await page.goto(`/settings/user/${gwen.id}`);
        return page
          .getByText(/Les mails à cette adresse reviennent en erreur/)
          .isVisible({ timeout: 2_000 })
          .catch(() => false);
      },
      { timeout: 30_000 },
    )
    .toBe(true);
  await expect(page.getByText(/vérifiez l'adresse avec la personne, puis corrigez-la/)).toBeVisible();
  await page.getByRole('button', { name: "Corriger l'adresse" }).click();
  const fix = page.getByRole('dialog', { name: 'Nouvelle adresse email' });
  await expect(fix.getByText(`Adresse actuelle : ${BOUNCING}`)).toBeVisible();
  await expectNoAxeViolations(page);
  await screenshotWhole(page, `${shots}/admin-bounce-fix-390.png`, 390);
  await fix.getByLabel('Nouvelle adresse').fill('gwen.morvan@example.org');
  await fix.getByRole('button', { name: 'Envoyer le lien de confirmation' }).click();
  await expect(page.getByText('Lien de confirmation envoyé à la nouvelle adresse')).toBeVisible();
  await expect.poll(() => mailsTo('gwen.morvan@example.org').length).toBe(1);

  // The mails' sender, named; a test mail through the real queue to the Admin's own address.
  await page.goto('/settings/email');
  const sender = page.getByRole('region', { name: 'Expéditeur des mails' });
  await expect(sender).toContainText('Aviron de Vannes');
  await expect(sender).toContainText('club@aviron.example');
  const before = mailsTo('root@example.org').length;
  await sender.getByRole('button', { name: 'Envoyer un mail de test' }).click();
  await expect(page.getByText(/Mail de test envoyé à root@example\.org/)).toBeVisible();
  await expect.poll(() => mailsTo('root@example.org').length).toBe(before + 1);
  await expectNoAxeViolations(page);
  await screenshotWhole(page, `${shots}/admin-email-settings-390.png`, 390);
  await context.close();
});
