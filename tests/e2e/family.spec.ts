import {
  type APIRequestContext,
  type Browser,
  expect,
  type Page,
  request as playwrightRequest,
  test,
} from '@playwright/test';
import { mailHeader, mailPart, type SmtpSink, startSmtpSink } from '../server/helpers/smtp-sink';
import { call, newEvent, signInApi } from './api';
import { expectNoAxeViolations } from './axe';
import { clubWeekMonday, showEventRow } from './helpers';
import { screenshotWhole, shootBothSizes } from './screenshots';
import { createUsersWithCli, E2E_PASSWORD, type OwnServer, startOwnServer } from './server-process';

/**
 * Families (docs/rules.md#families), end to end on a real server and SMTP server: a parent adds two children in
 * « Ma famille », links the other parent and gives consents; then answers for both on the Wednesday session,
 * a kayak each, in six taps at 390 px; the other parent sees both coming; the organiser's checklist, offline,
 * marks the minors with the parent's phone to call and the consents; the organiser's group mail reaches the
 * parent once, naming both children.
 */
const PORT = 3123;
const baseURL = `http://127.0.0.1:${PORT}`;
test.describe.configure({ timeout: 150_000 });
test.use({ bypassCSP: true });

let server: OwnServer;
let sink: SmtpSink;
let api: APIRequestContext;

/** Made with the command line before the server starts: with SMTP on, an invitation goes by mail only. */
const PEOPLE = [
  ['gwen', 'User'],
  ['yann', 'User'],
  ['coach', 'Contributor'],
] as const;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  sink = await startSmtpSink();
  server = await startOwnServer(PORT, { SMTP_URL: sink.url, PUBLIC_URL: baseURL }, (env) =>
    createUsersWithCli(env, PEOPLE),
  );
  api = await playwrightRequest.newContext({ baseURL });
});

test.afterAll(async () => {
  await api?.dispose();
  await server?.stop();
  await sink.close();
});

/** A phone-sized browser of its own, signed in as `username`. */
async function phoneOf(browser: Browser, username: string) {
  const context = await browser.newContext({
    baseURL,
    bypassCSP: true,
    viewport: { width: 390, height: 844 },
  });
  const page = await context.newPage();
  await signInAt(page, username);
  return { context, page };
}

async function signInAt(page: Page, username: string) {
  await page.goto('/login');
  await page.getByLabel("Nom d'utilisateur ou e-mail").fill(username);
  await page.getByLabel('Mot de passe', { exact: true }).fill(E2E_PASSWORD);
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await expect(page.getByRole('heading', { name: 'Accueil' })).toBeVisible();
}

