import fs from 'node:fs';
import { clubDayOf } from '@common/rules/club-time';
import { seasonOf } from '@common/rules/member-file-days';
import {
  type APIRequestContext,
  type Browser,
  expect,
  request as playwrightRequest,
  test,
} from '@playwright/test';
import { call, newEvent, newMember, rootToken, subscribeApi } from './api';
import { expectNoAxeViolations } from './axe';
import { signIn } from './helpers';
import { screenshotWhole } from './screenshots';
import { type OwnServer, startOwnServer } from './server-process';

/**
 * The member's file (docs/rules.md#members-file), on a server of its own so that « À régulariser » lists only
 * this scene's members: a model that blocks refuses an incomplete file with the reason in words, the member
 * records a certificate's date in « Mon dossier » and subscribes; the organiser's checklist, with no signal,
 * says « dossier incomplet » beside one name and not the other; the Admin's « À régulariser » and its CSV.
 * At 390 px; « Mon dossier » at 1280 px too, where the profile lays out wider.
 */
const PORT = 3141;
const BASE = `http://127.0.0.1:${PORT}`;
const shots = 'test-results/screenshots';
test.describe.configure({ mode: 'serial', timeout: 150_000 });

let server: OwnServer;
let api: APIRequestContext;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  server = await startOwnServer(PORT);
  api = await playwrightRequest.newContext({ baseURL: BASE });
});

test.afterAll(async () => {
  await api?.dispose();
  await server?.stop();
});

const today = () => clubDayOf(new Date(), 'Europe/Paris');
const daysAgo = (days: number) => clubDayOf(new Date(Date.now() - days * 86_400_000), 'Europe/Paris');

async function phone(browser: Browser, width = 390) {
  // bypassCSP: axe-core is injected as a script, which the app's own policy rightly refuses.
  const context = await browser.newContext({
    baseURL: BASE,
    bypassCSP: true,
    viewport: { width, height: width < 768 ? 844 : 800 },
  });
  return { context, page: await context.newPage() };
}

/** A member with a name and an adult's birth date, as the club would know them. */
async function adult(root: string, username: string, first: string, last: string) {
  const member = await newMember(api, root, username);
  await call(api, member.token, 'PUT', `/api/user/profile/update/${member.id}`, {
    first_name: first,
    last_name: last,
    birth_date: '1991-05-14',
  });
  return member;
}

/** A model that asks for files, and an event of it `inHours` from now. */
async function eventAsking(
  token: string,
  name: string,
  requirements: { licence: boolean; health: boolean },
  enforcement: 'warn' | 'block',
  inHours: number,
) {
  const start = new Date(Date.now() + inHours * 3_600_000);
  const event = await newEvent(api, token, { start, model: { name, description: 'Descente de l’Odet' } });
  const { uuid_model_event } = await call<{ uuid_model_event: string }>(
    api,
    token,
    'GET',
    `/api/event/${event.uuid_event}`,
  );
  await call(api, token, 'POST', '/api/event/model/update', {
    uuid: uuid_model_event,
    name,
    description: 'Descente de l’Odet',
    requirements: { ...requirements, competition: false, savoir_nager: false },
    enforcement,
  });
  return event;
}

