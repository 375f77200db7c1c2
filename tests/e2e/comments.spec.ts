import { type Browser, expect, type Page, test } from '@playwright/test';
import { call, newEvent, newMember, rootToken, subscribeApi } from './api';
import { expectNoAxeViolations } from './axe';
import { showEventRow } from './helpers';
import { shootBothSizes } from './screenshots';
import { E2E_PASSWORD } from './server-process';

/**
 * Talking around an event (docs/rules.md#talking-around-an-event), on the real server in Chromium: two members and
 * their organiser talk under an event's sheet. Gwen asks who brings the trailer (a `<script>` and a link in her
 * text); Yann, with no signal, answers from the thread he read earlier: his message shows « à envoyer » and goes
 * once when the network returns; the organiser answers and may delete anyone's message; Gwen edits hers and sees
 * the count on the week's card. At 390 px, and at 1280 px where the sheet is a centred dialog.
 */
test.use({ bypassCSP: true });
test.describe.configure({ timeout: 120_000 });

interface ServerComment {
  id: string;
  text: string;
  author: { id: string };
}

/** A phone of its own, signed in; `home` is the week's heading in the member's language. */
async function phone(browser: Browser, username: string, home = 'Accueil') {
  const context = await browser.newContext({ bypassCSP: true, viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  await page.goto('/login');
  await page.getByLabel("Nom d'utilisateur ou e-mail").fill(username);
  await page.getByLabel('Mot de passe', { exact: true }).fill(E2E_PASSWORD);
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await expect(page.getByRole('heading', { name: home })).toBeVisible();
  return { context, page };
}

/** The event's sheet, opened from its card, and its thread; its organiser's is the event's form. */
async function openSheet(
  page: Page,
  event: { uuid_event: string; start_date: string },
  title: string,
  asOrganiser = false,
) {
  const row = await showEventRow(page, event);
  await row
    .getByRole('button', { name: asOrganiser ? `Modifier l'évènement ${title}` : `Détails de ${title}` })
    .click();
  const sheet = page.getByRole('dialog', { name: asOrganiser ? "Modifier l'évènement" : title });
  await expect(sheet).toBeVisible();
  const thread = sheet.getByRole('region', { name: 'Discussion' });
  await thread.scrollIntoViewIfNeeded();
  return { row, sheet, thread };
}

test('two members and their organiser talk under an event, one of them offline', async ({
  browser,
  request,
}) => {
  const root = await rootToken(request);
  const stamp = Date.now() % 1_000_000;
  const title = `Sortie Glénan ${stamp}`;
  const coach = await newMember(request, root, `coach${stamp}`, 'Contributor');
  const gwen = await newMember(request, root, `gwen${stamp}`);
  const yann = await newMember(request, root, `yann${stamp}`);
  for (const [who, first] of [
    [coach, 'Maëlle'],
    [gwen, 'Gwen'],
    [yann, 'Yann'],
  ] as const) {
    await call(request, who.token, 'PUT', `/api/user/profile/update/${who.id}`, {
      first_name: first,
      last_name: 'Le Goff',
    });
  }
  const event = await newEvent(request, coach.token, {
    model: { name: title, description: 'Traversée vers les Glénan' },
    startInHours: 30,
    place: { city: 'Concarneau', zip_code: '29900' },
    max: 12,
  });
  for (const member of [gwen, yann]) await subscribeApi(request, member, event.uuid_event);
  const thread = () =>
    call<ServerComment[]>(request, coach.token, 'GET', `/api/event/${event.uuid_event}/comments`);

  // Gwen asks, with markup and a link in her words: shown as text, the https link clickable.
  const gwenPhone = await phone(browser, gwen.username);
  const atGwen = await openSheet(gwenPhone.page, event, title);
  await expect(atGwen.thread.getByText('Pas encore de message')).toBeVisible();
  await expectNoAxeViolations(gwenPhone.page);
  await shootBothSizes(gwenPhone.page, 'comments-empty');
  const question = 'Qui amène la remorque ? <script>alert(1)</script> Le plan : https://example.org/glenan';
  await atGwen.thread.getByLabel('Écrire un message').fill(question);
  await atGwen.thread.getByRole('button', { name: 'Envoyer' }).click();
  const gwenItem = atGwen.thread.getByRole('listitem').filter({ hasText: 'Qui amène la remorque' });
  await expect(gwenItem).toContainText('<script>alert(1)</script>');
  await expect(gwenItem.getByRole('link', { name: 'https://example.org/glenan' })).toHaveAttribute(
    'href',
    'https://example.org/glenan',
  );
  await expect(gwenItem.getByText('à envoyer')).toHaveCount(0, { timeout: 15_000 });
  await expect.poll(async () => (await thread()).length).toBe(1);

  // Yann reads the thread online, then loses the signal and answers from what his phone kept.
  const yannPhone = await phone(browser, yann.username);
  const atYann = await openSheet(yannPhone.page, event, title);
  await expect(atYann.thread.getByText('Qui amène la remorque', { exact: false })).toBeVisible();
  await atYann.sheet.getByRole('button', { name: 'Fermer' }).click();
  await expect(atYann.sheet).toBeHidden();
  await yannPhone.page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await yannPhone.context.setOffline(true);
  await atYann.row.getByRole('button', { name: `Détails de ${title}` }).click();
  await expect(atYann.sheet).toBeVisible();
  await expect(
    atYann.thread.getByText('Hors ligne : voici les messages lus la dernière fois.'),
  ).toBeVisible();
  await expect(atYann.thread.getByText('Qui amène la remorque', { exact: false })).toBeVisible();
  await atYann.thread.getByLabel('Écrire un message').fill('Moi, depuis Quimper, départ 8 h.');
  await atYann.thread.getByRole('button', { name: 'Envoyer' }).click();
  const yannItem = atYann.thread.getByRole('listitem').filter({ hasText: 'Moi, depuis Quimper' });
  await expect(yannItem.getByText('à envoyer')).toBeVisible();
  await expectNoAxeViolations(yannPhone.page);
  await shootBothSizes(yannPhone.page, 'comments-offline-pending');
  expect((await thread()).map((c) => c.text)).not.toContain('Moi, depuis Quimper, départ 8 h.');
  await yannPhone.context.setOffline(false);
  await expect(yannItem.getByText('à envoyer')).toHaveCount(0, { timeout: 20_000 });
  // Posted exactly once, whatever the outbox and the service worker sent.
  await expect
    .poll(async () => (await thread()).filter((c) => c.text === 'Moi, depuis Quimper, départ 8 h.').length)
    .toBe(1);
  await shootBothSizes(yannPhone.page, 'comments-offline-sent');
  // Editing and deleting need the network, and say so.
  await yannPhone.context.setOffline(true);
  await expect(yannItem.getByRole('button', { name: 'Modifier le message de Yann Le Goff' })).toBeDisabled();
  await expect(yannItem.getByText('Il faut du réseau pour modifier ou supprimer un message.')).toBeVisible();
  await yannPhone.context.setOffline(false);

  // The organiser answers, and may delete anyone's message (not edit it).
  const coachPhone = await phone(browser, coach.username);
  const atCoach = await openSheet(coachPhone.page, event, title, true);
  await atCoach.thread.getByLabel('Écrire un message').fill('La remorque part du club à 7 h 30.');
  await atCoach.thread.getByRole('button', { name: 'Envoyer' }).click();
  await expect(atCoach.thread.getByRole('listitem')).toHaveCount(3);
  const gwenAtCoach = atCoach.thread.getByRole('listitem').filter({ hasText: 'Qui amène la remorque' });
  await expect(
    gwenAtCoach.getByRole('button', { name: 'Supprimer le message de Gwen Le Goff' }),
  ).toBeVisible();
  await expect(gwenAtCoach.getByRole('button', { name: /^Modifier/ })).toHaveCount(0);
  await expectNoAxeViolations(coachPhone.page);
  await shootBothSizes(coachPhone.page, 'comments-organiser');

  // « Voir la discussion » in a mail or a push opens the sheet on its thread.
  await atGwen.sheet.getByRole('button', { name: 'Fermer' }).click();
  await gwenPhone.page.goto(`/event/${event.uuid_event}#comments`);
  const linked = gwenPhone.page
    .getByRole('dialog', { name: title })
    .getByRole('region', { name: 'Discussion' });
  await expect(linked.getByRole('listitem')).toHaveCount(3);
  await expect(linked.getByRole('listitem').last()).toBeInViewport();
  await shootBothSizes(gwenPhone.page, 'comments-from-a-mail');
  await gwenPhone.page.getByRole('dialog', { name: title }).getByRole('button', { name: 'Fermer' }).click();

  // Gwen edits hers (marked edited) and her card counts the thread.
  const again = await openSheet(gwenPhone.page, event, title);
  await expect(again.thread.getByRole('listitem')).toHaveCount(3);
  await again.thread
    .getByRole('listitem')
    .filter({ hasText: 'Qui amène la remorque' })
    .getByRole('button', { name: 'Modifier le message de Gwen Le Goff' })
    .click();
  const edit = gwenPhone.page.getByRole('dialog', { name: 'Modifier le message' });
  await edit.getByLabel('Écrire un message').fill('Qui amène la remorque ? Réglé, merci Maëlle !');
  await expectNoAxeViolations(gwenPhone.page);
  await shootBothSizes(gwenPhone.page, 'comments-edit');
  await edit.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(edit).toBeHidden();
  await expect(
    again.thread
      .getByRole('listitem')
      .filter({ hasText: 'Réglé, merci Maëlle' })
      .getByText('modifié', { exact: false }),
  ).toBeVisible();
  await again.sheet.getByRole('button', { name: 'Fermer' }).click();
  await expect(again.row.getByText('3 messages')).toBeVisible();
  await expectNoAxeViolations(gwenPhone.page);
  await shootBothSizes(gwenPhone.page, 'comments-week-card');

  // Yann's week, read again: the count his phone took from the thread stays (a comment moves no week).
  await yannPhone.page.reload();
  await expect((await showEventRow(yannPhone.page, event)).getByText(/^[23] messages$/)).toBeVisible();
  // In English too: Yann switches his language, signs in again and reads the thread.
  await call(request, yann.token, 'PUT', `/api/user/profile/update/${yann.id}`, { language: 'en' });
  await yannPhone.context.close();
  const yannEnglish = await phone(browser, yann.username, 'Home');
  const row = await showEventRow(yannEnglish.page, event);
  await row.getByRole('button', { name: `Details of ${title}` }).click();
  const sheetEn = yannEnglish.page.getByRole('dialog', { name: title });
  const threadEn = sheetEn.getByRole('region', { name: 'Discussion' });
  await expect(threadEn.getByLabel('Write a message')).toBeVisible();
  await expect(threadEn.getByText('edited', { exact: false })).toBeVisible();
  await threadEn.scrollIntoViewIfNeeded();
  await expectNoAxeViolations(yannEnglish.page);
  await shootBothSizes(yannEnglish.page, 'comments-english');
  // The thread read sets the card's count on this new device.
  await sheetEn.getByRole('button', { name: 'Close' }).click();
  await expect(row.getByText('3 messages')).toBeVisible();
  for (const { context } of [gwenPhone, yannEnglish, coachPhone]) await context.close();
});