test('a parent adds two children, answers for both with a kayak each; the other parent sees it; the checklist offline; one mail naming both', async ({
  browser,
}) => {
  const [gwen, yann, coach] = await Promise.all(
    PEOPLE.map(async ([username]) => ({ username, ...(await signInApi(api, username)) })),
  );
  if (!gwen || !yann || !coach) throw new Error('the three accounts');
  await call(api, gwen.token, 'PUT', `/api/user/profile/update/${gwen.id}`, {
    first_name: 'Gwen',
    last_name: 'Le Bihan',
    phone: '06 12 34 56 78',
  });
  await call(api, yann.token, 'PUT', `/api/user/profile/update/${yann.id}`, {
    first_name: 'Yann',
    last_name: 'Le Bihan',
  });
  // The next Wednesday's session (at least a day ahead), 14:00 in Brest, with kayaks to book.
  const wednesday = new Date(Date.now() + 86_400_000);
  wednesday.setUTCDate(wednesday.getUTCDate() + ((3 - wednesday.getUTCDay() + 7) % 7));
  wednesday.setUTCHours(13, 0, 0, 0);
  const event = await newEvent(api, coach.token, {
    start: wednesday,
    model: { name: 'École de pagaie', description: 'Séance des jeunes' },
    stuff: { name: 'Kayak jeune', description: 'Kayak 2,80 m', stock: 10 },
  });

  // « Ma famille »: two children, the other parent, Lou's consents.
  const { context, page } = await phoneOf(browser, gwen.username);
  await page.goto('/my-profile?tab=family');
  const section = page.getByRole('region', { name: 'Ma famille' });
  await expect(section.getByText("Aucun enfant pour l'instant.")).toBeVisible();
  await expectNoAxeViolations(page);
  await shootBothSizes(page, 'family-empty');
  for (const [first, born] of [
    ['Lou', '2017-05-01'],
    ['Nina', '2014-09-12'],
  ] as const) {
    await section.getByRole('button', { name: 'Ajouter un enfant' }).click();
    const dialog = page.getByRole('dialog', { name: 'Ajouter un enfant' });
    await dialog.getByLabel('Prénom').fill(first);
    await dialog.getByLabel('Nom', { exact: true }).fill('Le Bihan');
    await dialog.getByLabel('Date de naissance').fill(born);
    if (first === 'Lou') {
      await expectNoAxeViolations(page);
      await shootBothSizes(page, 'family-add-child');
    }
    await dialog.getByRole('button', { name: 'Ajouter', exact: true }).click();
    await expect(dialog).toBeHidden();
    await expect(section.getByRole('heading', { name: `${first} Le Bihan` })).toBeVisible();
  }
  for (const first of ['Lou', 'Nina']) {
    await section.getByRole('button', { name: `Ajouter un responsable pour ${first}` }).click();
    const invite = page.getByRole('dialog', { name: `Ajouter un responsable pour ${first}` });
    await invite.getByLabel('Adresse e-mail').fill(`${yann.username}@example.org`);
    await invite.getByRole('button', { name: 'Ajouter', exact: true }).click();
    await expect(invite).toBeHidden();
  }
  await expect(section.getByText('Responsables : Gwen Le Bihan, Yann Le Bihan')).toHaveCount(2);
  await section.getByRole('button', { name: /^Autorisations de Lou pour la saison/ }).click();
  const consents = page.getByRole('dialog', { name: /^Autorisations · Lou/ });
  await consents.getByLabel('Trajets en voiture avec un bénévole').check();
  await consents.getByLabel("Soins d'urgence si nécessaire").check();
  await expectNoAxeViolations(page);
  await shootBothSizes(page, 'family-consents');
  await consents.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(consents).toBeHidden();
  await expectNoAxeViolations(page);
  for (const width of [390, 1280]) {
    await screenshotWhole(page, `test-results/screenshots/family-two-children-${width}.png`, width);
  }

  // The week: a line per child, a kayak each, six taps in all.
  const card = await showEventRow(page, event);
  const lines = card.getByRole('list', { name: 'Réponses pour vos enfants' });
  await expect(lines.getByRole('listitem')).toHaveCount(2);
  await expectNoAxeViolations(page);
  await shootBothSizes(page, 'family-week-before');
  let taps = 0;
  for (const first of ['Lou', 'Nina']) {
    await lines.getByRole('button', { name: `Inscrire ${first}` }).click();
    taps += 1;
    const choose = page.getByRole('dialog', { name: `Choisir le matériel · École de pagaie · ${first}` });
    await choose.getByRole('radio', { name: /Kayak jeune/ }).check();
    taps += 1;
    await choose.getByRole('button', { name: "Confirmer l'inscription" }).click();
    taps += 1;
    await expect(page.getByRole('status').filter({ hasText: `Place réservée pour ${first}.` })).toBeVisible();
  }
  expect(taps).toBeLessThan(10);
  for (const item of await lines.getByRole('listitem').all())
    await expect(item.getByText('Vient')).toBeVisible();
  await expectNoAxeViolations(page);
  await shootBothSizes(page, 'family-week-both-coming');
  const held = await call<{
    subscribers_with_stuff: Array<{ first_name: string | null; stuff_name: string }>;
  }>(api, coach.token, 'GET', `/api/event/${event.uuid_event}`);
  expect(held.subscribers_with_stuff.map((s) => [s.first_name, s.stuff_name]).sort()).toEqual([
    ['Lou', 'Kayak jeune'],
    ['Nina', 'Kayak jeune'],
  ]);

  // The other parent sees both coming.
  const { context: yannContext, page: yannPage } = await phoneOf(browser, yann.username);
  const yannCard = await showEventRow(yannPage, event);
  const yannLines = yannCard.getByRole('list', { name: 'Réponses pour vos enfants' });
  await expect(yannLines.getByRole('listitem')).toHaveCount(2);
  for (const item of await yannLines.getByRole('listitem').all()) {
    await expect(item.getByText('Vient')).toBeVisible();
    await expect(item.getByRole('button', { name: /^Désinscrire/ })).toBeVisible();
  }
  await shootBothSizes(yannPage, 'family-other-parent');
  await yannContext.close();

  // The organiser at the venue: the checklist read online, then offline.
  const { context: coachContext, page: coachPage } = await phoneOf(browser, coach.username);
  await coachPage.goto(`/checklist/${event.uuid_event}`);
  const louRow = coachPage.getByTestId('checklist-row').filter({ hasText: 'Lou' });
  await expect(louRow.getByText('Moins de 18 ans')).toBeVisible();
  await coachContext.setOffline(true);
  // Back to the week and into the list again, with no network: from what this device kept.
  await coachPage
    .getByRole('navigation', { name: 'Navigation principale' })
    .getByRole('link', { name: 'Accueil' })
    .click();
  const coachCard = coachPage.locator(`[data-event="${event.uuid_event}"]`);
  // Decided from the clock, not from what the screen shows yet: the week may still be rendering.
  if (clubWeekMonday(new Date(event.start_date)) !== clubWeekMonday(new Date()))
    await coachPage.getByRole('button', { name: 'Semaine suivante' }).click();
  await coachCard.getByRole('link', { name: 'Liste de présence' }).click();
  await expect(
    louRow.getByRole('link', {
      name: 'Appeler Gwen Le Bihan, responsable de Lou Le Bihan, au 06 12 34 56 78',
    }),
  ).toHaveAttribute('href', 'tel:0612345678');
  await expect(louRow.getByText("Trajet avec un bénévole : oui · Soins d'urgence : oui")).toBeVisible();
  await expect(
    coachPage
      .getByTestId('checklist-row')
      .filter({ hasText: 'Nina' })
      .getByText("Trajet avec un bénévole : pas de réponse · Soins d'urgence : pas de réponse"),
  ).toBeVisible();
  await expectNoAxeViolations(coachPage);
  await shootBothSizes(coachPage, 'family-checklist-offline');
  await coachContext.setOffline(false);

  // The organiser's word to those registered: Gwen gets one mail naming both children.
  const encode = (text: string) => Buffer.from(text, 'utf8').toString('base64');
  await call(api, coach.token, 'POST', '/api/event/mail', {
    event_uuid: event.uuid_event,
    subject_base64: encode('Séance de mercredi'),
    message_base64: encode('Rendez-vous à 14 h au ponton, gilets fournis.'),
  });
  const toGwen = () =>
    sink.received.filter(
      (m) =>
        m.to.includes(`${gwen.username}@example.org`) && /mercredi/.test(mailHeader(m.raw, 'subject') ?? ''),
    );
  await expect.poll(() => toGwen().length, { timeout: 20_000 }).toBe(1);
  const raw = toGwen()[0]?.raw ?? '';
  const text = mailPart(raw, 'text/plain') ?? '';
  expect(text).toContain('Ce message concerne Lou Le Bihan, Nina Le Bihan, dont vous êtes responsable.');
  const html = mailPart(raw, 'text/html') ?? '';
  const mailPage = await context.newPage();
  await mailPage.setContent(html);
  await expect(
    // The preview line (hidden) says it too: the one shown is the opening paragraph.
    mailPage.getByRole('paragraph').filter({
      hasText: 'Ce message concerne Lou Le Bihan, Nina Le Bihan, dont vous êtes responsable.',
    }),
  ).toBeVisible();
  for (const width of [390, 1280]) {
    await screenshotWhole(mailPage, `test-results/screenshots/family-mail-two-children-${width}.png`, width);
  }
  await coachContext.close();
  await context.close();
});
