import { expect, type Page, test } from '@playwright/test';
import { composeMail } from '../../server/mail/compose-mail';
import type { MailBrand } from '../../server/mail/html-layout';
import { renderMail } from '../../server/mail/templates';
import { E2E_BASE_URL } from './server-process';

/**
 * The HTML mails as a mail client shows them, rendered in Chromium at 390 and 1280 px, at 320 px, and in dark
 * mode, with the layout holding a very long event name. The screenshots are looked at before a change to the
 * mails goes in (docs/screenshots keeps a set).
 */
const brand: MailBrand = {
  clubName: 'Club de kayak de la rade de Brest',
  accentColour: '#0f766e',
  logoUrl: `${E2E_BASE_URL}/icons/icon-192.png`,
};
const EVENT = 'Kayak de mer, samedi 05/12/2026 09:30';
/** What every mail knows besides its data: the club's name (subject, text, signature) and the first name greeted. */
const club = { clubName: brand.clubName, firstName: 'Jeanne' };
const LONG =
  'Randonnée côtière de la pointe Saint-Mathieu au phare du Petit Minou par le sentier des douaniers, samedi 05/12/2026 09:30';
const answer = (action: string) => `${E2E_BASE_URL}/api/answer/e.u.${action}.1796000000.signature`;
const eventLink = {
  label: "Voir l'évènement",
  href: `${E2E_BASE_URL}/event/0b7f3c4e-8a51-4a4b-9a2e-3f1f7c9d2e10`,
};
const preferences = {
  label: 'Choisir les emails que vous recevez',
  href: `${E2E_BASE_URL}/my-profile?tab=preferences`,
};

