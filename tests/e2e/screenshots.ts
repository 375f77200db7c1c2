import type { Page } from '@playwright/test';

/**
 * The whole page at `width`: the viewport is made as tall as the document, so the fixed bottom navigation
 * sits at the end of the page as on a tall screen instead of being painted over the middle of a fullPage
 * capture.
 */
export async function screenshotWhole(page: Page, path: string, width: number) {
  const height = width < 768 ? 844 : 800;
  await page.setViewportSize({ width, height });
  const documentHeight = await page.evaluate(() => document.documentElement.scrollHeight);
  await page.setViewportSize({ width, height: Math.max(height, documentHeight) });
  await page.screenshot({ path });
  await page.setViewportSize({ width, height });
}

/** The viewport at 390 px (a phone) and at 1280 px (a desktop), saved as `NAME-WIDTH.png`; ends at 390 px. */
export async function shootBothSizes(page: Page, name: string) {
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: width < 768 ? 844 : 800 });
    await page.screenshot({ path: `test-results/screenshots/${name}-${width}.png` });
  }
  await page.setViewportSize({ width: 390, height: 844 });
}
