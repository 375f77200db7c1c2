import 'fake-indexeddb/auto';
import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import { forgetEarlyReads } from '../../src/data/core/early-read-store';
import { initI18n, loadEnglish } from '../../src/i18n/i18n';

await initI18n('fr');
// The app fetches English only when it is shown; tests switch languages freely, so both are in.
await loadEnglish();

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
