import { messages } from '@studio/shared/messages';
import { type MouseEvent, useEffect, useRef } from 'react';
import { Outlet, ScrollRestoration, useLocation } from 'react-router';
import { AlertRegion } from '../components/alert-region';
import { APP_ROOT_ID } from '../components/modal';
import { ModalHost } from '../components/modal-host';
import { configString, useConfig } from '../lib/app-config';
import { useRouteTitle } from '../lib/route-handle';

function focusMain(): void {
  document.getElementById('main')?.focus({ preventScroll: true });
}

function useDocumentTitle(): void {
  const title = useRouteTitle();
  const businessName = configString(useConfig(), 'business_name');
  useEffect(() => {
    document.title = title ? `${title} | ${businessName}` : businessName;
  }, [title, businessName]);
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
  useDocumentTitle();
  useFocusOnNavigation();
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
    </>
  );
}
