// Cold offline start, for bench/offline.ts: a new tab with no network, from navigation to the first event on
// screen, in a signed-in context whose service worker is installed and which is offline already. Floors,
// opened the same way: the blank shell — the bare stack (bench/floor-page: React, router, Dexie, i18next,
// one IndexedDB read) under a plain cache-first service worker, to its first content — and a precached
// static document (the logo) from the app's own worker. Median of COLD_RUNS new tabs each, interleaved.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { startFloorSite } from './bench-sites';
import { reportRow } from './summary';

const COLD_RUNS = 5;

export interface ColdStart {
  app: number[];
  shell: number[];
  document: number[];
}

async function timeNewTab(
  open: () => Promise<Page>,
  visit: (tab: Page) => Promise<unknown>,
): Promise<number> {
  const tab = await open();
  const from = Date.now();
  await visit(tab);
  const took = Date.now() - from;
  await tab.close();
  return took;
}

export async function measureColdStart(browser: Browser, appContext: BrowserContext): Promise<ColdStart> {
  const floorSite = await startFloorSite();
  const floorContext = await browser.newContext({ locale: 'fr-FR' });
  try {
    const floorPage = await floorContext.newPage();
    await floorPage.goto(floorSite.url);
    // Source text: tsx would add helpers to a function that the page does not have.
    await floorPage.evaluate(
      `navigator.serviceWorker.register('./sw.js').then(() => navigator.serviceWorker.ready)`,
    );
    await floorPage.reload();
    await floorPage.locator('#root p').waitFor();
    await floorContext.setOffline(true);
    const measured: ColdStart = { app: [], shell: [], document: [] };
    for (let run = 0; run < COLD_RUNS; run++) {
      measured.app.push(
        await timeNewTab(
          () => appContext.newPage(),
          async (tab) => {
            await tab.goto('/');
            await tab.getByTestId('event-row').first().waitFor();
          },
        ),
      );
      measured.shell.push(
        await timeNewTab(
          () => floorContext.newPage(),
          async (tab) => {
            await tab.goto(floorSite.url);
            await tab.locator('#root p').waitFor();
          },
        ),
      );
      measured.document.push(
        await timeNewTab(
          () => appContext.newPage(),
          (tab) => tab.goto('/logo.svg', { waitUntil: 'load' }),
        ),
      );
    }
    return measured;
  } finally {
    await floorContext.close();
    await floorSite.close();
  }
}

const medianOf = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
const spread = (xs: number[]) => `${Math.min(...xs)}–${Math.max(...xs)} ms`;

export function reportColdStart({ app, shell, document }: ColdStart): void {
  const [appMs, shellMs, documentMs] = [medianOf(app), medianOf(shell), medianOf(document)];
  console.log(
    `cold offline start, new tab to first event visible: median ${appMs} ms (${spread(app)}, ${app.length} tabs)`,
  );
  console.log(
    `  floor: the blank shell (bare stack, plain cache-first worker) to its first content: ${shellMs} ms (${spread(shell)})`,
  );
  console.log(
    `  and a precached static document (the logo) from the app's worker: ${documentMs} ms (${spread(document)})`,
  );
  reportRow({
    measure: 'cold offline start, new tab → first event visible',
    value: `${appMs} ms`,
    floor: `blank shell (bare stack, cache-first worker) ${shellMs} ms; logo from the app's worker ${documentMs} ms`,
    ratio: appMs / shellMs,
    goal: '≤ 1.5 × blank shell',
    met: appMs <= 1.5 * shellMs,
  });
}
