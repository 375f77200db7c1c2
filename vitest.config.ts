import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

// `@common/*` is src/common/ (tsconfig.json's paths); each project below names it too.
const resolve = { alias: { '@common': fileURLToPath(new URL('./src/common', import.meta.url)) } };

export default defineConfig({
  resolve,
  test: {
    // Each server file copies the run's migrated database (database-template.ts); two files at a time suit 2 cores.
    maxWorkers: 2,
    projects: [
      {
        resolve,
        plugins: [react()],
        test: {
          name: 'client',
          environment: 'jsdom',
          include: ['tests/client/**/*.test.{ts,tsx}'],
          setupFiles: ['tests/client/setup.ts'],
        },
      },
      {
        resolve,
        test: {
          name: 'server',
          environment: 'node',
          // Files share their worker's modules (the server's code is imported once per worker, not per
          // file): each file still opens a database and an app of its own, and nothing here mocks a module.
          isolate: false,
          include: [
            'tests/server/**/*.test.ts',
            ...(process.env.DATABASE_URL ? ['tests/server/**/*.pg-only.ts'] : []),
          ],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          globalSetup: ['tests/server/helpers/database-template.ts'],
        },
      },
      {
        resolve,
        test: {
          name: 'tooling',
          environment: 'node',
          include: ['tests/tooling/**/*.test.ts'],
          testTimeout: 30_000,
        },
      },
    ],
  },
});
