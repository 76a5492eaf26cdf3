import { messages } from '@studio/shared/messages';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { loadAppConfig } from '../lib/app-config';
import { afterFirstPaint } from '../lib/first-paint';
import { startSession } from '../lib/session';
import { applyBranding } from '../lib/theme';
import { createAppRouter } from './router';

/**
 * The SPA has no build-time configuration: everything, Firebase included, comes
 * from GET /api/appconfig. index.html shows a spinner until it arrives.
 */
export async function boot(container: HTMLElement): Promise<void> {
  const root = createRoot(container);
  try {
    const config = await loadAppConfig();
    applyBranding(config);
    root.render(
      <StrictMode>
        <RouterProvider router={createAppRouter(config)} />
      </StrictMode>,
    );
    // The auth SDK is the largest download after React; the first screen never waits for it (screens that need the session say so while it resolves).
    afterFirstPaint(() => startSession(config.firebaseConfig));
  } catch {
    root.render(
      <main className="screen screen--center">
        <p role="alert">{messages.common.genericError}</p>
      </main>,
    );
  }
}
