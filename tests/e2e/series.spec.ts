import { type Browser, expect, type Page, test } from '@playwright/test';
import { call, newMember, rootToken } from './api';
import { expectNoAxeViolations } from './axe';
import { signIn } from './helpers';
import { screenshotWhole } from './screenshots';

/**
 * Training series on the global server: an organiser creates Tuesday + Thursday sessions for eight weeks
 * through the form, a member subscribes to the whole series from one session's popup, the organiser cancels
 * "this session and the following" from week 5, the member's week 6 shows it cancelled.
 */
test.describe.configure({ mode: 'serial', timeout: 90_000 });
// axe-core is injected as a script, which the app's own policy rightly refuses.
test.use({ bypassCSP: true });

const ZONE = 'Europe/Paris';
const STAMP = Date.now() % 1_000_000;
const MODEL = `Entraînement ${STAMP}`;

const dayOf = (instant: Date) =>
  new Intl.DateTimeFormat('en-CA', {
    timeZone: ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(instant);
const shift = (day: string, days: number) => {
  const [y = 0, m = 1, d = 1] = day.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
};
/** "mar. 06/01/27", as the preview writes a club day. */
const shown = (day: string) => {
  const noon = new Date(`${day}T12:00:00Z`);
  const weekday = new Intl.DateTimeFormat('fr-FR', { timeZone: 'UTC', weekday: 'short' }).format(noon);
  const date = new Intl.DateTimeFormat('fr-FR', {
    timeZone: 'UTC',
    day: '2-digit',
    month: '2-digit',
    year: '2-digit',
  }).format(noon);
  return `${weekday} ${date}`;
};

// Week 1 is next club week: its Tuesday is never today, so every session is upcoming.
const TODAY = dayOf(new Date());
const THIS_MONDAY = shift(TODAY, -((new Date(`${TODAY}T12:00:00Z`).getUTCDay() + 6) % 7));
const mondayOf = (week: number) => shift(THIS_MONDAY, 7 * week);
const FIRST_TUESDAY = shift(mondayOf(1), 1);
const LAST_THURSDAY = shift(mondayOf(8), 3);

interface Session {
  uuid_event: string;
  start_date: string;
  is_cancelled: boolean;
  uuid_series: string | null;
  model_name: string;
}

let organiser = { username: '', token: '', id: '' };
let member = { username: '', token: '', id: '' };
/** The sessions by week (1–8), Tuesday then Thursday. */
let sessionsOfWeek = new Map<number, Session[]>();

async function sessionsOnServer(request: Parameters<typeof call>[0]): Promise<Session[]> {
  const events = await call<Session[]>(
    request,
    organiser.token,
    'GET',
    `/api/event/from/${FIRST_TUESDAY}/to/${LAST_THURSDAY}`,
  );
  return events
    .filter((e) => e.model_name === MODEL)
    .sort((a, b) => a.start_date.localeCompare(b.start_date));
}

/** Each width; as tall as the open dialog (it scrolls inside the viewport, which a capture would cut). */
async function shoot(page: Page, name: string) {
  for (const width of [390, 1280]) {
    const base = width === 390 ? 844 : 800;
    await page.setViewportSize({ width, height: base });
    const needed = await page.evaluate(() =>
      Math.max(0, ...[...document.querySelectorAll('dialog[open]')].map((d) => d.scrollHeight + 40)),
    );
    await page.setViewportSize({ width, height: Math.max(base, needed) });
    await page.screenshot({ path: `test-results/screenshots/${name}-${width}.png`, animations: 'disabled' });
  }
  await page.setViewportSize({ width: 390, height: 844 });
}

async function signedIn(browser: Browser, username: string) {
  const context = await browser.newContext({ bypassCSP: true, locale: 'fr-FR', timezoneId: ZONE });
  const page = await context.newPage();
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, username);
  return { context, page };
}

const rowOf = (page: Page, session: Session) => page.locator(`[data-event="${session.uuid_event}"]`);

test.beforeAll(async ({ request }) => {
  const root = await rootToken(request);
  organiser = await newMember(request, root, `orga${STAMP}`, 'Contributor');
  member = await newMember(request, root, `serie${STAMP}`);
  await call(request, organiser.token, 'POST', '/api/event/model/add', {
    name: MODEL,
    description: 'Mardi et jeudi, 19:00',
  });
});

test('an organiser creates Tuesday + Thursday sessions for 8 weeks through the form, with the preview', async ({
  browser,
  request,
}) => {
  const { context, page } = await signedIn(browser, organiser.username);
  await page
    .getByRole('navigation', { name: 'Navigation principale' })
    .getByRole('button', { name: 'Évènement' })
    .click();
  const form = page.getByRole('dialog', { name: 'Nouvel évènement' });
  await form.getByLabel("Modèle d'évènement").selectOption({ label: MODEL });
  await form.getByLabel('Date').nth(0).fill(FIRST_TUESDAY);
  await form.getByLabel('Heure').nth(0).fill('19:00');
  await form.getByLabel('Date').nth(1).fill(FIRST_TUESDAY);
  await form.getByLabel('Heure').nth(1).fill('20:30');
  await form.getByLabel('Nombre de places').fill('12');
  await form.getByRole('switch', { name: 'Répéter' }).check();
  // The start's weekday is pressed; Thursday is pressed with the keyboard (arrows, then Space).
  await expect(form.getByRole('button', { name: 'mardi' })).toHaveAttribute('aria-pressed', 'true');
  await form.getByRole('button', { name: 'mardi' }).focus();
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await expect(form.getByRole('button', { name: 'jeudi' })).toBeFocused();
  await page.keyboard.press('Space');
  await expect(form.getByRole('button', { name: 'jeudi' })).toHaveAttribute('aria-pressed', 'true');
  await form.getByLabel('Dernier jour de la série').fill(LAST_THURSDAY);
  await expect(form.getByTestId('series-preview')).toHaveText(
    `16 séances, du ${shown(FIRST_TUESDAY)} au ${shown(LAST_THURSDAY)}`,
  );
  await form.getByRole('switch', { name: 'Répéter' }).scrollIntoViewIfNeeded();
  await expectNoAxeViolations(page);
  await shoot(page, 'series-preview');

  // A day to skip leaves the preview (shot with it), until it is taken back.
  const skips = form.getByRole('group', { name: 'Sauf les dates' });
  const skipped = shift(FIRST_TUESDAY, 14);
  await skips.getByLabel('Date à sauter').fill(skipped);
  await skips.getByRole('button', { name: 'Ajouter' }).click();
  await expect(form.getByTestId('series-preview')).toHaveText(
    `15 séances, du ${shown(FIRST_TUESDAY)} au ${shown(LAST_THURSDAY)} · 1 date sautée`,
  );
  await skips.scrollIntoViewIfNeeded();
  await expectNoAxeViolations(page);
  await shoot(page, 'series-skip');
  await skips.getByRole('button', { name: `Retirer le ${shown(skipped)}` }).click();
  await expect(form.getByTestId('series-preview')).toHaveText(
    `16 séances, du ${shown(FIRST_TUESDAY)} au ${shown(LAST_THURSDAY)}`,
  );

  await form.getByRole('button', { name: 'Créer' }).click();
  await expect(page.getByText('Série créée : 16 séances')).toBeVisible();
  await expect(form).toBeHidden();

  const sessions = await sessionsOnServer(request);
  expect(sessions).toHaveLength(16);
  expect(new Set(sessions.map((s) => s.uuid_series)).size).toBe(1);
  // 19:00 club time every time, whatever clock change falls within the eight weeks.
  const clubTime = new Intl.DateTimeFormat('en-GB', { timeZone: ZONE, timeStyle: 'short' });
  expect(new Set(sessions.map((s) => clubTime.format(new Date(s.start_date))))).toEqual(new Set(['19:00']));
  sessionsOfWeek = new Map(
    [1, 2, 3, 4, 5, 6, 7, 8].map((week) => [week, sessions.slice(2 * (week - 1), 2 * week)]),
  );
  expect(sessionsOfWeek.get(1)?.map((s) => dayOf(new Date(s.start_date)))).toEqual([
    FIRST_TUESDAY,
    shift(FIRST_TUESDAY, 2),
  ]);
  await context.close();
});

test('a member subscribes to the whole series from one session, sees the answer per session and every week marked', async ({
  browser,
}) => {
  const { context, page } = await signedIn(browser, member.username);
  const [tuesday, thursday] = sessionsOfWeek.get(1) ?? [];
  if (!tuesday || !thursday) throw new Error('no sessions');
  await page.goto(`/?week=${mondayOf(1)}`);
  const row = rowOf(page, tuesday);
  await expect(row.getByTestId('series-mark')).toHaveText('Série');
  await row.getByRole('button', { name: `Détails d'${MODEL}` }).click();
  const popup = page.getByRole('dialog', { name: MODEL });
  await expect(popup.getByRole('button', { name: "S'inscrire", exact: true })).toBeVisible();
  // « Quitter la série » only for a member who follows it.
  await expect(popup.getByRole('button', { name: 'Quitter la série' })).toHaveCount(0);
  await popup.getByRole('button', { name: "S'inscrire à toute la série" }).click();
  const answer = popup.getByRole('region', { name: 'Séance par séance' });
  await expect(answer.getByRole('listitem')).toHaveCount(16);
  await expect(answer.getByRole('listitem').first()).toHaveText(`${shown(FIRST_TUESDAY)} — Place réservée`);
  await expect(answer.getByRole('listitem').last()).toHaveText(`${shown(LAST_THURSDAY)} — Place réservée`);
  // Holding a place, the one answer for this session is « Je ne viens plus »; the series can be left.
  await expect(popup.getByRole('button', { name: 'Je ne viens plus' })).toBeVisible();
  await expect(popup.getByRole('button', { name: 'Se désinscrire' })).toHaveCount(0);
  await expect(popup.getByRole('button', { name: 'Quitter la série' })).toBeVisible();
  await expectNoAxeViolations(page);
  await shoot(page, 'series-popup');
  await popup.getByRole('button', { name: 'Fermer' }).click();
  await expect(popup).toBeHidden();

  // Week after week with the arrows: both sessions marked and subscribed.
  for (let week = 1; week <= 8; week++) {
    if (week > 1) await page.getByRole('button', { name: 'Semaine suivante' }).click();
    for (const session of sessionsOfWeek.get(week) ?? []) {
      const sessionRow = rowOf(page, session);
      await expect(sessionRow.getByTestId('series-mark')).toBeVisible();
      await expect(sessionRow.getByText('Place réservée', { exact: true })).toBeVisible();
    }
    if (week === 2) {
      await expectNoAxeViolations(page);
      for (const width of [390, 1280])
        await screenshotWhole(page, `test-results/screenshots/series-week-${width}.png`, width);
    }
  }
  await context.close();
});

test('the organiser cancels "this session and the following" from week 5; the member sees week 6 cancelled', async ({
  browser,
  request,
}) => {
  const [fromSession] = sessionsOfWeek.get(5) ?? [];
  if (!fromSession) throw new Error('no sessions');
  const organiserSide = await signedIn(browser, organiser.username);
  const page = organiserSide.page;
  await page.goto(`/?week=${mondayOf(5)}`);
  await rowOf(page, fromSession)
    .getByRole('button', { name: /Modifier/ })
    .click();
  const form = page.getByRole('dialog', { name: "Modifier l'évènement" });
  const choice = form.getByRole('group', { name: 'Appliquer à' });
  await expect(choice.getByRole('radio', { name: 'Cette séance', exact: true })).toBeChecked();
  await choice.getByRole('radio', { name: 'Cette séance et les suivantes' }).check();
  await choice.scrollIntoViewIfNeeded();
  await expectNoAxeViolations(page);
  await shoot(page, 'series-choice');

  await form.getByRole('button', { name: "Annuler l'évènement" }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Annuler la séance' });
  await expect(confirm.getByRole('button', { name: 'Retour' })).toBeFocused();
  // It starts on the form's own choice.
  await expect(confirm.getByRole('radio', { name: 'Cette séance et les suivantes' })).toBeChecked();
  await confirm
    .getByLabel('Message aux participants (facultatif)')
    .fill('Le bassin ferme pour travaux, reprise en janvier.');
  await expectNoAxeViolations(page);
  await shoot(page, 'series-cancel');
  await confirm.getByRole('button', { name: "Confirmer l'annulation" }).click();
  await expect(page.getByText('Séances annulées')).toBeVisible();
  await expect(form).toBeHidden();
  await expect(rowOf(page, fromSession).getByText('Annulé', { exact: true })).toBeVisible();

  const sessions = await sessionsOnServer(request);
  expect(sessions.map((s) => s.is_cancelled)).toEqual([...Array(8).fill(false), ...Array(8).fill(true)]);
  await organiserSide.context.close();

  const memberSide = await signedIn(browser, member.username);
  await memberSide.page.goto(`/?week=${mondayOf(6)}`);
  for (const session of sessionsOfWeek.get(6) ?? []) {
    const row = rowOf(memberSide.page, session);
    await expect(row.getByText('Annulé', { exact: true })).toBeVisible();
    await expect(row.getByTestId('series-mark')).toBeVisible();
  }
  await memberSide.page.getByRole('button', { name: 'Semaine précédente' }).click();
  await memberSide.page.getByRole('button', { name: 'Semaine précédente' }).click();
  for (const session of sessionsOfWeek.get(4) ?? [])
    await expect(rowOf(memberSide.page, session).getByText('Annulé', { exact: true })).toHaveCount(0);
  await memberSide.context.close();
});
