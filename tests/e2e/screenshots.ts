import type { Page } from '@playwright/test';
import { expectToastsCoverNoControl, pageOverflow } from './toast-clearance';

/**
 * The whole page at `width`: the viewport is made as tall as the page's content, so that the page's own
 * scroll box shows all of it, with the bottom navigation at the end as on a tall screen.
 */
export async function screenshotWhole(page: Page, path: string, width: number) {
  const height = width < 768 ? 844 : 800;
  await page.setViewportSize({ width, height });
  await page.setViewportSize({ width, height: height + (await pageOverflow(page)) });
  await expectToastsCoverNoControl(page);
  await page.screenshot({ path });
  await page.setViewportSize({ width, height });
}

/**
 * The viewport at 390 px (a phone) and at 1280 px (a desktop), saved as `NAME-WIDTH.png`; ends at 390 px.
 * A toast on screen is checked to cover no control at each size.
 */
export async function shootBothSizes(page: Page, name: string) {
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: width < 768 ? 844 : 800 });
    await expectToastsCoverNoControl(page);
    await page.screenshot({ path: `test-results/screenshots/${name}-${width}.png` });
  }
  await page.setViewportSize({ width: 390, height: 844 });
}
