import { describe, expect, it } from 'vitest';
import en from '../../../src/common/i18n/later/en.json';
import fr from '../../../src/common/i18n/later/fr.json';
import { OFFLINE_WRITES } from '../../../src/data/core/offline-writes';

// The header's list of refused writes names each one by its kind (`sync.kind.<kind>`): a kind without a name there
// would show the raw key to the member.
describe('every kind of offline write', () => {
  it.each(Object.keys(OFFLINE_WRITES))('%s has a name in French and in English', (kind) => {
    for (const catalogue of [fr, en]) {
      const name = (catalogue.sync.kind as Record<string, string | undefined>)[kind];
      expect(name, kind).toBeTruthy();
    }
  });
});
