import { clubDayOf, clubDayStart, shiftDay } from '@common/rules/club-time';
import { expect, test } from '@playwright/test';
import { call, newEvent, newMember, rootToken } from './api';
import { expectNoAxeViolations } from './axe';
import { openCreateForm } from './event-editor-steps';
import { showEventRow, signIn } from './helpers';
import { shootBothSizes } from './screenshots';

// axe is injected as a script: the test's pages let it past the CSP.
test.use({ bypassCSP: true });

interface Saved {
  uuid_event: string;
  start_date: string;
  end_date: string;
  title: string | null;
  notes: string | null;
  city: string | null;
  max_subscribers: number;
}

/** A club day `days` from now, `yyyy-mm-dd` in the club's zone. */
const clubDay = (days: number) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Paris' }).format(
    new Date(Date.now() + days * 86_400_000),
  );

// Erwan plans a sea trip at Combrit. The model's last trip gives the place, the places, the equipment and the
// hours; he gives the trip its own title and notes, and the week shows them. He then duplicates it for the
// week after.
test("an organiser's event has its own words, starts from the model's last one, and is duplicated", async ({
  page,
  request,
}) => {
  const root = await rootToken(request);
  const stamp = Date.now() % 1_000_000;
  const erwan = await newMember(request, root, `erwan${stamp}`, 'Contributor');
  const modelName = `Sortie mer ${stamp}`;
  const previous = await newEvent(request, erwan.token, {
    model: { name: modelName, description: 'Sortie en baie, niveau pagaie bleue' },
    stuff: { name: `Kayak de mer ${stamp}`, description: 'Biplace', stock: 6 },
    place: { street: 'Port de Sainte-Marine', city: 'Combrit', zip_code: '29120' },
    max: 12,
    hours: 3,
    // Tomorrow at 10:00 in the club: an hour fixed, so the three hours never run past midnight (a start 26 h
    // from now did when the suite ran after 19:00 in Paris, and the end date followed into the next day).
    start: new Date(
      clubDayStart(shiftDay(clubDayOf(new Date(), 'Europe/Paris'), 1), 'Europe/Paris').getTime() +
        10 * 3_600_000,
    ),
  });

  await signIn(page, erwan.username);
  const form = await openCreateForm(page);
  await form.getByLabel("Modèle d'évènement").selectOption({ label: modelName });
  await expect(form.getByText(/Repris du dernier évènement de ce modèle/)).toBeVisible();
  await expect(form.getByLabel('Ville')).toHaveValue('Combrit');
  await expect(form.getByLabel('Rue')).toHaveValue('Port de Sainte-Marine');
  await expect(form.getByLabel('Nombre de places')).toHaveValue('12');
  await expect(form.getByLabel(`Kayak de mer ${stamp}`, { exact: false })).toBeChecked();
  await expect(form.getByLabel('Titre (facultatif)')).toHaveAttribute('placeholder', modelName);
  const day = clubDay(9);
  await form.getByLabel('Date').nth(0).fill(day);
  // The end follows the start at the last trip's three hours.
  await expect(form.getByLabel('Date').nth(1)).toHaveValue(day);
  await form.getByLabel('Titre (facultatif)').fill('Sortie mer à Combrit');
  await form
    .getByLabel('Notes (facultatif)')
    .fill('Rendez-vous à la cale à 9 h 15.\nCombinaison obligatoire.');
  await expectNoAxeViolations(page);
  await shootBothSizes(page, 'event-form-words');
  await form.getByRole('button', { name: 'Créer' }).click();
  await expect(form).toBeHidden();

  const week = await call<Saved[]>(request, erwan.token, 'GET', `/api/event/from/${day}/to/${day}`);
  const created = week.find((e) => e.title === 'Sortie mer à Combrit');
  expect(created).toMatchObject({
    notes: 'Rendez-vous à la cale à 9 h 15.\nCombinaison obligatoire.',
    city: 'Combrit',
    max_subscribers: 12,
  });
  if (!created) throw new Error('the event was not created');
  expect(Date.parse(created.end_date) - Date.parse(created.start_date)).toBe(3 * 3_600_000);
  const lastStart = new Intl.DateTimeFormat('fr-FR', { timeZone: 'Europe/Paris', timeStyle: 'short' });
  expect(lastStart.format(new Date(created.start_date))).toBe(
    lastStart.format(new Date(previous.start_date)),
  );

  const row = await showEventRow(page, created);
  await expect(row.getByRole('heading', { name: /^Sortie mer à Combrit/ })).toBeVisible();
  await expect(row.getByText(modelName, { exact: true })).toHaveCount(0);
  await expectNoAxeViolations(page);
  await shootBothSizes(page, 'week-event-title');

  await row.getByRole('button', { name: /Modifier/ }).click();
  const editor = page.getByRole('dialog', { name: "Modifier l'évènement" });
  await expect(editor.getByLabel('Titre (facultatif)')).toHaveValue('Sortie mer à Combrit');
  await editor.getByRole('button', { name: 'Dupliquer' }).click();
  const copy = page.getByRole('dialog', { name: 'Nouvel évènement' });
  await expect(copy.getByText(/Copie de l'évènement/)).toBeVisible();
  await expect(copy.getByLabel('Date').nth(0)).toHaveValue(clubDay(16));
  await expect(copy.getByLabel('Notes (facultatif)')).toHaveValue(/Combinaison obligatoire/);
  await expectNoAxeViolations(page);
  await shootBothSizes(page, 'event-form-duplicate');
  await copy.getByRole('button', { name: 'Créer' }).click();
  await expect(copy).toBeHidden();
  const nextWeek = await call<Saved[]>(
    request,
    erwan.token,
    'GET',
    `/api/event/from/${clubDay(16)}/to/${clubDay(16)}`,
  );
  expect(nextWeek.filter((e) => e.title === 'Sortie mer à Combrit')).toHaveLength(1);

  // In English, the same form.
  await page.evaluate(() => localStorage.setItem('lang', 'en'));
  const again = await showEventRow(page, created);
  await again.getByRole('button', { name: /Edit/ }).click();
  const english = page.getByRole('dialog', { name: 'Edit the event' });
  await expect(english.getByLabel('Title (optional)')).toHaveValue('Sortie mer à Combrit');
  await expect(english.getByRole('button', { name: 'Duplicate' })).toBeVisible();
  await expectNoAxeViolations(page);
  await shootBothSizes(page, 'event-form-words-en');
});
