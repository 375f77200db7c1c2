import { expect, type Page } from '@playwright/test';

const AXE_SCRIPT = 'node_modules/axe-core/axe.min.js';

/**
 * Runs axe-core on the page as it is and expects no violation (listed by rule and elements when any).
 * The page's context must be created with `bypassCSP: true`: axe is injected as a script, which the app's
 * own policy rightly refuses.
 */
export async function expectNoAxeViolations(page: Page): Promise<void> {
  await page.addScriptTag({ path: AXE_SCRIPT });
  const violations = await page.evaluate(async () => {
    const { axe } = window as unknown as {
      axe: { run(): Promise<{ violations: Array<{ id: string; nodes: Array<{ target: unknown }> }> }> };
    };
    return (await axe.run()).violations.map((v) => ({ rule: v.id, targets: v.nodes.map((n) => n.target) }));
  });
  expect(violations).toEqual([]);
}
