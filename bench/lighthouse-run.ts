// Runs under the Node 22 that bench/lighthouse-tools.ts provides: one Lighthouse run of one page in a new
// Debian Chromium, printed as one JSON line (score, LCP, TBT, CLS, bytes). bench/lighthouse.ts drives it.
// Usage: lighthouse-run.ts <modules dir> <url> <mobile|desktop> [token]. LH_SAVE=file keeps the report,
// LH_TRACE=file the trace it simulated from (to read which tasks came before the largest paint).
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { CHROMIUM_ARGS, chromiumPath } from '../tests/e2e/chromium';

const [modules, url, preset, token] = process.argv.slice(2);
if (!modules || !url || (preset !== 'mobile' && preset !== 'desktop')) {
  console.error('usage: lighthouse-run.ts <modules dir> <url> <mobile|desktop> [token]');
  process.exit(2);
}

// Loaded from the tools folder, not the project's node_modules (types too: it is no dependency of ours).
type Loaded = Record<string, unknown> & { default: unknown };
const load = (name: string): Promise<Loaded> =>
  import(pathToFileURL(path.join(modules, name)).href) as Promise<Loaded>;

interface Audit {
  numericValue?: number;
}
interface Lhr {
  runtimeError?: { code: string; message: string };
  categories: Record<string, { score: number | null }>;
  audits: Record<string, Audit>;
}
type Lighthouse = (
  url: string,
  flags: Record<string, unknown>,
  config?: unknown,
) => Promise<{ lhr: Lhr } | undefined>;
interface ChromeLauncher {
  launch(options: { chromePath: string; chromeFlags: string[] }): Promise<{
    port: number;
    kill(): Promise<void>;
  }>;
}
interface PuppeteerCore {
  connect(options: { browserURL: string }): Promise<{
    newPage(): Promise<{
      goto(url: string): Promise<unknown>;
      evaluate(fn: (t: string) => unknown, arg: string): Promise<void>;
      close(): Promise<void>;
    }>;
    disconnect(): Promise<void>;
  }>;
}

const lighthouse = (await load('lighthouse/core/index.js')).default as Lighthouse;
const desktopConfig = (await load('lighthouse/core/config/desktop-config.js')).default;
const chromeLauncher = (await load('chrome-launcher/dist/index.js')) as unknown as ChromeLauncher;

const chrome = await chromeLauncher.launch({
  chromePath: chromiumPath(),
  chromeFlags: CHROMIUM_ARGS,
});
try {
  if (token) {
    // A member already signed in on this phone, with nothing of the app cached (a new deploy, a cleared
    // cache): the session is set on the origin through a page that loads no app code, then Lighthouse
    // keeps storage, but the HTTP cache, IndexedDB and service worker are those of a new profile.
    const puppeteer = (await load('puppeteer-core/lib/puppeteer/puppeteer-core.js')).default as PuppeteerCore;
    const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
    const page = await browser.newPage();
    await page.goto(new URL('/robots.txt', url).href);
    // As the app leaves a signed-in member's storage: the token and the user it belongs to.
    await page.evaluate(async (t) => {
      const me = await fetch('/api/user/me', { headers: { Authorization: `Bearer ${t}` } });
      localStorage.setItem('token', t);
      localStorage.setItem('currentUser', JSON.stringify(await me.json()));
    }, token);
    await page.close();
    await browser.disconnect();
  }
  const result = await lighthouse(
    url,
    {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility'],
      disableStorageReset: Boolean(token),
    },
    preset === 'desktop' ? desktopConfig : undefined,
  );
  if (!result) throw new Error('Lighthouse returned no result');
  const { lhr } = result;
  if (process.env.LH_SAVE) (await import('node:fs')).writeFileSync(process.env.LH_SAVE, JSON.stringify(lhr));
  const { artifacts } = result as { artifacts?: { Trace?: unknown } };
  if (process.env.LH_TRACE && artifacts?.Trace)
    (await import('node:fs')).writeFileSync(process.env.LH_TRACE, JSON.stringify(artifacts.Trace));
  const audit = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  console.log(
    JSON.stringify({
      runtimeError: lhr.runtimeError?.code ?? null,
      performance: Math.round((lhr.categories.performance?.score ?? Number.NaN) * 100),
      accessibility: Math.round((lhr.categories.accessibility?.score ?? Number.NaN) * 100),
      lcpMs: audit('largest-contentful-paint'),
      tbtMs: audit('total-blocking-time'),
      cls: audit('cumulative-layout-shift'),
      bytes: audit('total-byte-weight'),
    }),
  );
} finally {
  await chrome.kill();
}
