import { messages } from '@studio/shared/messages';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { loadAppConfig } from '../lib/app-config';
import { afterFirstPaint } from '../lib/first-paint';
import { deferSession, ensureSession, hasSessionMarker, startSession } from '../lib/session';
import { applyBranding } from '../lib/theme';
import { createAppRouter, onVisitorPage } from './router';

const yieldToBrowser = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * The SPA has no build-time configuration: everything, Firebase included, comes
 * from GET /api/appconfig. index.html shows a spinner until it arrives.
 */
export async function boot(container: HTMLElement): Promise<void> {
  const root = createRoot(container);
  try {
    const config = await loadAppConfig();
    applyBranding(config);
    // The browser gets the main thread back between evaluating the app's code and building its router, and
    // React renders the first screen as a transition, in slices of a few milliseconds: a phone's main thread
    // is never blocked for all of it at once (Total Blocking Time, docs/public-site "Speed").
    await yieldToBrowser();
    const router = createAppRouter(config);
    startTransition(() =>
      root.render(
        <StrictMode>
          <RouterProvider router={router} />
        </StrictMode>,
      ),
    );
    // The auth SDK is the largest download after React; the first screen never waits for it (screens that need the session say so
    // while it resolves). A visitor who never signed in here, on a public page, does not load it at all until something needs it.
    if (hasSessionMarker() || !onVisitorPage(router.state.matches)) afterFirstPaint(() => startSession(config.firebaseConfig));
    else {
      deferSession(config.firebaseConfig);
      const stop = router.subscribe((state) => {
        if (onVisitorPage(state.matches)) return;
        stop();
        ensureSession();
      });
    }
  } catch {
    root.render(
      <main className="screen screen--center">
        <p role="alert">{messages.common.genericError}</p>
      </main>,
    );
  }
}
