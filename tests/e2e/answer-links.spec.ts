import { type APIRequestContext, expect, request as playwrightRequest, test } from '@playwright/test';
import { mailHeader, mailPart, type SmtpSink, startSmtpSink } from '../server/helpers/smtp-sink';
import { call, newEvent, rootToken, signInApi } from './api';
import { expectNoAxeViolations } from './axe';
import { screenshotWhole } from './screenshots';
import {
  createUsersWithCli,
  E2E_PASSWORD,
  E2E_USERS,
  type OwnServer,
  startOwnServer,
} from './server-process';

/**
 * Answer links (docs/rules.md#answer-links), end to end: a promotion mail received by a real SMTP server
 * carries "Rendre ma place" and the event's deep link. Followed in Chromium: the link's GET only asks, the
 * button gives the place back (the server's state changes, the next in line would be promoted), a second use
 * is refused, and the event's link, signed out, signs in and lands on the event's sheet.
 */
const PORT = 3119;
const baseURL = `http://127.0.0.1:${PORT}`;
const PAUL = 'paul';
test.describe.configure({ timeout: 90_000 });
// axe-core is injected as a script, which the app's own policy rightly refuses.
test.use({ bypassCSP: true });

let server: OwnServer;
let sink: SmtpSink;
let api: APIRequestContext;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  sink = await startSmtpSink();
  server = await startOwnServer(PORT, { SMTP_URL: sink.url, PUBLIC_URL: baseURL }, (env) =>
    createUsersWithCli(env, [[PAUL, 'User']]),
  );
  api = await playwrightRequest.newContext({ baseURL });
});

test.afterAll(async () => {
  await api?.dispose();
  await server?.stop();
  await sink.close();
});

/** The text part of the promotion mail marie receives, once it is there. */
async function promotionText(): Promise<string> {
  const isPromotion = (raw: string) =>
    mailHeader(raw, 'subject')?.includes("Une place s'est libérée") ?? false;
  await expect
    .poll(() => sink.received.some((m) => m.to.includes(E2E_USERS.member.email) && isPromotion(m.raw)), {
      timeout: 20_000,
    })
    .toBe(true);
  const mail = sink.received.find((m) => m.to.includes(E2E_USERS.member.email) && isPromotion(m.raw));
  return mailPart(mail?.raw ?? '', 'text/plain') ?? '';
}

test('a promotion mail: give the place back from the mail, then open the event from it', async ({
  browser,
}) => {
  const root = await rootToken(api);
  const event = await newEvent(api, root, {
    max: 1,
    startInHours: 50,
    model: { name: 'Kayak <de> "mer"', description: 'Sortie en baie' },
  });
  const paul = await signInApi(api, PAUL);
  const marie = await signInApi(api, E2E_USERS.member.username);
  const request = { uuid_event: event.uuid_event };
  await call(api, paul.token, 'PUT', '/api/event/subscribe/status', {
    ...request,
    uuid_user: paul.id,
    subscribe: true,
  });
  await call(api, marie.token, 'POST', '/api/event/waiting-list', { ...request, uuid_user: marie.id });
  await call(api, paul.token, 'PUT', '/api/event/subscribe/status', {
    ...request,
    uuid_user: paul.id,
    subscribe: false,
  });

  const text = await promotionText();
  const giveBack = /Rendre ma place : (\S+)/.exec(text)?.[1] ?? '';
  const eventLink = /Voir l'évènement : (\S+)/.exec(text)?.[1] ?? '';
  expect(giveBack).toContain(`${baseURL}/api/answer/${event.uuid_event}.${marie.id}.give_back.`);
  expect(eventLink).toBe(`${baseURL}/event/${event.uuid_event}`);
  expect(text).toContain(`Choisir les emails que vous recevez : ${baseURL}/my-profile?tab=preferences`);

  const context = await browser.newContext({
    baseURL,
    bypassCSP: true,
    viewport: { width: 390, height: 844 },
  });
  const page = await context.newPage();
  await page.goto(giveBack);
  await expect(page.getByRole('heading', { name: 'Rendre ma place' })).toBeVisible();
  await expect(page.getByText('Kayak <de> "mer"', { exact: false })).toBeVisible();
  await expectNoAxeViolations(page);
  for (const width of [390, 1280])
    await screenshotWhole(page, `test-results/screenshots/answer-link-confirm-${width}.png`, width);
  // Opening the link changed nothing: marie still holds the place.
  const held = async () =>
    (
      await call<{ subscribers_with_stuff: Array<{ id: string }> }>(
        api,
        root,
        'GET',
        `/api/event/${event.uuid_event}`,
      )
    ).subscribers_with_stuff.map((s) => s.id);
  expect(await held()).toEqual([marie.id]);

  await page.getByRole('button', { name: 'Confirmer : je rends ma place' }).click();
  await expect(page.getByRole('heading', { name: "C'est noté" })).toBeVisible();
  for (const width of [390, 1280])
    await screenshotWhole(page, `test-results/screenshots/answer-link-done-${width}.png`, width);
  expect(await held()).toEqual([]);
  const declines = await call<Array<{ uuid_user: string }>>(
    api,
    root,
    'GET',
    `/api/event/${event.uuid_event}/declines`,
  );
  expect(declines.map((d) => d.uuid_user)).toEqual([marie.id]);

  const reused = await page.goto(giveBack);
  expect(reused?.status()).toBe(409);
  await expect(page.getByRole('heading', { name: 'Lien déjà utilisé' })).toBeVisible();

  // The event's link, signed out: sign in, then land on the event's sheet.
  await page.goto(eventLink);
  await expect(page).toHaveURL(/\/login$/);
  await page.getByLabel("Nom d'utilisateur ou e-mail").fill(E2E_USERS.member.username);
  await page.getByLabel('Mot de passe', { exact: true }).fill(E2E_PASSWORD);
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await expect(page).toHaveURL(new RegExp(`/\\?week=\\d{4}-\\d{2}-\\d{2}&event=${event.uuid_event}$`));
  const sheet = page.getByRole('dialog', { name: 'Kayak <de> "mer"' });
  await expect(sheet).toBeVisible();
  await expectNoAxeViolations(page);
  for (const width of [390, 1280])
    await screenshotWhole(page, `test-results/screenshots/event-deep-link-${width}.png`, width);
  await page.keyboard.press('Escape');
  await expect(sheet).toBeHidden();
  await expect(page).not.toHaveURL(/event=/);
  await context.close();
});
