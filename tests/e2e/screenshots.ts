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
