import { messages } from '@studio/shared/messages';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { loadAppConfig } from '../lib/app-config';
import { startSession } from '../lib/session';
import { applyBranding } from '../lib/theme';
import { loadPageLinks } from './layout/footer';
import { createAppRouter } from './router';

/**
 * The SPA has no build-time configuration: everything, Firebase included, comes
 * from GET /api/appconfig. index.html shows a spinner until it arrives.
 */
export async function boot(container: HTMLElement): Promise<void> {
  const root = createRoot(container);
  // The footer's server-data code downloads while the config is on its way; the first paint never waits for it.
  loadPageLinks().catch(() => {
    // The footer copes without it.
  });
  try {
    const config = await loadAppConfig();
    applyBranding(config);
    root.render(
      <StrictMode>
        <RouterProvider router={createAppRouter(config)} />
      </StrictMode>,
    );
    startSession(config.firebaseConfig);
  } catch {
    root.render(
      <main className="screen screen--center">
        <p role="alert">{messages.common.genericError}</p>
      </main>,
    );
  }
}
