import { expect, type Page, test } from '@playwright/test';
import { call, newEvent, newMember, rootToken, subscribeApi } from './api';
import { expectNoAxeViolations } from './axe';
import { showEventRow, signIn, waitForHeldMove } from './helpers';
import { shootBothSizes } from './screenshots';

// The member's week: who's coming, equipment asked before a quick booking, "Je ne viens plus", the place in
// line, and the organisers' view, against the real server at 390 and 1280 px.
test.use({ bypassCSP: true });

const shoot = shootBothSizes;

/** Buttons (and radio or check labels) in `scope` smaller than 44 × 44 px (touch targets). */
async function smallTargets(page: Page, scope: string): Promise<string[]> {
  return page.evaluate((selector) => {
    const small: string[] = [];
    const root = document.querySelector(selector) ?? document.body;
    for (const element of root.querySelectorAll<HTMLElement>(
      'button, label:has(input[type="radio"]), label:has(input[type="checkbox"])',
    )) {
      const box = element.getBoundingClientRect();
      if (box.width === 0 || box.height === 0) continue;
      if (box.width < 44 || box.height < 44)
        small.push(
          `${element.textContent?.trim() || element.getAttribute('aria-label')}: ${Math.round(box.width)}×${Math.round(box.height)}`,
        );
    }
    return small;
  }, scope);
}

const toast = (page: Page, text: string) => page.getByRole('status').filter({ hasText: text });

test('a member books with equipment from the card, sees who is coming, then answers "Je ne viens plus"', async ({
  page,
  request,
}) => {
  test.setTimeout(60_000);
  const root = await rootToken(request);
  const stamp = Date.now() % 1_000_000;
  const event = await newEvent(request, root, {
    model: { name: `Rando ${stamp}`, description: 'Balade en rivière' },
    stuff: { name: `Canoë ${stamp}`, description: 'Biplace', stock: 4 },
    start: new Date(Date.now() + 30 * 3_600_000),
    max: 6,
  });
  const anne = await newMember(request, root, `anne${stamp}`);
  await call(request, anne.token, 'PUT', `/api/user/profile/update/${anne.id}`, {
    first_name: 'Anne',
    last_name: 'Le Gall',
  });
  await subscribeApi(request, anne, event.uuid_event);
  await call(request, anne.token, 'POST', '/api/event/invite', {
    uuid_event: event.uuid_event,
    uuid_user: anne.id,
    first_name: 'Lou',
    last_name: 'Le Gall',
  });
  const hidden = await newMember(request, root, `discret${stamp}`);
  await call(request, hidden.token, 'PUT', `/api/user/profile/update/${hidden.id}`, {
    hidden_from_members: true,
  });
  await subscribeApi(request, hidden, event.uuid_event);

  const member = await newMember(request, root, `marc${stamp}`);
  await signIn(page, member.username);
  await page.setViewportSize({ width: 390, height: 844 });
  const row = await showEventRow(page, event);
  await expect(row).toContainText('3/6');

  // The quick "S'inscrire" asks for the equipment first, never booking silently without.
  await row.getByRole('button', { name: "S'inscrire" }).click();
  const ask = page.getByRole('dialog', { name: `Choisir le matériel · Rando ${stamp}` });
  await expect(ask).toBeVisible();
  await expect(ask.getByRole('radio', { name: "J'ai mon propre matériel" })).toBeChecked();
  await expect(ask.getByText('Votre propre matériel')).toBeVisible();
  await expectNoAxeViolations(page);
  await shoot(page, 'quick-subscribe-equipment');
  await ask.getByRole('radio', { name: new RegExp(`Canoë ${stamp}`) }).check();
  await ask.getByRole('button', { name: "Confirmer l'inscription" }).click();
  await expect(ask).toBeHidden();
  // Success is said once the server answered.
  await expect(toast(page, 'Inscription enregistrée.')).toBeVisible();
  await expect(row).toContainText('4/6');
  await expect(row).toContainText('Place réservée');

  await row.getByRole('button', { name: `Détails de Rando ${stamp}` }).click();
  const sheet = page.getByRole('dialog', { name: `Rando ${stamp}` });
  const coming = sheet.getByRole('region', { name: 'Qui vient ? (4)' });
  await expect(coming).toBeVisible();
  const people = coming.getByRole('listitem');
  await expect(people).toHaveCount(3);
  await expect(people.nth(0)).toContainText(`marc${stamp} (vous)`);
  await expect(coming.getByRole('listitem').filter({ hasText: 'Anne Le Gall' })).toContainText('+1');
  await expect(coming.getByRole('listitem').filter({ hasText: 'Un membre' })).toHaveCount(1);
  await expect(coming).not.toContainText(`discret${stamp}`);
  await expect(sheet.getByTestId('my-kit')).toContainText(`Canoë ${stamp}`);
  await expectNoAxeViolations(page);
  expect(await smallTargets(page, 'dialog[open]')).toEqual([]);
  expect(await smallTargets(page, 'main')).toEqual([]);
  await shoot(page, 'whos-coming-member');

  // Holding a place, the one answer is "Je ne viens plus": held a few seconds with « Annuler », then it
  // gives the place back and stays as the member's answer.
  await expect(sheet.getByRole('button', { name: 'Je ne viens pas' })).toHaveCount(0);
  await expect(sheet.getByRole('button', { name: 'Se désinscrire' })).toHaveCount(0);
  await sheet.getByRole('button', { name: 'Je ne viens plus' }).click();
  await waitForHeldMove(page);
  await expect(toast(page, 'Réponse enregistrée : vous ne venez pas')).toBeVisible();
  await expect(sheet.getByTestId('my-answer')).toContainText('Vous ne venez pas');
  await expect(sheet.getByRole('button', { name: 'Retirer ma réponse' })).toBeVisible();
  await expect(row).toContainText('3/6');
  await expect(row).toContainText('Vous ne venez pas');
  await expectNoAxeViolations(page);
  await shoot(page, 'answer-not-coming');
  await sheet.getByRole('button', { name: 'Fermer' }).click();

  // The organiser (an Admin here) sees the hidden member's name and who is not coming.
  const admin = await newMember(request, root, `admin${stamp}`, 'Admin');
  await page.goto('/logout');
  await page.waitForURL(/\/login/);
  await signIn(page, admin.username);
  const adminRow = await showEventRow(page, event);
  await adminRow.getByRole('button', { name: `Détails de Rando ${stamp}` }).click();
  const adminSheet = page.getByRole('dialog', { name: `Rando ${stamp}` });
  await expect(adminSheet.getByRole('region', { name: 'Qui vient ? (3)' })).toContainText(`discret${stamp}`);
  await expect(adminSheet.getByTestId('declined-list')).toContainText(`marc${stamp}`);
  await expectNoAxeViolations(page);
  await shoot(page, 'whos-coming-organiser');
});

