import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const webRoot = fileURLToPath(new URL('.', import.meta.url));
const repoRoot = fileURLToPath(new URL('..', import.meta.url));

/**
 * The SPA. `npm start` mounts this config as middleware (dev) or serves its build (web/dist);
 * CloudFront serves the same build in AWS. The manifest feeds `npm run bench`.
 */
export default defineConfig({
  root: webRoot,
  base: '/',
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    manifest: true,
    sourcemap: true,
    target: 'es2022',
    chunkSizeWarningLimit: 700,
  },
  // The SPA imports the wire contracts from lambdas/contracts.
  server: { fs: { allow: [repoRoot] } },
});
