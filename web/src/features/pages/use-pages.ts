import { useEffect } from 'react';
import { create } from 'zustand';
import type { Page } from '@studio/shared/types/api';
import { errorMessage } from '../../lib/api-client';
import { showError } from '../../lib/alerts';
import { fetchPages } from './pages-api';

interface PagesState {
  status: 'idle' | 'loading' | 'ready' | 'error';
  pages: Page[];
}

// Footer, sign-up and the customer area all need the list; one request per visit serves them all.
const usePagesStore = create<PagesState>(() => ({ status: 'idle', pages: [] }));

function loadPages(): void {
  const { status } = usePagesStore.getState();
  if (status === 'loading' || status === 'ready') return;
  usePagesStore.setState({ status: 'loading' });
  fetchPages()
    .then((pages) => usePagesStore.setState({ status: 'ready', pages }))
    .catch((error: unknown) => {
      usePagesStore.setState({ status: 'error' });
      showError(errorMessage(error));
    });
}

export function usePages(): PagesState & { retry: () => void } {
  const status = usePagesStore((state) => state.status);
  const pages = usePagesStore((state) => state.pages);
  useEffect(loadPages, []);
  return { status, pages, retry: loadPages };
}