test('a member on a full event sees their place in line on the card and in the sheet', async ({
  page,
  request,
}) => {
  const root = await rootToken(request);
  const stamp = Date.now() % 1_000_000;
  const event = await newEvent(request, root, {
    model: { name: `Complet ${stamp}`, description: 'Deux places' },
    start: new Date(Date.now() + 30 * 3_600_000),
    max: 1,
  });
  await subscribeApi(request, await newMember(request, root, `first${stamp}`), event.uuid_event);
  const ahead = await newMember(request, root, `ahead${stamp}`);
  await call(request, ahead.token, 'POST', '/api/event/waiting-list', {
    uuid_event: event.uuid_event,
    uuid_user: ahead.id,
  });
  const member = await newMember(request, root, `line${stamp}`);
  await signIn(page, member.username);
  await page.setViewportSize({ width: 390, height: 844 });
  const row = await showEventRow(page, event);
  await expect(row).toContainText('Complet');
  await row.getByRole('button', { name: "Liste d'attente" }).click();
  await expect(toast(page, "Vous êtes en liste d'attente.")).toBeVisible();
  await expect(row).toContainText("En liste d'attente : 2e");
  await row.getByRole('button', { name: `Détails de Complet ${stamp}` }).click();
  const sheet = page.getByRole('dialog', { name: `Complet ${stamp}` });
  await expect(sheet.getByTestId('my-answer')).toContainText("En liste d'attente : 2e");
  const line = sheet.getByTestId('waiting-list').getByRole('listitem');
  await expect(line).toHaveCount(2);
  await expect(line.nth(0)).toContainText(`1er`);
  await expect(line.nth(0)).toContainText(`ahead${stamp}`);
  await expect(line.nth(1)).toContainText('2e');
  await expect(line.nth(1)).toContainText(`line${stamp} (vous)`);
  await expectNoAxeViolations(page);
  await shoot(page, 'waiting-position');
});

