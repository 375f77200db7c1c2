import { expect, test } from '@playwright/test';
import ICAL from 'ical.js';
import { newEvent, newMember, rootToken, subscribeApi } from './api';
import { expectNoAxeViolations } from './axe';
import { signIn } from './helpers';
import { screenshotWhole } from './screenshots';

// axe-core is injected as a script, which the app's own policy rightly refuses.
test.use({ bypassCSP: true });

test('my calendar: create the link, copy it, and the URL serves a VCALENDAR with the event; revoked, it is gone', async ({
  page,
  context,
  request,
}) => {
  const root = await rootToken(request);
  const member = await newMember(request, root, `cal${Date.now() % 1_000_000}`);
  const event = await newEvent(request, root, {
    startInHours: 30,
    model: { name: 'Kayak agenda', description: 'Sortie en baie' },
  });
  await subscribeApi(request, member, event.uuid_event);

  await signIn(page, member.username);
  await page.goto('/my-profile');
  await page.getByRole('tab', { name: 'Préférences' }).click();
  const section = page.getByRole('region', { name: 'Mon agenda' });
  await expect(section.getByText("Aucun lien d'agenda n'est actif.")).toBeVisible();
  await section.getByRole('button', { name: "Créer mon lien d'agenda" }).click();

  const field = section.getByLabel('Lien de mon agenda');
  await expect(field).toHaveValue(/\/api\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
  const url = await field.inputValue();
  await expect(section.getByRole('link', { name: "S'abonner dans mon agenda" })).toHaveAttribute(
    'href',
    url.replace(/^https?:\/\//, 'webcal://'),
  );
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await section.getByRole('button', { name: 'Copier' }).click();
  await expect(section.getByText('Lien copié.')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(url);

  // The feed, fetched as a calendar app would: no session, the token in the path is the credential. The
  // e2e server has no PUBLIC_URL, so the URL names localhost: it is asked of the test's server by its path.
  const path = new URL(url).pathname;
  const feed = await request.get(path);
  expect(feed.status()).toBe(200);
  expect(feed.headers()['content-type']).toBe('text/calendar; charset=utf-8');
  const calendar = new ICAL.Component(ICAL.parse(await feed.text()));
  expect(calendar.name).toBe('vcalendar');
  const events = calendar.getAllSubcomponents('vevent').map((vevent) => new ICAL.Event(vevent));
  expect(events.map((e) => e.summary)).toEqual(['Kayak agenda']);
  expect(events[0]?.uid).toBe(`${event.uuid_event}@${new URL(url).host}`);

  // The captures show the section at rest, without the Copy button's focus ring.
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  for (const width of [390, 1280]) {
    await screenshotWhole(page, `test-results/screenshots/calendar-feed-${width}.png`, width);
  }
  await expectNoAxeViolations(page);

  // The URL stays on this device: a reload shows it again.
  await page.reload();
  await page.getByRole('tab', { name: 'Préférences' }).click();
  await expect(section.getByLabel('Lien de mon agenda')).toHaveValue(url);

  // Revoked after the confirmation: the feed answers 404.
  await section.getByRole('button', { name: 'Révoquer' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Révoquer le lien ?' });
  await expect(dialog).toBeVisible();
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: width < 768 ? 844 : 800 });
    await page.screenshot({ path: `test-results/screenshots/calendar-feed-revoke-${width}.png` });
  }
  await expectNoAxeViolations(page);
  await dialog.getByRole('button', { name: 'Révoquer' }).click();
  await expect(section.getByText("Aucun lien d'agenda n'est actif.")).toBeVisible();
  expect((await request.get(path)).status()).toBe(404);
});
