import { expect, type Locator, type Page, test } from '@playwright/test';
import { newEvent, newMember, rootToken } from './api';
import { showEventRow, signIn } from './helpers';
import { shootBothSizes } from './screenshots';
import { expectToastsCoverNoControl } from './toast-clearance';

// A toast never covers a control. The page (or the dialog) scrolls in a box that ends above the toasts, so no
// scroll position and no window size puts a control under one.

/** Scrolls `box` to its top, middle and end, at a phone's and a desktop's size, checking each time. */
async function expectClearEverywhere(page: Page, box: Locator, toast: Locator) {
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: width < 768 ? 844 : 800 });
    for (const share of [0, 0.5, 1]) {
      await box.evaluate((element, part) => {
        element.scrollTop = (element.scrollHeight - element.clientHeight) * part;
      }, share);
      await expectToastsCoverNoControl(page);
    }
    const [boxBounds, toastBounds] = await Promise.all([box.boundingBox(), toast.boundingBox()]);
    expect(boxBounds && toastBounds && boxBounds.y + boxBounds.height <= toastBounds.y).toBe(true);
  }
  // Still up after every check: none of them passed for want of a toast.
  await expect(toast).toBeVisible();
}

/** Listens for `box`'s next `scrollend`; answers a poll of where it came to rest (-1 until it has). */
async function nextScrollEnd(box: Locator): Promise<() => Promise<number>> {
  await box.evaluate((element) => {
    const box = element as HTMLElement & { restedAt?: number };
    box.restedAt = -1;
    box.addEventListener('scrollend', () => (box.restedAt = box.scrollTop), { once: true });
  });
  return () => box.evaluate((element) => (element as HTMLElement & { restedAt?: number }).restedAt ?? -1);
}

async function scrollToEnd(box: Locator) {
  await box.evaluate((element) => {
    element.scrollTop = element.scrollHeight;
  });
}

test('a toast over the profile covers no control, at any scroll, on a phone and on a desktop', async ({
  page,
  request,
}) => {
  const member = await newMember(request, await rootToken(request), `toast${Date.now() % 1_000_000}`);
  await signIn(page, member.username);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/my-profile');
  await page.getByRole('tab', { name: 'Profil' }).click();
  const save = page.getByRole('button', { name: 'Enregistrer' });
  await save.click();
  const toast = page.locator('.toast', { hasText: 'Profil mis à jour.' });
  await expect(toast).toBeVisible();
  // The button just pressed stays in view, above the toast.
  const [saveBox, toastBox] = await Promise.all([save.boundingBox(), toast.boundingBox()]);
  expect(saveBox && toastBox && saveBox.y + saveBox.height <= toastBox.y).toBe(true);
  await expectClearEverywhere(page, page.locator('.app-main'), toast);
  await scrollToEnd(page.locator('.app-main'));
  await shootBothSizes(page, 'toast-profile-end');
});

test('a toast inside the event’s dialog covers none of its controls, at any scroll', async ({
  page,
  request,
}) => {
  const root = await rootToken(request);
  const stamp = Date.now() % 1_000_000;
  const event = await newEvent(request, root, { startInHours: 30, max: 5 });
  const member = await newMember(request, root, `toastdlg${stamp}`);
  await signIn(page, member.username);
  await page.setViewportSize({ width: 390, height: 844 });
  const row = await showEventRow(page, event);
  await row.getByRole('button', { name: /^Détails/ }).click();
  const popup = page.getByRole('dialog');
  await popup.getByRole('button', { name: "S'inscrire" }).click();
  const toast = page.locator('.toast').first();
  await expect(toast).toBeVisible();
  await expectClearEverywhere(page, popup, toast);
  await scrollToEnd(popup);
  await shootBothSizes(page, 'toast-event-dialog-end');
});

test('the page scrolls in its own box: the keys that scroll work from a fresh load, with nothing focused', async ({
  page,
  request,
}) => {
  const member = await newMember(request, await rootToken(request), `keys${Date.now() % 1_000_000}`);
  await signIn(page, member.username);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/my-profile');
  await expect(page.getByRole('heading', { name: 'Mon profil' })).toBeVisible();
  const main = page.locator('.app-main');
  const pageDownEnd = await nextScrollEnd(main);
  await page.keyboard.press('PageDown');
  await expect.poll(pageDownEnd).toBeGreaterThan(300);
  // Chromium drops a key pressed in the instant its smooth scroll ends (seen on a loaded machine, the key
  // reaching `main` and no scroll following): the next key waits for the scroll's end.
  const homeEnd = await nextScrollEnd(main);
  await page.keyboard.press('Home');
  await expect.poll(homeEnd).toBe(0);
  // The document itself never scrolls: the header and the bottom bar stay where they are.
  expect(await page.evaluate(() => document.scrollingElement?.scrollTop)).toBe(0);
});