test('the sheet left open while the event is cancelled, or while the member is revoked', async ({
  page,
  request,
}) => {
  test.setTimeout(60_000);
  const root = await rootToken(request);
  const stamp = Date.now() % 1_000_000;
  const event = await newEvent(request, root, {
    model: { name: `Hésite ${stamp}`, description: 'Sortie du soir' },
    start: new Date(Date.now() + 30 * 3_600_000),
    max: 6,
  });
  const member = await newMember(request, root, `hesite${stamp}`);
  await signIn(page, member.username);
  await page.setViewportSize({ width: 390, height: 844 });
  const row = await showEventRow(page, event);
  await row.getByRole('button', { name: `Détails de Hésite ${stamp}` }).click();
  const sheet = page.getByRole('dialog', { name: `Hésite ${stamp}` });
  await expect(sheet.getByRole('button', { name: "S'inscrire" })).toBeVisible();

  // Cancelled by the organiser while the member decides: the booking is refused with the app's words and the
  // reason, and the sheet then says the event is cancelled, offering nothing more.
  const full = await call<Record<string, unknown>>(request, root, 'GET', `/api/event/${event.uuid_event}`);
  await call(request, root, 'POST', '/api/event/add-or-update', {
    uuid_event: event.uuid_event,
    uuid_model_event: full.uuid_model_event,
    start_date: event.start_date,
    end_date: full.end_date,
    city: 'Brest',
    zip_code: '29200',
    max_subscribers: 6,
    is_cancelled: true,
  });
  const subscribe = sheet.getByRole('button', { name: "S'inscrire" });
  // The week may learn of the cancellation first (its refresh), which takes the button away by itself, even
  // between a look and a tap: a tap that finds no button is no tap.
  const tapped = await subscribe.click({ timeout: 5_000 }).then(
    () => true,
    () => false,
  );
  if (tapped) {
    // The refused-changes list names the refusal and its reason until the member dismisses it.
    await expect(page.getByRole('alert', { name: 'Modifications refusées par le serveur' })).toContainText(
      'Cet évènement a été annulé',
    );
  }
  await expect(sheet.getByRole('button', { name: "S'inscrire" })).toHaveCount(0);
  await expect(sheet).toContainText('Cet évènement a été annulé');
  await expectNoAxeViolations(page);
  await shoot(page, 'sheet-cancelled-while-open');
  await sheet.getByRole('button', { name: 'Fermer' }).click();

  // Revoked while the app is open: the next answer from the server ends the session, back to sign-in.
  const other = await newEvent(request, root, {
    model: { name: `Après ${stamp}`, description: 'Sortie' },
    start: new Date(Date.now() + 30 * 3_600_000),
  });
  const otherRow = await showEventRow(page, other);
  await call(request, root, 'PUT', `/api/user/status/${member.id}`, { status: 'Revok', action: true });
  // The week's own refresh may meet the ended session before the tap does, and sign out by itself: then the
  // button is gone before it can be tapped, and the sign-in page below is all there is to see.
  await otherRow
    .getByRole('button', { name: "S'inscrire" })
    .click({ timeout: 5_000 })
    .catch(() => undefined);
  await page.waitForURL(/\/login/);
  await expect(page.getByRole('button', { name: 'Se connecter' })).toBeVisible();
  await shoot(page, 'revoked-while-open');
});

test("in English: who's coming and the member's answer in the sheet", async ({ page, request }) => {
  const root = await rootToken(request);
  const stamp = Date.now() % 1_000_000;
  const event = await newEvent(request, root, {
    model: { name: `Paddle ${stamp}`, description: 'Evening paddle' },
    start: new Date(Date.now() + 30 * 3_600_000),
    max: 6,
  });
  const anne = await newMember(request, root, `anneen${stamp}`);
  await call(request, anne.token, 'PUT', `/api/user/profile/update/${anne.id}`, {
    first_name: 'Anne',
    last_name: 'Le Gall',
  });
  await subscribeApi(request, anne, event.uuid_event);
  const member = await newMember(request, root, `tom${stamp}`);
  await signIn(page, member.username);
  await page.evaluate(() => localStorage.setItem('lang', 'en'));
  await page.setViewportSize({ width: 390, height: 844 });
  const row = await showEventRow(page, event);
  await row.getByRole('button', { name: `Details of Paddle ${stamp}` }).click();
  const sheet = page.getByRole('dialog', { name: `Paddle ${stamp}` });
  await expect(sheet.getByRole('region', { name: "Who's coming? (1)" })).toContainText('Anne Le Gall');
  await expectNoAxeViolations(page);
  await shoot(page, 'whos-coming-member-en');
  await sheet.getByRole('button', { name: "I'm not coming" }).click();
  await expect(toast(page, "Answer saved: you're not coming")).toBeVisible();
  await expect(sheet.getByTestId('my-answer')).toContainText("You're not coming");
  await expect(sheet.getByRole('button', { name: 'Take back my answer' })).toBeVisible();
  await shoot(page, 'answer-not-coming-en');
});
