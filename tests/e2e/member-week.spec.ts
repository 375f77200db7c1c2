import { clubDateTime, clubDayOf, shiftDay, weekStart } from '@common/rules/club-time';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { call, newMember, rootToken, subscribeApi } from './api';
import { expectNoAxeViolations } from './axe';
import { mainNav, signIn } from './helpers';
import { screenshotWhole } from './screenshots';

/**
 * A member's week as a committee tried it (docs/rules.md#events, #subscriptions): it opens at today, its cards
 * show the organiser's notes on a phone, « Déconnexion » is the last tab; leaving an event is one answer,
 * « Je ne viens plus », held on the phone a few seconds with « Annuler » before anything is sent; a cancelled
 * event's sheet says why, names the host's guests nobody could tell, and offers only « Retirer de mon agenda ».
 * The browser's clock is set to a Friday of next week, so the days before it stay above the opening day.
 */
test.use({ bypassCSP: true, viewport: { width: 390, height: 844 } });
test.describe.configure({ timeout: 120_000 });

const ZONE = 'Europe/Paris';
const shots = 'test-results/screenshots';

/** Next week's Monday in the club's zone, and the week's events made by an organiser at 18:00 on `days`. */
async function nextWeekOf(request: APIRequestContext, token: string, stamp: number) {
  const monday = shiftDay(weekStart(clubDayOf(new Date(), ZONE)), 7);
  const make = async (offset: number, name: string, notes?: string) => {
    const model = await call<{ uuid: string }>(request, token, 'POST', '/api/event/model/add', {
      name: `${name} ${stamp}`,
      description: name,
    });
    const start = clubDateTime(shiftDay(monday, offset), '18:00', ZONE);
    const body = {
      uuid_model_event: model.uuid,
      start_date: start.toISOString(),
      end_date: new Date(start.getTime() + 2 * 3_600_000).toISOString(),
      street: '2 quai de l’Odet',
      city: 'Quimper',
      zip_code: '29000',
      max_subscribers: 10,
      ...(notes ? { notes, meeting_point: 'Hangar du club, quai bas' } : {}),
    };
    const saved = await call<{ uuid_event: string; start_date: string }>(
      request,
      token,
      'POST',
      '/api/event/add-or-update',
      body,
    );
    return { ...saved, body: { ...body, uuid_event: saved.uuid_event }, title: `${name} ${stamp}` };
  };
  return { monday, make };
}

async function onServer(request: APIRequestContext, token: string, uuid: string, id: string) {
  const event = await call<{ subscribers_with_stuff: Array<{ id: string }> }>(
    request,
    token,
    'GET',
    `/api/event/${uuid}`,
  );
  return event.subscribers_with_stuff.some((entry) => entry.id === id);
}

/** Whether the element's top is inside the page's scroll box (the page scrolls in <main>, app-layout.tsx). */
const inView = (page: Page, selector: string) =>
  page.locator(selector).evaluate((element) => {
    const box = element.getBoundingClientRect();
    return box.bottom > 0 && box.top < window.innerHeight;
  });

