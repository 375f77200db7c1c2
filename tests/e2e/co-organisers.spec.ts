import { expect, test } from '@playwright/test';
import { call, newEvent, newMember, rootToken, subscribeApi } from './api';
import { expectNoAxeViolations } from './axe';
import { showEventRow, signIn } from './helpers';
import { shootBothSizes } from './screenshots';

// axe is injected as a script: the test's pages let it past the CSP.
// The creator names a co-organiser in the event form; the co-organiser then finds the checklist on the
// event's row and takes attendance.
test('a creator names a co-organiser in the form, who then opens the checklist from the row and ticks', async ({
  browser,
  request,
}) => {
  // Two signed-in contexts, axe and four screenshots: more than 30 s on a loaded CI machine.
  test.slow();
  const root = await rootToken(request);
  const stamp = Date.now() % 1_000_000;
  const creator = await newMember(request, root, `erwan${stamp}`, 'Contributor');
  const coach = await newMember(request, root, `soazig${stamp}`, 'Contributor');
  await call(request, root, 'PUT', `/api/user/profile/update/${coach.id}`, {
    first_name: 'Soazig',
    last_name: 'Kerjean',
  });
  const member = await newMember(request, root, `nolwenn${stamp}`);
  const event = await newEvent(request, creator.token);
  await subscribeApi(request, member, event.uuid_event);

  const creatorSide = await browser.newContext({ bypassCSP: true, viewport: { width: 390, height: 844 } });
  const page = await creatorSide.newPage();
  await signIn(page, creator.username);
  const row = await showEventRow(page, event);
  await row.getByRole('button', { name: /Modifier/ }).click();
  const form = page.getByRole('dialog', { name: "Modifier l'évènement" });
  const field = form.getByRole('group', { name: 'Co-organisateurs' });
  await field.getByRole('checkbox', { name: 'Soazig Kerjean' }).check();
  await field.scrollIntoViewIfNeeded();
  await expectNoAxeViolations(page);
  await shootBothSizes(page, 'event-form-co-organisers');
  await form.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(form).toBeHidden();
  const saved = await call<{ co_organisers: string[] }>(
    request,
    root,
    'GET',
    `/api/event/${event.uuid_event}`,
  );
  expect(saved.co_organisers).toEqual([coach.id]);
  await creatorSide.close();

  const coachSide = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const coachPage = await coachSide.newPage();
  await signIn(coachPage, coach.username);
  const coachRow = await showEventRow(coachPage, event);
  await coachRow.getByRole('link', { name: 'Liste de présence' }).click();
  const tick = coachPage.getByRole('button', { name: `Présence de ${member.username}` });
  await tick.click();
  await expect(tick).toHaveAttribute('aria-pressed', 'true');
  await expect
    .poll(async () => {
      const seen = await call<{ subscribers_with_stuff: Array<{ is_checked: boolean }> }>(
        request,
        creator.token,
        'GET',
        `/api/event/${event.uuid_event}`,
      );
      return seen.subscribers_with_stuff[0]?.is_checked;
    })
    .toBe(true);
  await coachSide.close();
});
