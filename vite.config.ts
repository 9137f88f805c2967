import { tanstackRouter } from '@tanstack/router-plugin/vite';
import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The API runs on its own port in dev (scripts/start.ts --dev); Vite proxies /api to it so the
// browser only ever sees one origin, exactly as in production where Fastify serves the build.
const apiTarget = process.env.FAMJAM_API_ORIGIN ?? 'http://127.0.0.1:8787';

export default defineConfig({
  plugins: [
    tanstackRouter({ target: 'react', autoCodeSplitting: true }),
    react(),
    vanillaExtractPlugin(),
  ],
  server: { proxy: { '/api': apiTarget } },
  build: { outDir: 'dist/client', sourcemap: true, manifest: true },
});
