import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
// antd's prebuilt styles first (theme.ts zeroRuntime), so the app's own stylesheet wins where both set a rule.
import 'antd/dist/antd.css';
import './app/global.css';
import { applyStoredElderMode } from './lib/elder-mode.ts';
import { i18nReady } from './lib/i18n.ts';
import { bootstrap } from './lib/session.ts';
import { AppProviders } from './app/providers.tsx';
import { createAppRouter } from './app/router.tsx';

/**
 * Start-up (SPEC 4): a ticket in the address becomes a session before the router exists, so no route guard ever
 * sees the half-signed-in state; then the router takes over.
 */
async function start(): Promise<void> {
  applyStoredElderMode();
  try {
    await bootstrap();
  } catch {
    // The request layer has shown the failure; the portal still opens, signed out.
  }
  const router = createAppRouter();
  // The router has started loading the page; the first render waits for the texts too (zh-CN portal: bundled).
  await i18nReady;
  const container = document.getElementById('root');
  if (!container) throw new Error('#root is missing from index.html');
  createRoot(container).render(
    <StrictMode>
      <AppProviders>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>,
  );
}

void start();
