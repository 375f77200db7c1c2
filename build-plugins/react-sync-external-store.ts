// What `use-sync-external-store/shim` answers under React 18 and later: React's own hook (native-sync-store.ts).
export { useSyncExternalStore } from 'react';
