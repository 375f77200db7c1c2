import { expect, type Page } from '@playwright/test';

/**
 * No toast shown covers any part of a control the user can see. With a modal dialog open only its controls
 * count (the page behind is inert under the backdrop). A control counts where it is visible: its box cut by
 * the viewport and by every ancestor that clips (a scroll box).
 */
export async function expectToastsCoverNoControl(page: Page) {
  const covered = await page.evaluate(async () => {
    // A resize reaches the page's listeners (the band's room) at the next frames.
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    const toasts = [...document.querySelectorAll('.toasts > *')]
      .map((element) => element.getBoundingClientRect())
      .filter((box) => box.width > 0 && box.height > 0);
    if (toasts.length === 0) return [];
    const modals = [...document.querySelectorAll('dialog')].filter((dialog) => dialog.matches(':modal'));
    const scope: ParentNode = modals.at(-1) ?? document;
    const controls = scope.querySelectorAll(
      'button, a[href], input, select, textarea, summary, [role="button"], [role="switch"], [role="tab"]',
    );
    const hits: string[] = [];
    for (const control of controls) {
      if (control.closest('.toasts') || getComputedStyle(control).visibility === 'hidden') continue;
      const box = control.getBoundingClientRect();
      let [top, bottom, left, right] = [box.top, box.bottom, box.left, box.right];
      [top, bottom, left, right] = [
        Math.max(top, 0),
        Math.min(bottom, innerHeight),
        Math.max(left, 0),
        Math.min(right, innerWidth),
      ];
      for (let ancestor = control.parentElement; ancestor; ancestor = ancestor.parentElement) {
        const style = getComputedStyle(ancestor);
        if (style.overflowX === 'visible' && style.overflowY === 'visible') continue;
        const clip = ancestor.getBoundingClientRect();
        [top, bottom] = [Math.max(top, clip.top), Math.min(bottom, clip.bottom)];
        [left, right] = [Math.max(left, clip.left), Math.min(right, clip.right)];
      }
      if (bottom - top < 1 || right - left < 1) continue;
      const isUnder = toasts.some(
        (t) => t.top < bottom && top < t.bottom && t.left < right && left < t.right,
      );
      if (isUnder) {
        const label = 'labels' in control ? (control.labels as NodeListOf<HTMLLabelElement>)[0] : undefined;
        const name = control.getAttribute('aria-label') ?? label?.textContent ?? control.textContent ?? '';
        hits.push(
          `${control.tagName.toLowerCase()} « ${name.trim().slice(0, 40)} » at ${Math.round(top)}–${Math.round(bottom)} px`,
        );
      }
    }
    return hits;
  });
  expect(covered, 'controls under a toast').toEqual([]);
}

/** How much taller than the viewport the page is: its own scroll box's hidden part, or the document's. */
export async function pageOverflow(page: Page): Promise<number> {
  return page.evaluate(() => {
    const boxes = [document.scrollingElement, ...document.querySelectorAll('.app-main, .login-screen')];
    return Math.max(0, ...boxes.map((box) => (box ? box.scrollHeight - box.clientHeight : 0)));
  });
}
