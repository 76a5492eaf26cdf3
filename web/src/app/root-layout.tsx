import { messages } from '@studio/shared/messages';
import { lazy, type MouseEvent, Suspense, useEffect, useRef } from 'react';
import { Outlet, ScrollRestoration, useLocation } from 'react-router';
import { AlertRegion } from '../components/alert-region';
import { APP_ROOT_ID } from '../components/modal';
import { ModalHost } from '../components/modal-host';
import { useDocumentHead } from '../lib/document-head';
import { markFirstRender, useAfterFirstPaint } from '../lib/first-paint';

// The landing's structured data reads the locations through server-data: a lazy island, loaded after the first paint (ADR 0080).
const StudioStructuredData = lazy(async () => ({ default: (await import('../lib/document-head-studio')).StudioStructuredData }));

function focusMain(): void {
  document.getElementById('main')?.focus({ preventScroll: true });
}

/** After in-app navigation, screen readers start at the new content instead of the link that was followed. */
function useFocusOnNavigation(): void {
  const { pathname, hash } = useLocation();
  const previous = useRef(pathname);
  useEffect(() => {
    if (previous.current === pathname) return;
    previous.current = pathname;
    if (!hash) focusMain();
  }, [pathname, hash]);
}

export function RootLayout() {
  useDocumentHead();
  useFocusOnNavigation();
  useEffect(markFirstRender, []);
  const painted = useAfterFirstPaint();
  const { pathname } = useLocation();
  return (
    <>
      <div id={APP_ROOT_ID}>
        <a
          href="#main"
          className="skip-link"
          onClick={(event: MouseEvent) => {
            event.preventDefault();
            focusMain();
          }}
        >
          {messages.nav.skipToContent}
        </a>
        <Outlet />
      </div>
      <AlertRegion />
      <ModalHost />
      <ScrollRestoration />
      {painted && pathname === '/' && (
        <Suspense fallback={null}>
          <StudioStructuredData />
        </Suspense>
      )}
    </>
  );
}
