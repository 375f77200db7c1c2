import { expect, test } from '@playwright/test';
import { composeMail } from '../../server/mail/compose-mail';
import { renderMail } from '../../server/mail/templates';
import { call, newEvent, newMember, rootToken, subscribeApi } from './api';
import { expectNoAxeViolations } from './axe';
import { showEventRow, signIn } from './helpers';
import { screenshotWhole, shootBothSizes } from './screenshots';
import { E2E_BASE_URL } from './server-process';

// axe is injected as a script: the test's pages let it past the CSP.
test.use({ bypassCSP: true });

test('cancelling asks first, says who is told and sends the organiser’s word with it', async ({
  page,
  request,
}) => {
  const root = await rootToken(request);
  const stamp = Date.now() % 1_000_000;
  const creator = await newMember(request, root, `erwan${stamp}`, 'Contributor');
  const event = await newEvent(request, creator.token, { max: 1 });
  for (const name of ['nolwenn', 'gael']) {
    const member = await newMember(request, root, `${name}${stamp}`);
    if (name === 'nolwenn') await subscribeApi(request, member, event.uuid_event);
    else
      await call(request, member.token, 'POST', '/api/event/waiting-list', {
        uuid_event: event.uuid_event,
        uuid_user: member.id,
      });
  }

  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, creator.username);
  const row = await showEventRow(page, event);
  await row.getByRole('button', { name: /Modifier/ }).click();
  await page.getByRole('button', { name: "Annuler l'évènement" }).click();
  const confirm = page.getByRole('alertdialog', { name: "Annuler l'évènement" });
  await expect(confirm.getByText(/^2 personnes seront prévenues/)).toBeVisible();
  await expect(confirm.getByRole('button', { name: 'Retour' })).toBeFocused();
  await confirm
    .getByLabel('Message aux participants (facultatif)')
    .fill('Vent de force 7 annoncé : on se retrouve samedi prochain.');
  await expectNoAxeViolations(page);
  await shootBothSizes(page, 'cancel-confirmation');

  // "Retour" first: nothing is cancelled.
  await confirm.getByRole('button', { name: 'Retour' }).click();
  await expect(confirm).toBeHidden();
  const still = await call<{ is_cancelled: boolean }>(request, root, 'GET', `/api/event/${event.uuid_event}`);
  expect(still.is_cancelled).toBe(false);

  await page.getByRole('button', { name: "Annuler l'évènement" }).click();
  await confirm.getByLabel('Message aux participants (facultatif)').fill('Vent de force 7 <b>annoncé</b>.');
  await confirm.getByRole('button', { name: "Confirmer l'annulation" }).click();
  await expect(page.getByText('Évènement annulé', { exact: false }).first()).toBeVisible();
  const cancelled = await call<{ is_cancelled: boolean }>(
    request,
    root,
    'GET',
    `/api/event/${event.uuid_event}`,
  );
  expect(cancelled.is_cancelled).toBe(true);
});

test('the cancellation mail with a message, as a mail client shows it (HTML part, HTML in the message escaped)', async ({
  page,
}) => {
  const { subject, text } = renderMail(
    'event_cancellation',
    'fr',
    {
      event: 'Kayak de mer du samedi 28 novembre à 10:00',
      message:
        'Vent de force 7 <b>annoncé</b> : on se retrouve samedi prochain.\nPensez à prévenir vos invités.',
    },
    { clubName: 'Kayak Club de l’Odet', firstName: 'Léna' },
  );
  const { html } = await composeMail({
    kind: 'event_cancellation',
    language: 'fr',
    subject,
    text,
    actions: [
      { label: 'Voir dans Équipée', href: `${E2E_BASE_URL}/event/0b7f3c4e-8a51-4a4b-9a2e-3f1f7c9d2e10` },
    ],
    preferences: {
      label: 'Choisir les emails que vous recevez',
      href: `${E2E_BASE_URL}/my-profile?tab=preferences`,
    },
    isSwitchable: true,
    brand: {
      clubName: 'Club de kayak de la rade de Brest',
      accentColour: '#0f766e',
      logoUrl: `${E2E_BASE_URL}/icons/icon-192.png`,
    },
  });
  await page.setContent(html, { waitUntil: 'load' });
  await expect(page.getByText("Message de l'organisation :")).toBeVisible();
  await expect(page.getByText('Vent de force 7 <b>annoncé</b>', { exact: false })).toBeVisible();
  expect(await page.locator('b', { hasText: 'annoncé' }).count()).toBe(0);
  await expectNoAxeViolations(page);
  for (const width of [390, 1280])
    await screenshotWhole(page, `test-results/screenshots/cancellation-email-${width}.png`, width);
});

test('the cancel dialog reads the event again: a member who subscribed while the week was open is counted, and the box for a word is there', async ({
  page,
  request,
}) => {
  const root = await rootToken(request);
  const stamp = Date.now() % 1_000_000;
  const creator = await newMember(request, root, `yann${stamp}`, 'Contributor');
  const event = await newEvent(request, creator.token, { max: 5 });
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, creator.username);
  const row = await showEventRow(page, event);
  // The week is on screen with nobody in; a member subscribes from their own phone meanwhile.
  const latecomer = await newMember(request, root, `anna${stamp}`);
  await subscribeApi(request, latecomer, event.uuid_event);
  await row.getByRole('button', { name: /Modifier/ }).click();
  await page.getByRole('button', { name: "Annuler l'évènement" }).click();
  const confirm = page.getByRole('alertdialog', { name: "Annuler l'évènement" });
  await expect(confirm.getByText(/^1 personne sera prévenue/)).toBeVisible();
  await expect(confirm.getByLabel('Message aux participants (facultatif)')).toBeVisible();
  await screenshotWhole(page, 'test-results/screenshots/cancel-fresh-count-390.png', 390);
  await expectNoAxeViolations(page);
  await confirm.getByLabel('Message aux participants (facultatif)').fill('Annulé : plus de bateau.');
  await confirm.getByRole('button', { name: "Confirmer l'annulation" }).click();
  await expect(confirm).toHaveCount(0);
  await expect
    .poll(
      async () =>
        (
          await call<{ is_cancelled: boolean }>(
            request,
            creator.token,
            'GET',
            `/api/event/${event.uuid_event}`,
          )
        ).is_cancelled,
    )
    .toBe(true);
});