test('the week opens at today with the notes on its cards; « Je ne viens plus » waits for « Annuler »', async ({
  page,
  request,
}) => {
  const root = await rootToken(request);
  const stamp = Date.now() % 1_000_000;
  const coach = await newMember(request, root, `coachweek${stamp}`, 'Contributor');
  const lena = await newMember(request, root, `lenaweek${stamp}`);
  await call(request, lena.token, 'PUT', `/api/user/profile/update/${lena.id}`, {
    first_name: 'Léna',
    last_name: 'Bosser',
  });
  const { monday, make } = await nextWeekOf(request, coach.token, stamp);
  await make(0, 'Bassin lundi');
  await make(1, 'Bassin mardi');
  await make(2, 'Bassin mercredi');
  await make(3, 'Bassin jeudi');
  const friday = await make(4, 'Sortie vendredi', 'Rendez-vous 17 h 45 au hangar, combinaison obligatoire.');
  await subscribeApi(request, lena, friday.uuid_event);

  // Friday morning of next week, on Léna's phone.
  await page.clock.setFixedTime(clubDateTime(shiftDay(monday, 4), '08:30', ZONE));
  await signIn(page, lena.username);
  const fridayHeading = `[data-day="${shiftDay(monday, 4)}"]`;
  await expect(page.locator(fridayHeading)).toBeVisible();
  await expect.poll(() => inView(page, fridayHeading)).toBe(true);
  expect(await inView(page, `[data-day="${monday}"]`)).toBe(false);
  const row = page.locator(`[data-event="${friday.uuid_event}"]`);
  await expect(row).toContainText('Rendez-vous 17 h 45 au hangar');
  // « Déconnexion » is the last tab, never the first.
  const tabs = await mainNav(page).getByRole('link').allTextContents();
  expect(tabs.at(-1)).toContain('Déconnexion');
  expect(tabs[0]).not.toContain('Déconnexion');
  await expectNoAxeViolations(page);
  await page.screenshot({ path: `${shots}/week-opens-at-today-390.png` });

  // One answer while holding a place: « Je ne viens plus », held with « Annuler ».
  await row.getByRole('button', { name: `Détails de ${friday.title}` }).click();
  const sheet = page.getByRole('dialog', { name: friday.title });
  await expect(sheet).toBeVisible();
  // Where to meet, beside the address (the reminder mail and push carry it too).
  await expect(sheet.getByText('Hangar du club, quai bas')).toBeVisible();
  await expect(sheet.getByRole('button', { name: 'Se désinscrire' })).toHaveCount(0);
  await expect(sheet.getByRole('button', { name: 'Je ne viens pas' })).toHaveCount(0);
  await expectNoAxeViolations(page);
  await sheet.getByRole('button', { name: 'Je ne viens plus' }).click();
  const toast = page.getByText('Votre place sera libérée dans quelques secondes');
  await expect(toast).toBeVisible();
  await screenshotWhole(page, `${shots}/leave-held-with-undo-390.png`, 390);
  await page.getByRole('button', { name: 'Annuler' }).click();
  await expect(page.getByText("Annulé : rien n'a été envoyé")).toBeVisible();
  // Well past the hold: nothing was sent, her place is still hers.
  await page.waitForTimeout(7_000);
  expect(await onServer(request, coach.token, friday.uuid_event, lena.id)).toBe(true);

  // Said again and left alone: sent once the hold ends, the place freed and the answer recorded.
  await sheet.getByRole('button', { name: 'Je ne viens plus' }).click();
  await expect(toast).toBeVisible();
  expect(await onServer(request, coach.token, friday.uuid_event, lena.id)).toBe(true);
  await expect
    .poll(() => onServer(request, coach.token, friday.uuid_event, lena.id), { timeout: 20_000 })
    .toBe(false);
  const declines = await call<Array<{ id?: string; uuid_user?: string; username?: string }>>(
    request,
    coach.token,
    'GET',
    `/api/event/${friday.uuid_event}/declines`,
  );
  expect(JSON.stringify(declines)).toContain(lena.username);
});

test('a cancelled event says why, names the guests to tell, and offers only « Retirer de mon agenda »', async ({
  page,
  request,
}) => {
  const root = await rootToken(request);
  const stamp = Date.now() % 1_000_000;
  const coach = await newMember(request, root, `coachcancel${stamp}`, 'Contributor');
  await call(request, coach.token, 'PUT', `/api/user/profile/update/${coach.id}`, {
    first_name: 'Maëlle',
    last_name: 'Kerhervé',
  });
  const anne = await newMember(request, root, `annecancel${stamp}`);
  const { monday, make } = await nextWeekOf(request, coach.token, stamp);
  const trip = await make(2, 'Sortie mer');
  await subscribeApi(request, anne, trip.uuid_event);
  await call(request, anne.token, 'POST', '/api/event/invite', {
    uuid_event: trip.uuid_event,
    uuid_user: anne.id,
    first_name: 'Paul',
    last_name: 'Martin',
  });
  await call(request, coach.token, 'POST', '/api/event/add-or-update', {
    ...trip.body,
    is_cancelled: true,
    cancel_message: 'Vent de force 7 annoncé : on reporte à la semaine prochaine.',
  });

  await page.clock.setFixedTime(clubDateTime(monday, '08:30', ZONE));
  await signIn(page, anne.username);
  const row = page.locator(`[data-event="${trip.uuid_event}"]`);
  await expect(row).toBeVisible();
  await row.getByRole('button', { name: `Détails de ${trip.title}` }).click();
  const sheet = page.getByRole('dialog', { name: trip.title });
  await expect(sheet.getByTestId('cancel-message')).toContainText('Vent de force 7 annoncé');
  await expect(sheet.getByTestId('cancel-message')).toContainText('Maëlle Kerhervé');
  await expect(sheet.getByTestId('untold-guests')).toContainText('Paul Martin');
  // Nothing to answer on a cancelled event: the one action is to take it off the week.
  for (const name of ["S'inscrire", 'Je ne viens plus', 'Je ne viens pas', 'Se désinscrire'])
    await expect(sheet.getByRole('button', { name })).toHaveCount(0);
  await expectNoAxeViolations(page);
  await screenshotWhole(page, `${shots}/cancelled-sheet-390.png`, 390);
  await sheet.getByRole('button', { name: 'Retirer de mon agenda' }).click();
  await expect(sheet).toBeHidden();
  await expect(row).toHaveCount(0);
  // Taken off this phone only: a reload keeps it off.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Accueil' })).toBeVisible();
  await expect(page.locator(`[data-event="${trip.uuid_event}"]`)).toHaveCount(0);
});
