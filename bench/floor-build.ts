// The floor page (bench/floor-page: React, react-router-dom, Dexie, dexie-react-hooks, i18next and nothing of
// the app), built with the same Vite as the app, into `outDir`. Used by the size bench and the browser benches.
import { type SpawnSyncReturns, spawnSync } from 'node:child_process';

export function buildFloorPage(outDir: string, logLevel: 'warn' | 'error'): SpawnSyncReturns<string> {
  return spawnSync(
    'npx',
    [
      'vite',
      'build',
      'bench/floor-page',
      '--outDir',
      outDir,
      '--emptyOutDir',
      '--base',
      './',
      '--logLevel',
      logLevel,
    ],
    { encoding: 'utf8' },
  );
}