test('a model that blocks: the reason in words before subscribing, the certificate recorded, then subscribed', async ({
  browser,
}) => {
  const root = await rootToken(api);
  const coach = await newMember(api, root, 'coachfile', 'Contributor');
  const title = 'Sortie en mer';
  const event = await eventAsking(coach.token, title, { licence: false, health: true }, 'block', 26);
  const lena = await adult(root, 'lenafile', 'Léna', 'Bosser');

  const { context, page } = await phone(browser);
  await signIn(page, lena.username);
  await page.goto(`/event/${event.uuid_event}`);
  const sheet = page.getByRole('dialog', { name: title });
  await expect(sheet).toBeVisible();
  // Before subscribing, the member reads why, in words, and where to fix it; the buttons say it too.
  await expect(sheet.getByText('Il manque les papiers de santé')).toBeVisible();
  await expect(sheet.getByText(/l'inscription sera possible une fois le dossier à jour/)).toBeVisible();
  const subscribe = sheet.getByRole('button', { name: "S'inscrire" });
  await expect(subscribe).toBeDisabled();
  await expectNoAxeViolations(page);
  await screenshotWhole(page, `${shots}/member-file-blocked-390.png`, 390);

  // The server refuses it too, with the reasons: nothing the app hides can be forced.
  const refused = await api.fetch('/api/event/subscribe/status', {
    method: 'PUT',
    headers: { authorization: `Bearer ${lena.token}` },
    data: { uuid_event: event.uuid_event, uuid_user: lena.id, subscribe: true },
  });
  expect(refused.status()).toBe(409);
  expect(await refused.json()).toMatchObject({ code: 'dossier_incomplete', reasons: ['health_missing'] });

  await sheet.getByRole('link', { name: 'Compléter mon dossier' }).click();
  await expect(page).toHaveURL(/\/my-profile\?tab=file$/);
  const file = page.getByRole('tabpanel', { name: 'Mon dossier' });
  await expect(file.getByText('État : Dossier incomplet')).toBeVisible();
  await file.getByRole('button', { name: 'Enregistrer une date : Il manque les papiers de santé' }).click();
  const dialog = page.getByRole('dialog', { name: 'Ajouter un papier de santé' });
  await expect(dialog.getByLabel('Papier')).toHaveValue('caci');
  await dialog.getByLabel('Date').fill(daysAgo(10));
  await expectNoAxeViolations(page);
  await screenshotWhole(page, `${shots}/member-file-record-caci-390.png`, 390);
  await dialog.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(dialog).toBeHidden();
  // « Mon dossier » asks the licence too, which only the club records; the health papers are done.
  await expect(file.getByText('Il manque les papiers de santé')).toBeHidden();
  await expect(file.getByText('Aucune licence enregistrée pour cette saison')).toBeVisible();
  await expect(
    file.getByRole('list', { name: 'Papiers de santé enregistrés' }).getByRole('listitem'),
  ).toContainText('Certificat médical (CACI)');
  await expectNoAxeViolations(page);
  await screenshotWhole(page, `${shots}/member-file-complete-390.png`, 390);
  await screenshotWhole(page, `${shots}/member-file-complete-1280.png`, 1280);
  await page.setViewportSize({ width: 390, height: 844 });

  // Back to the event: the file is complete on its day, and the place is taken.
  await page.goto(`/event/${event.uuid_event}`);
  await expect(sheet.getByText('Il manque les papiers de santé')).toBeHidden();
  await expect(subscribe).toBeEnabled();
  await subscribe.click();
  await expect(sheet.getByText('Vous participez')).toBeVisible();
  const onServer = () =>
    call<{ subscribers_with_stuff: { id: string }[] }>(
      api,
      coach.token,
      'GET',
      `/api/event/${event.uuid_event}`,
    );
  await expect
    .poll(async () => (await onServer()).subscribers_with_stuff.map((s) => s.id))
    .toContain(lena.id);
  await screenshotWhole(page, `${shots}/member-file-subscribed-390.png`, 390);
  await context.close();
});

test('the checklist with no signal: « dossier incomplet » beside one name, none beside the other', async ({
  browser,
}) => {
  const root = await rootToken(api);
  const coach = await newMember(api, root, 'coachvenuefile', 'Contributor');
  const title = 'Descente de rivière';
  // Under warn, both may subscribe; the organiser sees at the venue whose file lacks something.
  const event = await eventAsking(coach.token, title, { licence: true, health: true }, 'warn', 1);
  const anne = await adult(root, 'annefile', 'Anne', 'Kerouédan');
  const yves = await adult(root, 'yvesfile', 'Yves', 'Tanguy');
  await call(api, root, 'PUT', `/api/user/${anne.id}/licence`, {
    number: '0457812',
    federation: 'FFCK',
    type: 'Canoë Pagaies Couleurs',
    season: seasonOf(today(), '09-01'),
  });
  await call(api, anne.token, 'PUT', `/api/user/${anne.id}/health`, {
    items: [{ kind: 'caci', date: daysAgo(30), competition: false }],
  });
  await subscribeApi(api, anne, event.uuid_event);
  const warned = await call<{ warnings?: string[] }>(api, yves.token, 'PUT', '/api/event/subscribe/status', {
    uuid_event: event.uuid_event,
    uuid_user: yves.id,
    subscribe: true,
  });
  expect(warned.warnings).toEqual(['licence_missing', 'health_missing']);

  const { context, page } = await phone(browser);
  await signIn(page, coach.username);
  await page.goto(`/checklist/${event.uuid_event}`);
  const rows = page.getByTestId('checklist-row');
  await expect(rows).toHaveCount(2);
  const rowOf = (name: string) => rows.filter({ hasText: name });
  await expect(rowOf('Yves Tanguy')).toContainText('dossier incomplet : licence, santé');
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });

  // Airplane mode: the page comes back from the phone alone, the badges with it.
  await context.setOffline(true);
  await page.reload();
  await expect(rows).toHaveCount(2);
  await expect(rowOf('Yves Tanguy')).toContainText('dossier incomplet : licence, santé');
  await expect(rowOf('Anne Kerouédan')).not.toContainText('dossier incomplet');
  // No health detail on the organiser's phone: only the status and its reason codes.
  const kept = await page.evaluate(
    (uuid) =>
      new Promise<string>((resolve, reject) => {
        const open = indexedDB.open('equipee');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const read = open.result.transaction('events').objectStore('events').get(uuid);
          read.onsuccess = () => resolve(JSON.stringify(read.result));
          read.onerror = () => reject(read.error);
        };
      }),
    event.uuid_event,
  );
  expect(kept).toContain('"dossier":{"status":"missing","reasons":["licence_missing","health_missing"]}');
  expect(kept).not.toContain('caci');
  expect(kept).not.toContain('0457812');
  // Ticks are never refused for a file: Yves is ticked present, with no signal.
  await rowOf('Yves Tanguy').click();
  await expect(rowOf('Yves Tanguy').getByTestId('pending-marker')).toBeVisible();
  await expectNoAxeViolations(page);
  await screenshotWhole(page, `${shots}/member-file-checklist-offline-390.png`, 390);
  await context.close();
});

