import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

// Vite compiles TSX itself (Oxc), so no React plugin is needed for a production build.
export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  // Relative to the page's <base href>, which the server sets to where it serves the console.
  base: './',
  oxc: { jsx: { runtime: 'automatic', development: false } },
  build: {
    outDir: fileURLToPath(new URL('../dist/console', import.meta.url)),
    emptyOutDir: true,
    target: 'es2022',
    reportCompressedSize: false,
    sourcemap: false,
    // Read by scripts/build-console.mjs to measure what the flags page loads, then deleted: it is not served.
    manifest: true,
    rolldownOptions: {
      onLog(level, log, handler) {
        // React libraries mark client components with "use client", which means nothing outside server rendering.
        if (log.code === 'MODULE_LEVEL_DIRECTIVE') return;
        handler(level, log);
      },
    },
  },
  logLevel: 'warn',
});
