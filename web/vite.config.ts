import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { tsImport } from 'tsx/esm/api';

const webRoot = fileURLToPath(new URL('.', import.meta.url));
const repoRoot = fileURLToPath(new URL('..', import.meta.url));

/**
 * The SPA. `npm start` mounts this config as middleware (dev) or serves its build (web/dist);
 * CloudFront serves the same build in AWS. The manifest feeds `npm run bench`.
 */
/**
 * The API's methods and paths, derived from the operations (lambdas/operations/index.ts
 * `clientRoutes`): the SPA client's route table, inlined as `__API_ROUTES__` without a schema.
 * Loaded through tsx rather than imported, so the config's own bundler leaves the server code alone.
 */
export const apiRoutesDefine = async (): Promise<Record<string, string>> => {
  const { clientRoutes } = (await tsImport('../lambdas/operations/index.ts', import.meta.url)) as typeof import('../lambdas/operations/index');
  return { __API_ROUTES__: JSON.stringify(clientRoutes()) };
};

export default defineConfig(async () => ({
  root: webRoot,
  base: '/',
  plugins: [react()],
  define: await apiRoutesDefine(),
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
}));