async function show(page: Page, html: string, name: string) {
  await page.setContent(html, { waitUntil: 'load' });
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    await page.screenshot({ path: `test-results/screenshots/mail-${name}-${width}.png`, fullPage: true });
  }
  // Nothing wider than the narrowest phone: no sideways scrolling at 320 px.
  await page.setViewportSize({ width: 320, height: 700 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
  await page.screenshot({ path: `test-results/screenshots/mail-${name}-320.png`, fullPage: true });
}

test('the subscription confirmation, with its answer buttons, light and dark', async ({ page }) => {
  const rendered = renderMail(
    'subscribe_unsubscribe',
    'fr',
    {
      event: EVENT,
      member: 'jeanne',
      isSubscribed: true,
      isCreatorCopy: false,
    },
    club,
  );
  const { html } = await composeMail({
    kind: 'subscribe_unsubscribe',
    language: 'fr',
    ...rendered,
    actions: [{ label: 'Je ne viens pas', href: answer('decline') }, eventLink],
    preferences,
    isSwitchable: true,
    brand,
  });
  await show(page, html, 'subscription');
  await expect(page.getByRole('link', { name: 'Je ne viens pas' })).toHaveAttribute(
    'href',
    answer('decline'),
  );
  await expect(page.getByText('Club de kayak de la rade de Brest', { exact: true })).toBeVisible();
  // Signed by the club, not by the app (docs/rules.md#mails).
  await expect(page.getByText('— Club de kayak de la rade de Brest', { exact: true })).toBeVisible();
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.setViewportSize({ width: 390, height: 800 });
  await page.screenshot({ path: 'test-results/screenshots/mail-subscription-dark-390.png', fullPage: true });
});

test('the promotion, with a very long event name', async ({ page }) => {
  const rendered = renderMail('waiting_list_promotion', 'fr', { event: LONG, stuff: 'Pagaie carbone' }, club);
  const { html } = await composeMail({
    kind: 'waiting_list_promotion',
    language: 'fr',
    ...rendered,
    actions: [{ label: 'Rendre ma place', href: answer('give_back') }, eventLink],
    preferences,
    isSwitchable: false,
    brand: { ...brand, accentColour: '#facc15' }, // a light colour: the header's text turns dark
  });
  await show(page, html, 'promotion-long');
});

test('the invitation (its link as the button, no preferences) and a reminder in English', async ({
  page,
}) => {
  const invitation = renderMail(
    'user_invitation',
    'fr',
    {
      username: 'jeanne',
      link: `${E2E_BASE_URL}/confirm/abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQ`,
      byWhom: 'Gwen Le Bihan',
    },
    club,
  );
  const invited = await composeMail({
    kind: 'user_invitation',
    language: 'fr',
    ...invitation,
    actions: [],
    isSwitchable: false,
    brand,
  });
  await show(page, invited.html, 'invitation');
  await expect(page.getByRole('link', { name: 'Choisir mon mot de passe' })).toBeVisible();

  const reminder = renderMail(
    'event_reminder',
    'en',
    { event: 'Sea kayak, Saturday 05/12/2026 09:30' },
    club,
  );
  const reminded = await composeMail({
    kind: 'event_reminder',
    language: 'en',
    ...reminder,
    actions: [
      { label: "I'm not coming", href: answer('decline') },
      { ...eventLink, label: 'See the event' },
    ],
    preferences: { ...preferences, label: 'Choose the emails you get' },
    isSwitchable: true,
    brand,
  });
  await show(page, reminded.html, 'reminder-en');
});

test("a series cancellation carrying the organiser's message", async ({ page }) => {
  const rendered = renderMail(
    'series_cancellation',
    'fr',
    {
      event: 'Entraînement du mardi',
      sessions: ['mardi 01/12/2026 18:30', 'mardi 08/12/2026 18:30', 'mardi 15/12/2026 18:30'],
      message: 'Le bassin est fermé pour travaux jusqu’à Noël. Reprise le 5 janvier, même heure.',
    },
    club,
  );
  const { html } = await composeMail({
    kind: 'series_cancellation',
    language: 'fr',
    ...rendered,
    actions: [eventLink],
    preferences,
    isSwitchable: true,
    brand,
  });
  await show(page, html, 'series-cancellation');
  await expect(page.getByText('Le bassin est fermé pour travaux')).toBeVisible();
  await expect(page.getByText('mardi 15/12/2026 18:30')).toBeVisible();
});

test('the family mails: a guardian linked, a child added twice, coming of age; the text part says the same', async ({
  page,
}) => {
  const mails = [
    {
      kind: 'guardian_linked' as const,
      data: { name: 'Yann', child: 'Lou Le Bihan', byWhom: 'Gwen Le Bihan' },
      says: 'Gwen Le Bihan vous a indiqué comme responsable de Lou Le Bihan',
    },
    {
      kind: 'child_duplicate' as const,
      data: { child: 'Lou Le Bihan', birthDate: '2017-05-01', byWhom: 'Yann Le Bihan' },
      says: 'Yann Le Bihan a voulu ajouter Lou Le Bihan (date de naissance : 01/05/2017)',
    },
    {
      kind: 'came_of_age' as const,
      data: { name: 'Lou' },
      says: 'vos responsables ne peuvent plus répondre ni agir à votre place',
    },
  ];
  for (const mail of mails) {
    const rendered = renderMail(mail.kind, 'fr', mail.data as never, club);
    const { html, text } = await composeMail({
      kind: mail.kind,
      language: 'fr',
      ...rendered,
      actions: [],
      preferences,
      isSwitchable: false,
      brand,
    });
    expect(text).toContain(mail.says);
    await show(page, html, mail.kind.replaceAll('_', '-'));
    await expect(page.getByText(mail.says)).toBeVisible();
  }
});

test("a thread's hourly mail (text as typed, a `<script>` shown as text) and an organiser's digest, in French and English", async ({
  page,
}) => {
  const thread = { ...eventLink, label: 'Voir la discussion', href: `${eventLink.href}#comments` };
  const comments = renderMail(
    'event_comments',
    'fr',
    {
      event: EVENT,
      comments: [
        {
          author: 'Gwen Le Bihan',
          forChild: 'Lou Le Bihan',
          when: 'vendredi 04/12/2026 18:02',
          text: 'Qui amène la remorque ? <script>alert(1)</script>\nLe plan : https://example.org/glenan',
        },
        {
          author: 'Un membre',
          forChild: null,
          when: 'vendredi 04/12/2026 18:10',
          text: 'Moi, depuis Quimper.',
        },
      ],
    },
    club,
  );
  const commentMail = await composeMail({
    kind: 'event_comments',
    language: 'fr',
    ...comments,
    actions: [thread],
    preferences,
    isSwitchable: true,
    brand,
  });
  expect(commentMail.html).not.toContain('<script>alert(1)</script>');
  await show(page, commentMail.html, 'event-comments');
  await expect(page.getByText('Gwen Le Bihan, pour Lou Le Bihan — vendredi 04/12/2026 18:02')).toBeVisible();
  await expect(page.getByText('> Qui amène la remorque ? <script>alert(1)</script>')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Voir la discussion' })).toHaveAttribute('href', thread.href);

  for (const language of ['fr', 'en'] as const) {
    const digest = renderMail(
      'organiser_digest',
      language,
      {
        events: [
          {
            event: EVENT,
            joined: ['Brieuc Morvan', 'Corentin Morvan'],
            left: ['Anaïs Morvan'],
            waiting: ['Dewi Morvan'],
            placesLeft: 0,
          },
          { event: LONG, joined: ['Enora Morvan'], left: [], waiting: [], placesLeft: 7 },
        ],
      },
      club,
    );
    const { html } = await composeMail({
      kind: 'organiser_digest',
      language,
      ...digest,
      actions: [],
      preferences,
      isSwitchable: true,
      brand,
    });
    await show(page, html, `organiser-digest-${language}`);
    await expect(
      page.getByText(
        language === 'fr'
          ? 'Nouvelles inscriptions : Brieuc Morvan, Corentin Morvan'
          : 'Joined: Brieuc Morvan, Corentin Morvan',
      ),
    ).toBeVisible();
  }
});

test('the reminder and the promotion list the kit (docs/rules.md#kit), in the text part as in the HTML', async ({
  page,
}) => {
  const kit = ['Kayak mono K1', 'Pagaie double', 'Gilet M'];
  // The address with its map link and the organiser's notes (docs/rules.md#reminders), and both answers.
  const map = `https://www.openstreetmap.org/search?query=${encodeURIComponent('12 quai de la Douane, 29200 Brest')}`;
  const details = {
    address: '12 quai de la Douane, 29200 Brest',
    mapUrl: map,
    meetingPoint: 'La cale',
    notes: 'Rendez-vous à la cale à 9 h.',
  };
  const reminder = renderMail('event_reminder', 'fr', { event: EVENT, kit, details }, club);
  const reminded = await composeMail({
    kind: 'event_reminder',
    language: 'fr',
    ...reminder,
    actions: [
      { label: 'Je viens', href: answer('come') },
      { label: 'Je ne viens pas', href: answer('decline') },
      eventLink,
    ],
    preferences,
    isSwitchable: true,
    brand,
  });
  await show(page, reminded.html, 'reminder-kit');
  await expect(page.getByRole('link', { name: map })).toHaveAttribute('href', map);
  for (const item of kit) {
    await expect(page.getByText(item, { exact: false })).toBeVisible();
    expect(reminder.text).toContain(item);
  }

  const promotion = renderMail(
    'waiting_list_promotion',
    'fr',
    {
      event: EVENT,
      stuff: 'Kayak mono K1',
      kit: ['Kayak mono K1'],
      missing: ['Gilet M'],
    },
    club,
  );
  const promoted = await composeMail({
    kind: 'waiting_list_promotion',
    language: 'fr',
    ...promotion,
    actions: [{ label: 'Rendre ma place', href: answer('give_back') }, eventLink],
    preferences,
    isSwitchable: false,
    brand,
  });
  await show(page, promoted.html, 'promotion-kit');
  await expect(page.getByText('Gilet M', { exact: false })).toBeVisible();
  expect(promotion.text).toContain('Gilet M');
});
