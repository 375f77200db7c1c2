import { fileURLToPath } from 'node:url';
import type { Alias } from 'vite';

const productionFile = (file: string) =>
  fileURLToPath(new URL(`../node_modules/react-router/dist/production/${file}`, import.meta.url));

/**
 * react-router's package points a bundler at its development build only, whatever the mode: the same code
 * with its development warnings on, which checks every route at each render and keeps those checks' code.
 * Its production build is beside it. The app and the bench's floor page both resolve to it.
 */
export const productionRouter: Alias[] = [
  { find: /^react-router$/, replacement: productionFile('index.mjs') },
  { find: /^react-router\/dom$/, replacement: productionFile('dom-export.mjs') },
];
