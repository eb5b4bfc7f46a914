import { fileURLToPath } from 'node:url';
import { defineConfig, type ProxyOptions } from 'vite';
import react from '@vitejs/plugin-react';
import { firstRouteOpsPlugin } from './first-route-ops-plugin.ts';

/** The API server (apps/server) in development; `npm start` serves the built app from the same origin instead. */
const API_TARGET = 'http://127.0.0.1:3000';

/**
 * Every server prefix, and nothing else: SPA routes such as /financialInstitution and /financialChain share the
 * letters of /finance, which is why it is proxied with its trailing slash.
 */
export const API_PREFIXES = [
  '/getSsoAuthUrl',
  '/doLoginByTicket',
  '/isLogin',
  '/ssoserver/',
  '/zscms/',
  '/finance/',
  '/anon/',
  '/article/api/',
  '/api/',
  '/docs',
] as const;

const proxy: Record<string, ProxyOptions> = Object.fromEntries(
  // changeOrigin stays false: the server checks SSO redirect targets against the origin the browser used.
  API_PREFIXES.map((prefix) => [prefix, { target: API_TARGET, changeOrigin: false }]),
);

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react(), firstRouteOpsPlugin()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
  },
  server: { port: 5173, proxy },
  preview: { port: 4173, proxy },
});
