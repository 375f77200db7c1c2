import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compression } from 'vite-plugin-compression2';
import { VitePWA } from 'vite-plugin-pwa';
import { nativeSyncStore } from './build-plugins/native-sync-store';
import { pageBoot } from './build-plugins/page-boot';
import { productionRouter } from './build-plugins/production-router';

const apiPort = Number(process.env.PORT ?? 3000);

export default defineConfig({
  // `@common/*` is src/common/, the contract and rules the server shares (the same alias in tsconfig.json).
  // react-router resolves to its production build (build-plugins/production-router.ts), and
  // use-sync-external-store's shim to React's own hook (build-plugins/native-sync-store.ts).
  resolve: {
    alias: [
      { find: '@common', replacement: fileURLToPath(new URL('./src/common', import.meta.url)) },
      ...productionRouter,
      ...nativeSyncStore,
    ],
  },
  plugins: [
    react(),
    pageBoot(),
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'sw',
      filename: 'sw.ts',
      // The page registers the worker itself through workbox-window (src/app/pwa-update.ts).
      injectRegister: false,
      registerType: 'prompt',
      injectManifest: {
        // No webmanifest: the server makes one per club (server/modules/settings/club-web.routes.ts), and a
        // precached copy would show one club's name and icons, or an old name, on the home screen.
        globPatterns: ['**/*.{js,css,html,svg,png,ico,woff2}'],
        rollupFormat: 'es',
      },
      // The manifest is the server's, per host: index.html links /manifest.webmanifest itself.
      manifest: false,
      devOptions: { enabled: false },
    }),
    // Brotli and gzip copies of every text asset, served by @fastify/static's preCompressed (server/plugins/
    // client-files.ts): compressed once at build time, at the best level, instead of on every request.
    compression({
      algorithms: ['brotliCompress', 'gzip'],
      include: /\.(html|js|css|svg|webmanifest|json|txt)$/,
      threshold: 512,
      logLevel: 'silent',
    }),
  ],
  server: {
    port: 5173,
    proxy: {
      '/api': `http://127.0.0.1:${apiPort}`,
      '/files': `http://127.0.0.1:${apiPort}`,
      // The club's manifest and iOS icon are the server's (per host), as are the server pages' colours.
      '/manifest.webmanifest': `http://127.0.0.1:${apiPort}`,
      '/apple-touch-icon.png': `http://127.0.0.1:${apiPort}`,
      '/club.css': `http://127.0.0.1:${apiPort}`,
    },
  },
  build: {
    outDir: 'dist',
    sourcemap: false,
    // Every browser the app supports preloads modules itself; the polyfill only cost the first paint time.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        codeSplitting: {
          // Everything the first page needs in one chunk beside the entry, instead of a dozen small chunks
          // shared with lazy screens: on a phone's network each request of the first paint costs a round
          // trip (six at a time over HTTP/1.1), far more than the few kilobytes a screen might not use.
          groups: [
            { name: 'start', tags: ['$initial'] },
            // The start settings, checked without zod: the sign-in page reads them after its first frame,
            // without the signed-in chunk (zod and every contract schema) that the sync engine shares them with.
            { name: 'start-settings', test: /[\\/]src[\\/]data[\\/]core[\\/]start-settings\.ts$/ },
            // What a signed-in start fetches beside the bundle to parse its first reads (the account calls, the
            // sync engine, zod and the contract, the drain): one chunk, not sixteen. Lighthouse's slow 4G shares
            // the bandwidth among the requests in flight, so each small one (waiting out its round trip) slowed
            // the bundle the first paint waits for. It also takes the offline writes' table and optimistic changes
            // (the drain's), which a member's first move loads too (src/data/core/member-moves.ts).
            {
              name: 'signed-in',
              test: /[\\/]src[\\/]data[\\/](users|core[\\/]sync-engine)\.ts$/,
            },
          ],
        },
      },
    },
  },
});
