// The floor page (bench/floor-page: React, react-router-dom, Dexie, dexie-react-hooks, i18next and nothing of
// the app), built with the same Vite as the app and its config there (react-router's production build), into
// `outDir`. Used by the size bench and the browser benches.
import { type SpawnSyncReturns, spawnSync } from 'node:child_process';

export function buildFloorPage(outDir: string, logLevel: 'warn' | 'error'): SpawnSyncReturns<string> {
  return spawnSync(
    'npx',
    [
      'vite',
      'build',
      'bench/floor-page',
      '--config',
      'bench/floor-page/vite.config.ts',
      '--outDir',
      outDir,
      '--emptyOutDir',
      '--base',
      './',
      '--logLevel',
      logLevel,
    ],
    // The config imports the app's alias from outside the page's folder, which only Vite's future native
    // config loader would refuse; today's loader bundles it.
    { encoding: 'utf8', env: { ...process.env, VITE_CONFIG_NATIVE_IGNORE_WARNING: 'true' } },
  );
}
