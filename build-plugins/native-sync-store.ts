import { fileURLToPath } from 'node:url';
import type { Alias } from 'vite';

/**
 * react-i18next imports `use-sync-external-store/shim`, a stand-in for React before 18: a CommonJS module
 * that answers React's own `useSyncExternalStore` when React has one, and carries its fallback code all the
 * same. React 19 has the hook, so the app resolves the shim to React's hook itself, without the fallback.
 */
export const nativeSyncStore: Alias[] = [
  {
    find: /^use-sync-external-store\/shim$/,
    replacement: fileURLToPath(new URL('./react-sync-external-store.ts', import.meta.url)),
  },
];
