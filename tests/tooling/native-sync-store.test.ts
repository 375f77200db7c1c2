import { createRequire } from 'node:module';
import { useSyncExternalStore } from 'react';
import { describe, expect, it } from 'vitest';
import { nativeSyncStore } from '../../build-plugins/native-sync-store';
import * as standIn from '../../build-plugins/react-sync-external-store';

// The build resolves react-i18next's `use-sync-external-store/shim` to React's own hook (native-sync-store.ts).
describe('the shim resolved to React', () => {
  const [alias] = nativeSyncStore;
  const matches = (name: string) => alias?.find instanceof RegExp && alias.find.test(name);

  it('takes the shim that react-i18next imports, and no other entry of the package', () => {
    expect(matches('use-sync-external-store/shim')).toBe(true);
    expect(matches('use-sync-external-store/shim/with-selector')).toBe(false);
    expect(matches('use-sync-external-store')).toBe(false);
  });

  it('answers exactly what the shim answers under React 19: React’s hook', () => {
    const shim = createRequire(import.meta.url)('use-sync-external-store/shim') as {
      useSyncExternalStore: unknown;
    };
    expect(standIn.useSyncExternalStore).toBe(useSyncExternalStore);
    expect(shim.useSyncExternalStore).toBe(useSyncExternalStore);
    expect(Object.keys(standIn)).toEqual(['useSyncExternalStore']);
  });
});
