import 'fake-indexeddb/auto';
import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import { forgetEarlyReads } from '../../src/data/core/early-read-store';
import { initI18n, loadEnglish } from '../../src/i18n/i18n';
import { loadLaterTexts } from '../../src/i18n/later-texts';

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
