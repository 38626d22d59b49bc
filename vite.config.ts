import { defineConfig } from 'vite';
import type { Plugin } from 'vite';
import react from '@vitejs/plugin-react';

/**
 * Lists the app's chunks (src/app/start.tsx and the chunks it imports) in the page as module
 * preloads: the first script (main.tsx) starts the address's requests and only then imports the
 * app, so without them a first visit would fetch the app a round trip later.
 */
function preloadApp(): Plugin {
  return {
    name: 'preload-app',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        const bundle = ctx.bundle;
        const start = Object.values(bundle ?? {}).find(
          (c) => c.type === 'chunk' && (c.facadeModuleId ?? '').endsWith('/src/app/start.tsx'),
        );
        if (!bundle || !start) return [];
        const files = new Set<string>();
        const walk = (file: string) => {
          const c = bundle[file];
          if (files.has(file) || c?.type !== 'chunk') return;
          files.add(file);
          c.imports.forEach(walk);
        };
        walk(start.fileName);
        return [...files].map((f) => ({
          tag: 'link',
          attrs: { rel: 'modulepreload', crossorigin: true, href: `/${f}` },
          injectTo: 'head' as const,
        }));
      },
    },
  };
}

export default defineConfig({
  plugins: [react(), preloadApp()],
  root: 'src/app',
  publicDir: false,
  build: { outDir: '../../dist/client', emptyOutDir: true, sourcemap: true },
  worker: { format: 'es' },
  server: { proxy: { '/api': { target: 'http://127.0.0.1:8080', ws: true } } },
});
