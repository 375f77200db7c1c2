import 'fake-indexeddb/auto';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, beforeEach, vi } from 'vitest';
import { forgetEarlyReads } from '../../src/data/core/early-read-store';
import { initI18n, loadEnglish } from '../../src/i18n/i18n';
import { loadLaterTexts } from '../../src/i18n/later-texts';

// CI runs the client files beside the browser and server suites on 2 cores: a lazy screen's first render
// can take more than Testing Library's default second (CI on 8446506 failed one findByRole at 1,096 ms).
configure({ asyncUtilTimeout: 5_000 });

await initI18n('fr');
// The app fetches English only when it is shown; tests switch languages freely, so both are in.
await loadEnglish();
// Screens outside the first paint get their texts with their route (app/routes.tsx); tests render them directly.
await Promise.all([loadLaterTexts('fr'), loadLaterTexts('en')]);

beforeEach(() => {
  localStorage.clear();
  // A new page: the reads a page load sent (kept on the global object, see early-read-store.ts) are gone.
  forgetEarlyReads();
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

// Some of the app's work waits for the next paint (src/data/core/after-paint.ts: a tick's notice to the live
// queries, for one). A file whose last test ends before that frame would leave it to a one-second fallback
// timer that outlives the test environment ("dispatchEvent is not defined", seen on CI). The file ends one
// frame and one task later instead, so that work runs first, while the environment is still here.
afterAll(async () => {
  vi.useRealTimers();
  await new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
});
