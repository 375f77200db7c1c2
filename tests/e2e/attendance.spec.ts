import fs from 'node:fs';
import { expect, test } from '@playwright/test';
import { parse } from 'csv-parse/sync';
import { call, newEvent, newMember, rootToken, subscribeApi } from './api';
import { expectNoAxeViolations } from './axe';
import { signIn } from './helpers';
import { screenshotWhole } from './screenshots';
import { E2E_USERS } from './server-process';

test.use({ bypassCSP: true });

// The organiser's phone runs 5 minutes behind the server: what a tick made at the venue with no signal
// and delivered minutes later looks like to the server (device time well before receipt).
const DEVICE_LAG_MS = 5 * 60_000;

test('an organiser ticks offline, comes back, reads "sent offline, received …" and downloads the same list', async ({
  browser,
  request,
}) => {
  const root = await rootToken(request);
  const event = await newEvent(request, root, {
    startInHours: 1,
    stuff: { name: 'Pagaie', description: 'Pagaie double', stock: 10 },
  });
  const stamp = Date.now() % 1_000_000;
  const people = [];
  for (const name of ['lou', 'max', 'ines']) people.push(await newMember(request, root, `${name}${stamp}`));
  for (const person of people) await subscribeApi(request, person, event.uuid_event);
  await call(request, people[0]?.token as string, 'POST', '/api/event/invite', {
    uuid_event: event.uuid_event,
    uuid_user: people[0]?.id,
    first_name: '=Zoé',
    last_name: 'Abri',
    uuid_stuff: event.stuffUuid,
  });

  const context = await browser.newContext({ bypassCSP: true, acceptDownloads: true });
  const page = await context.newPage();
  await page.clock.install({ time: new Date(Date.now() - DEVICE_LAG_MS) });
  await signIn(page, E2E_USERS.superAdmin.username);
  await page.goto(`/checklist/${event.uuid_event}`);
  const rows = page.getByTestId('checklist-row');
  await expect(rows).toHaveCount(4);
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });

  await context.setOffline(true);
  const download = page.getByRole('button', { name: 'Télécharger la liste (CSV)' });
  await expect(download).toBeDisabled();
  await expect(
    page.getByText('Hors connexion : le téléchargement attend le retour du réseau.'),
  ).toBeVisible();
  await rows.filter({ hasText: `lou${stamp}` }).click();
  // On her name: the middle of a row with kit may be its « Remis » or « Rendu » button.
  await rows.filter({ hasText: 'Zoé Abri' }).getByTestId('row-name').click();
  await expect(page.getByTestId('pending-marker')).toHaveCount(2);
  await screenshotWhole(page, 'test-results/screenshots/attendance-offline-390.png', 390);

  await context.setOffline(false);
  await expect(page.getByTestId('pending-marker')).toHaveCount(0, { timeout: 20_000 });
  const notes = page.getByTestId('tick-note');
  await expect(notes).toHaveCount(2);
  const admin = E2E_USERS.superAdmin.username;
  for (const name of [`lou${stamp}`, 'Zoé Abri'])
    await expect(rows.filter({ hasText: name }).getByTestId('tick-note')).toHaveText(
      new RegExp(`^Pointé par ${admin} à \\d\\d:\\d\\d · envoyé hors ligne, reçu à \\d\\d:\\d\\d$`),
    );
  await expectNoAxeViolations(page);
  for (const width of [390, 1280])
    await screenshotWhole(page, `test-results/screenshots/attendance-${width}.png`, width);

  // The screen's lines, as a person reads them: name, equipment, present, and the tick's note.
  const onScreen: Array<{ name: string; stuff: string; isChecked: boolean; status: string; note: string }> =
    [];
  for (const row of await rows.all()) {
    const cells = row.getByRole('cell');
    const note =
      (await row.getByTestId('tick-note').count()) > 0
        ? ((await row.getByTestId('tick-note').textContent()) ?? '')
        : '';
    const name = ((await row.getByTestId('row-name').textContent()) ?? '').trim();
    const isChecked = (await cells.nth(2).getByRole('button').getAttribute('aria-pressed')) === 'true';
    // The status as the select shows it: the words the CSV writes.
    const status = await cells
      .nth(2)
      .getByRole('combobox')
      .evaluate((s: HTMLSelectElement) => s.selectedOptions[0]?.text ?? '');
    onScreen.push({
      name,
      // The kit's names, without its « Remis » and « Rendu » buttons: what the CSV writes, joined.
      stuff: (await cells.nth(1).getByTestId('kit-name').allTextContents()).join(', '),
      isChecked,
      status,
      note,
    });
  }

  const [file] = await Promise.all([page.waitForEvent('download'), download.click()]);
  const text = fs.readFileSync(await file.path(), 'utf8');
  expect(text.charCodeAt(0)).toBe(0xfeff);
  const [header, ...lines] = parse(text, { bom: true, delimiter: ';' }) as string[][];
  expect(header).toEqual([
    'Nom',
    'Type',
    'Équipement',
    'Présent',
    'Statut',
    'Pointé le',
    'Pointé par',
    'Reçu par le serveur le',
  ]);
  expect(lines).toHaveLength(onScreen.length);
  lines.forEach((line, i) => {
    const shown = onScreen[i];
    // A name starting like a formula is neutralised in the file, never on the screen.
    expect(line[0]).toBe(shown?.name.startsWith('=') ? `'${shown.name}` : shown?.name);
    expect(line[2]).toBe(shown?.stuff);
    expect(line[3]).toBe(shown?.isChecked ? 'Oui' : 'Non');
    expect(line[4]).toBe(shown?.status);
    if (shown?.note) {
      const [, by, at] = /^Pointé par (\S+) à (\d\d:\d\d)/.exec(shown.note) ?? [];
      const [, received] = /reçu à (\d\d:\d\d)$/.exec(shown.note) ?? [];
      expect(line[6]).toBe(by);
      expect(line[5]?.endsWith(` ${at}`)).toBe(true);
      expect(line[7]?.endsWith(` ${received}`)).toBe(true);
    } else expect(line.slice(5)).toEqual(['', '', '']);
  });
  await context.close();
});
