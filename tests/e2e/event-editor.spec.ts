import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { type Browser, expect, test } from '@playwright/test';
import { mailHeader, mailText, type SmtpSink, startSmtpSink } from '../server/helpers/smtp-sink';
import { type AddressStandIn, startAddressStandIn } from './address-stand-in';
import { call, signInApi, subscribeApi } from './api';
import { expectNoAxeViolations } from './axe';
import { clubDay, eventIn, fillForm, openCreateForm, openEditor, screenshots } from './event-editor-steps';
import { signIn } from './helpers';
import { E2E_PASSWORD, E2E_USERS, type OwnServer, startOwnServer } from './server-process';

/**
 * Own server (port 3115, own data) with a real SMTP sink for the group email, and the French address
 * search stood in by a small local server answering its JSON shape (ADDRESS_SEARCH_URL points at it).
 */
const PORT = 3115;
const baseURL = `http://127.0.0.1:${PORT}`;
const CONTRIBUTOR = 'claire';
const MODEL = 'Kayak de mer';
/** Brest, as the stand-in answers it: [longitude, latitude] like the real service. */
const COORDINATES: [number, number] = [-4.486076, 48.390394];
const OSM_LINK = 'https://www.openstreetmap.org/?mlat=48.390394&mlon=-4.486076#map=17/48.390394/-4.486076';
test.describe.configure({ mode: 'serial', timeout: 60_000 });
// The API calls that set the scenes go to this spec's own server.
test.use({ baseURL });

let server: OwnServer | undefined;
let sink: SmtpSink;
let standIn: AddressStandIn;
const lookups: string[] = [];

test.beforeAll(async () => {
  // Three command-line seeds and a server start, on a busy 2-core machine.
  test.setTimeout(120_000);
  sink = await startSmtpSink();
  standIn = await startAddressStandIn(COORDINATES, 0, lookups);
  server = await startOwnServer(
    PORT,
    { SMTP_URL: sink.url, PUBLIC_URL: baseURL, ADDRESS_SEARCH_URL: standIn.url },
    // A contributor made the operator's way: with a real SMTP sink, an invitation's link is only mailed.
    (env) =>
      execFileSync(
        path.resolve('node_modules/.bin/tsx'),
        [
          'server/cli.ts',
          'create-user',
          '--username',
          CONTRIBUTOR,
          '--email',
          `${CONTRIBUTOR}@example.org`,
          '--role',
          'Contributor',
          '--password',
          E2E_PASSWORD,
        ],
        { env, stdio: 'pipe' },
      ),
  );
});

test.afterAll(async () => {
  await server?.stop();
  await sink.close();
  await standIn.close();
});

async function openContext(browser: Browser, bypassCSP: boolean) {
  // A device far from the club's zone: the form still reads and writes the club's wall-clock times.
  const context = await browser.newContext({
    baseURL,
    bypassCSP,
    locale: 'fr-FR',
    timezoneId: 'America/New_York',
    viewport: { width: 390, height: 844 },
  });
  return { context, page: await context.newPage() };
}

const DAY = clubDay(10);
let contributorToken = '';
let eventUuid = '';

test('a contributor creates an event from a model with two pieces of equipment and 3 places; its map link comes from the address service', async ({
  browser,
  request,
}) => {
  const contributor = await signInApi(request, CONTRIBUTOR);
  contributorToken = contributor.token;
  await call(request, contributorToken, 'POST', '/api/event/model/add', {
    name: MODEL,
    description: 'Sortie en baie',
  });
  for (const name of ['Pagaie', 'Gilet', 'Casque'])
    await call(request, contributorToken, 'POST', '/api/stuff/add', {
      name,
      description: `${name} du club`,
      stock: 6,
      is_infinite: false,
    });

  // The app's own CSP stays on here: the stand-in's origin must be allowed by connect-src.
  const { context, page } = await openContext(browser, false);
  await signIn(page, CONTRIBUTOR);
  const dialog = await openCreateForm(page);
  await dialog.getByRole('button', { name: 'Créer' }).click();
  await expect(dialog.getByText('Champ obligatoire').first()).toBeVisible();
  await fillForm(page, MODEL, DAY, 'Brest');
  // The infinite switch hides the number of places.
  await dialog.getByLabel('Places illimitées').check();
  await expect(dialog.getByLabel('Nombre de places')).toHaveCount(0);
  await dialog.getByLabel('Places illimitées').uncheck();
  await dialog.getByLabel('Nombre de places').fill('3');
  await screenshots(page, 'form-create');
  await dialog.getByRole('button', { name: 'Créer' }).click();
  await expect(page.getByText('Évènement créé')).toBeVisible();
  await expect(dialog).toBeHidden();

  expect(lookups.at(-1)).toBe('1 quai Malbert 29200 Brest');
  const event = await eventIn(request, contributorToken, DAY, 'Brest');
  eventUuid = event.uuid_event;
  expect(event.location).toBe(OSM_LINK);
  expect(event.max_subscribers).toBe(3);
  // Typed on a New York device, kept as the club's (Paris) wall-clock time.
  const parisTime = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Paris', timeStyle: 'short' });
  expect(parisTime.format(new Date(event.start_date))).toBe('10:00');
  expect(event.stuffs_available.map((s) => s.name).sort()).toEqual(['Gilet', 'Pagaie']);
  await context.close();
});