test('« À régulariser » lists who needs what, most urgent first, and downloads as a CSV', async ({
  browser,
}) => {
  const root = await rootToken(api);
  const soon = await adult(root, 'loicfile', 'Loïc', 'Jaouen');
  await call(api, root, 'PUT', `/api/user/${soon.id}/licence`, {
    number: '0457813',
    federation: 'FFCK',
    type: 'Canoë Famille',
    season: seasonOf(today(), '09-01'),
  });
  // A certificate that ends within the month: complete, but soon to renew.
  await call(api, soon.token, 'PUT', `/api/user/${soon.id}/health`, {
    items: [{ kind: 'caci', date: daysAgo(350), competition: false }],
  });

  const { context, page } = await phone(browser);
  await signIn(page, 'root');
  await page.goto('/settings/users');
  await page.getByRole('link', { name: 'À régulariser' }).click();
  await expect(page.getByRole('heading', { name: 'À régulariser' })).toBeVisible();
  const list = page.getByRole('list', { name: 'Dossiers à régulariser' });
  const entry = (name: string) => list.getByRole('listitem').filter({ hasText: name });
  await expect(entry('Yves Tanguy')).toContainText('Aucune licence enregistrée pour cette saison');
  await expect(entry('Yves Tanguy')).toContainText('Il manque les papiers de santé');
  await expect(entry('Loïc Jaouen')).toContainText(/Complet jusqu'au/);
  // Complete files are not listed.
  await expect(entry('Anne Kerouédan')).toHaveCount(0);
  // Léna's certificate is recorded; only her licence, which the club records, is left.
  await expect(entry('Léna Bosser')).toContainText('Aucune licence enregistrée pour cette saison');
  await expect(entry('Léna Bosser')).not.toContainText('papiers de santé');
  await expectNoAxeViolations(page);
  await screenshotWhole(page, `${shots}/member-file-to-settle-390.png`, 390);

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Exporter en CSV' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(`dossiers-a-regulariser-${today()}.csv`);
  const csv = fs.readFileSync((await download.path()) ?? '', 'utf8');
  const lines = csv
    .replace(/^\uFEFF/, '')
    .trim()
    .split(/\r?\n/);
  expect(lines[0]).toMatch(/^Nom;Prénom;État/);
  const yvesLine = lines.find((line) => line.includes('Tanguy')) ?? '';
  expect(yvesLine).toContain('Dossier incomplet');
  expect(yvesLine).toContain('Il manque les papiers de santé');
  expect(lines.some((line) => line.includes('Kerouédan'))).toBe(false);
  await context.close();
});
