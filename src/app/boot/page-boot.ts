/**
 * index.html's inline script (bundled and inlined by the build, build-plugins/page-boot.ts). It runs as
 * soon as the browser has parsed the page's head, while the bundle is still downloading: it sends the
 * reads the first screen needs (data/core/page-load-plan.ts) and, for a signed-in first visit, asks for the
 * modules that parse their answers. On a phone's network, reads and code then arrive together instead of
 * one after the other; the bundle takes the answers (data/core/early-reads.ts) and sends nothing twice.
 * A cold start of the installed app on its week shows the week as last seen until React has rendered it.
 * The page wears the club's name (title) and accent colour as last cached, before its first paint.
 * It imports only dependency-free modules: every byte here is in every page.
 */
import { wearMirroredBrand } from '../../data/core/club-brand-mirror';
import { sendEarlyRead } from '../../data/core/early-read-store';
import { pageLoadPlan } from '../../data/core/page-load-plan';
import { REQUEST_TIMEOUT_MS } from '../../data/core/request-timeout';
import { TOKEN_KEY } from '../../data/core/session-storage';
import { storedLanguage } from '../../i18n/stored-language';
import { chooseWeekSnapshot, showWeekSnapshot } from './week-snapshot-show';

/** The built chunks of data/users.ts and data/core/sync-engine.ts with their imports, set by the build. */
declare const __PAGE_BOOT_PARSER_MODULES__: readonly string[];
/** The built chunk of data/core/start-settings.ts (checked without zod), apart from the parsers'. */
declare const __PAGE_BOOT_SETTINGS_MODULES__: readonly string[];
/** The URL of the build's entry chunk ('' outside a build): a week snapshot is shown by its own build only. */
declare const __PAGE_BOOT_ENTRY__: string;

// Called by the one-line script after `<div id="root">` (build-plugins/page-boot.ts).
(globalThis as unknown as { __equipeeShowWeekSnapshot: () => void }).__equipeeShowWeekSnapshot = () => {
  try {
    showWeekSnapshot();
  } catch {
    // The live screen comes a moment later anyway.
  }
};

function preloadModule(href: string): void {
  const link = document.createElement('link');
  link.rel = 'modulepreload';
  link.href = href;
  document.head.append(link);
}

const send = (path: string, init: RequestInit) =>
  fetch(path, { ...init, signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });

try {
  wearMirroredBrand();
  const token = localStorage.getItem(TOKEN_KEY);
  const plan = pageLoadPlan(window.location, token);
  const language = storedLanguage();
  for (const read of plan.reads) sendEarlyRead(read.path, read.token, language, send, true);
  // Signed in, the club's start settings are read at once, by their own small reader; the parsers of the
  // other reads (zod and the contract) come at once too, but on the week only after its first paint.
  if (plan.parsers !== 'none') for (const href of __PAGE_BOOT_SETTINGS_MODULES__) preloadModule(href);
  if (plan.parsers === 'at-once') for (const href of __PAGE_BOOT_PARSER_MODULES__) preloadModule(href);
  // A start of the installed app on its week, painted from the cache: the week as last seen is shown at
  // once, before the bundle has even been evaluated (app/boot/week-snapshot-show.ts).
  if (plan.parsers === 'after-first-paint')
    chooseWeekSnapshot(__PAGE_BOOT_ENTRY__, language, window.location.search);
} catch {
  // Storage refused (a locked-down browser): the bundle sends the same reads itself, a little later.
}