test('the contributor edits it, cancels and reactivates it, and emails its subscribers', async ({
  browser,
  request,
}) => {
  const member = await signInApi(request, E2E_USERS.member.username);
  await subscribeApi(request, member, eventUuid);

  const { context, page } = await openContext(browser, true);
  await signIn(page, CONTRIBUTOR);
  let dialog = await openEditor(page, DAY, eventUuid);
  await expect(dialog.getByRole('link', { name: 'Lien de la carte' })).toHaveAttribute('href', OSM_LINK);
  await expect(dialog.getByLabel('Heure').nth(0)).toHaveValue('10:00');
  await expectNoAxeViolations(page);
  await screenshots(page, 'form-edit');
  await dialog.getByLabel('Nombre de places').fill('5');
  await dialog.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(page.getByText('Évènement mis à jour')).toBeVisible();
  await expect(dialog).toBeHidden();
  expect((await eventIn(request, contributorToken, DAY, 'Brest')).max_subscribers).toBe(5);

  // The group email: sent only with 5 characters in each field, and it arrives.
  dialog = await openEditor(page, DAY, eventUuid);
  await dialog.getByRole('button', { name: 'Email aux inscrits' }).click();
  const mail = page.getByRole('dialog', { name: /Email aux inscrits —/ });
  const send = mail.getByRole('button', { name: 'Envoyer' });
  await mail.getByLabel('Sujet').fill('Sortie du samedi');
  await mail.getByLabel('Message').fill('abc');
  await expect(send).toBeDisabled();
  await mail.getByLabel('Message').fill('Rendez-vous au port a 9 h, avec vos gilets.');
  // Recipients: the registered (the default), the waiting list or both; sent under the organiser's name.
  const recipients = mail.getByRole('group', { name: 'Destinataires' });
  await expect(recipients.getByRole('radio', { name: 'Les inscrits (1)' })).toBeChecked();
  await recipients.getByRole('radio', { name: "La liste d'attente (0)" }).check();
  await expect(mail.getByText('Personne à prévenir pour ce choix.')).toBeVisible();
  await expect(send).toBeDisabled();
  await recipients.getByRole('radio', { name: /Les inscrits et la liste d'attente/ }).check();
  await expect(mail.getByText(`les réponses arrivent à ${CONTRIBUTOR}@example.org`)).toBeVisible();
  await expectNoAxeViolations(page);
  await screenshots(page, 'group-mail');
  await send.click();
  await expect(page.getByText('Email envoyé')).toBeVisible();
  await expect(mail).toBeHidden();
  await expect
    .poll(() => sink.received.find((m) => mailHeader(m.raw, 'subject')?.includes('Sortie du samedi')), {
      timeout: 20_000,
    })
    .toBeTruthy();
  const received = sink.received.find((m) => mailHeader(m.raw, 'subject')?.includes('Sortie du samedi'));
  expect(received?.to).toContain(E2E_USERS.member.email);
  expect(mailText(received?.raw ?? '')).toContain('Rendez-vous au port a 9 h, avec vos gilets.');
  // The organiser (no name in the profile: their username) writes; answers go to them.
  expect(mailHeader(received?.raw ?? '', 'from')).toMatch(new RegExp(`^"?${CONTRIBUTOR}"? <`));
  expect(mailHeader(received?.raw ?? '', 'reply-to')).toBe(`${CONTRIBUTOR}@example.org`);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  // Cancel (asked first, with a word that the member receives), then the cancelled state offers reactivate
  // and delete.
  dialog = await openEditor(page, DAY, eventUuid);
  await dialog.getByRole('button', { name: "Annuler l'évènement" }).click();
  const confirm = page.getByRole('alertdialog', { name: "Annuler l'évènement" });
  await expect(confirm.getByText('1 personne sera prévenue par email et notification.')).toBeVisible();
  await confirm.getByLabel('Message aux participants (facultatif)').fill('Houle de 3 m, on reporte.');
  await confirm.getByRole('button', { name: "Confirmer l'annulation" }).click();
  await expect(page.getByText('Évènement annulé')).toBeVisible();
  expect((await eventIn(request, contributorToken, DAY, 'Brest')).is_cancelled).toBe(true);
  const mailTo = async (subjectStart: string) => {
    const find = () =>
      sink.received.find(
        (m) =>
          m.to.includes(E2E_USERS.member.email) && mailHeader(m.raw, 'subject')?.startsWith(subjectStart),
      );
    await expect.poll(find, { timeout: 20_000 }).toBeTruthy();
    return mailText(find()?.raw ?? '');
  };
  expect(await mailTo('Annulé')).toMatch(/Message de l'organisation :\r?\nHoule de 3 m, on reporte\./);
  dialog = await openEditor(page, DAY, eventUuid);
  await expect(dialog.getByText('Cet évènement a été annulé')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Réactiver' })).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Supprimer' })).toBeVisible();
  await expectNoAxeViolations(page);
  await screenshots(page, 'cancelled');
  await dialog.getByRole('button', { name: 'Réactiver' }).click();
  await expect(page.getByText('Évènement réactivé')).toBeVisible();
  expect((await eventIn(request, contributorToken, DAY, 'Brest')).is_cancelled).toBe(false);
  expect(await mailTo('Rétabli')).toContain('a finalement lieu');
  await context.close();
});

test('with the address service unreachable the event is saved without a map link, and a cancelled event is deleted after confirmation', async ({
  browser,
  request,
}) => {
  await standIn.close();
  const { context, page } = await openContext(browser, true);
  await signIn(page, CONTRIBUTOR);
  const dialog = await openCreateForm(page);
  await fillForm(page, MODEL, DAY, 'Quimper');
  await dialog.getByRole('button', { name: 'Créer' }).click();
  await expect(page.getByText('Adresse introuvable', { exact: false }).first()).toBeVisible();
  await expect(page.getByText('Évènement créé')).toBeVisible();
  const event = await eventIn(request, contributorToken, DAY, 'Quimper');
  expect(event.location).toBe('');

  let editor = await openEditor(page, DAY, event.uuid_event);
  await expect(editor.getByText('Aucun lien de carte')).toBeVisible();
  await editor.getByRole('button', { name: "Annuler l'évènement" }).click();
  const asked = page.getByRole('alertdialog', { name: "Annuler l'évènement" });
  await expect(asked.getByText('Aucune inscription : aucun message ne partira.')).toBeVisible();
  await asked.getByRole('button', { name: "Confirmer l'annulation" }).click();
  await expect(page.getByText('Évènement annulé')).toBeVisible();
  editor = await openEditor(page, DAY, event.uuid_event);
  await editor.getByRole('button', { name: 'Supprimer' }).click();
  const confirm = page.getByRole('alertdialog');
  await expect(confirm).toContainText(`Supprimer l'évènement ${MODEL} du`);
  await confirm.getByRole('button', { name: 'Supprimer' }).click();
  await expect(page.getByText('Évènement supprimé')).toBeVisible();
  await expect(page.locator(`[data-event="${event.uuid_event}"]`)).toHaveCount(0);
  const gone = await request.get(`/api/event/${event.uuid_event}`, {
    headers: { authorization: `Bearer ${contributorToken}` },
  });
  expect(gone.status()).toBe(404);
  await context.close();
  // Back on its port, for afterAll.
  standIn = await startAddressStandIn(COORDINATES, standIn.port, lookups);
});
