import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

export default defineConfig({
  plugins: [react()],
  root: 'src/app',
  publicDir: false,
  build: { outDir: '../../dist/client', emptyOutDir: true, sourcemap: true },
  worker: { format: 'es' },
  server: { proxy: { '/api': { target: 'http://127.0.0.1:8080', ws: true } } },
});
