// The floor page's build: Vite's defaults, and react-router's production build as the app has it.
import { defineConfig } from 'vite';
import { productionRouter } from '../../build-plugins/production-router';

export default defineConfig({
  resolve: { alias: productionRouter },
  build: {
    rollupOptions: {
      // react-router marks its files "use client", which means nothing outside server components.
      onwarn(warning, warn) {
        if (warning.code !== 'MODULE_LEVEL_DIRECTIVE') warn(warning);
      },
    },
  },
});
