// Builds the peer harness page (index.html + main.ts and one chunk per library) into a temporary
// directory, never into the repository. run.ts builds it through Vite's JS API with a fresh outDir.
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  root: path.dirname(fileURLToPath(import.meta.url)),
  base: './',
  publicDir: false,
  plugins: [react()],
  logLevel: 'warn',
  build: {
    outDir: path.join(tmpdir(), 'wb-peers-harness'),
    emptyOutDir: true,
    sourcemap: false,
    // Each library is one lazy chunk of about 0.5–0.6 MB; that is the library, not a smell here.
    chunkSizeWarningLimit: 1000,
  },
});
