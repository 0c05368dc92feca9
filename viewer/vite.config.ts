/**
 * The trace viewer's build: `vite build --config viewer/vite.config.ts` writes
 * a static app to `dist/viewer/` with relative asset paths, which
 * `groundplan view` serves next to the trace at `/trace.jsonl`.
 */
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

const root = fileURLToPath(new URL('.', import.meta.url));

export default defineConfig({
  root,
  base: './',
  publicDir: false,
  logLevel: 'warn',
  build: {
    outDir: fileURLToPath(new URL('../dist/viewer', import.meta.url)),
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: true,
  },
});
