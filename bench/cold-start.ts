// Cold offline start, for bench/offline.ts: a new tab with no network, from navigation to the first event on
// screen, in a signed-in context whose service worker is installed and which is offline already. Timed in
// the page: from navigation start (performance.now()) to the first animation frame where the target is
// visible, as bench/slow-login.ts does (the time Playwright takes to notice it, and the load event its
// page.goto would wait for, are not the page's). Floors, opened the same way: the blank shell — the bare
// stack (bench/floor-page: React, router, Dexie, i18next, one IndexedDB read) under a plain cache-first
// service worker, to its first content — and a precached static document (the logo) from the app's own
// worker (wall clock, to its load). For the app, also the first frame where the event is live (rendered by
// React, not the inert snapshot of the week as last seen, see src/app/week-snapshot.ts). Median of
// COLD_RUNS new tabs each, interleaved.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { startFloorSite } from './bench-sites';
import { reportRow } from './summary';

const COLD_RUNS = 5;
const POLL_MS = 100;

export interface ColdStart {
  app: number[];
  appLive: number[];
  shell: number[];
  document: number[];
}

// Run in each new tab before its scripts (source text: tsx would add helpers the page lacks): each frame
// until both are seen, the time of the first frame where `visible` and where `live` match a visible element.
const WATCHER = (visible: string, live: string) => `(() => {
  const shown = (selector) => [...document.querySelectorAll(selector)].some((el) => {
    const box = el.getBoundingClientRect();
    return box.width > 0 && box.height > 0 && getComputedStyle(el).visibility !== 'hidden';
  });
  const check = () => {
    const now = performance.now();
    if (window.__coldVisible === undefined && shown(${JSON.stringify(visible)})) window.__coldVisible = now;
    if (window.__coldLive === undefined && shown(${JSON.stringify(live)})) window.__coldLive = now;
    if (window.__coldVisible === undefined || window.__coldLive === undefined) requestAnimationFrame(check);
  };
  requestAnimationFrame(check);
})()`;
const APP_ROW = '[data-testid="event-row"]';
const APP_LIVE_ROW = '#root > :not([data-week-snapshot]) [data-testid="event-row"]';
const SHELL_CONTENT = '#root p';

/** In-page times of a new tab's first visible and first live target, from its navigation start. */
async function timeNewTab(
  open: () => Promise<Page>,
  url: string,
): Promise<{ visible: number; live: number }> {
  const tab = await open();
  await tab.goto(url, { waitUntil: 'commit' });
  // Polled from here (waitForFunction's string form is an eval, which the app's CSP refuses); the page
  // records its own times, so how soon this notices changes nothing.
  let times: [number | null, number | null] = [null, null];
  for (let waited = 0; times.includes(null); waited += POLL_MS) {
    if (waited > 30_000) throw new Error(`${url}: nothing visible after 30 s`);
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    times = (await tab.evaluate('[window.__coldVisible ?? null, window.__coldLive ?? null]')) as typeof times;
  }
  await tab.close();
  return { visible: Math.round(times[0] ?? 0), live: Math.round(times[1] ?? 0) };
}

async function loadTime(open: () => Promise<Page>, url: string): Promise<number> {
  const tab = await open();
  const from = Date.now();
  await tab.goto(url, { waitUntil: 'load' });
  const took = Date.now() - from;
  await tab.close();
  return took;
}

export async function measureColdStart(browser: Browser, appContext: BrowserContext): Promise<ColdStart> {
  const floorSite = await startFloorSite();
  const floorContext = await browser.newContext({ locale: 'fr-FR' });
  await floorContext.addInitScript({ content: WATCHER(SHELL_CONTENT, SHELL_CONTENT) });
  await appContext.addInitScript({ content: WATCHER(APP_ROW, APP_LIVE_ROW) });
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
    const measured: ColdStart = { app: [], appLive: [], shell: [], document: [] };
    for (let run = 0; run < COLD_RUNS; run++) {
      const app = await timeNewTab(() => appContext.newPage(), '/');
      measured.app.push(app.visible);
      measured.appLive.push(app.live);
      measured.shell.push((await timeNewTab(() => floorContext.newPage(), floorSite.url)).visible);
      measured.document.push(await loadTime(() => appContext.newPage(), '/logo.svg'));
    }
    return measured;
  } finally {
    await floorContext.close();
    await floorSite.close();
  }
}

const medianOf = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
const spread = (xs: number[]) => `${Math.min(...xs)}–${Math.max(...xs)} ms`;

export function reportColdStart({ app, appLive, shell, document }: ColdStart): void {
  const [appMs, liveMs, shellMs, documentMs] = [
    medianOf(app),
    medianOf(appLive),
    medianOf(shell),
    medianOf(document),
  ];
  console.log(
    `cold offline start, new tab to first event visible (in-page, first frame): median ${appMs} ms (${spread(app)}, ${app.length} tabs)`,
  );
  console.log(
    `  to the first event live (rendered by React; before it, the week as last seen, inert): median ${liveMs} ms (${spread(appLive)})`,
  );
  console.log(
    `  floor: the blank shell (bare stack, plain cache-first worker) to its first content: ${shellMs} ms (${spread(shell)})`,
  );
  console.log(
    `  and a precached static document (the logo) from the app's worker, to its load: ${documentMs} ms (${spread(document)})`,
  );
  reportRow({
    measure: 'cold offline start, new tab → first event visible',
    value: `${appMs} ms (live ${liveMs} ms, ${(liveMs / shellMs).toFixed(2)} ×)`,
    floor: `blank shell (bare stack, cache-first worker) ${shellMs} ms; logo from the app's worker ${documentMs} ms`,
    ratio: appMs / shellMs,
    goal: '≤ 1.5 × blank shell',
    met: appMs <= 1.5 * shellMs,
  });
}
