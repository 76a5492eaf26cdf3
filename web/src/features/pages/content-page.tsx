import { useEffect, useState } from 'react';
import { useParams } from 'react-router';
import { messages } from '@studio/shared/messages';
import type { Page } from '@studio/shared/types/api';
import { ApiError } from '../../lib/api-client';
import { HtmlContent } from '../../components/html-content';
import { NotFound } from '../../components/not-found';
import { Spinner } from '../../components/spinner';
import { fetchPage } from './pages-api';

type PageState = { status: 'loading' } | { status: 'ready'; page: Page } | { status: 'not-found' } | { status: 'error' };

function ContentPageView({ slug }: { slug: string }) {
  const [state, setState] = useState<PageState>({ status: 'loading' });

  useEffect(() => {
    let current = true;
    fetchPage(slug)
      .then((page) => current && setState({ status: 'ready', page }))
      .catch((error: unknown) => current && setState({ status: error instanceof ApiError && error.status === 404 ? 'not-found' : 'error' }));
    return () => {
      current = false;
    };
  }, [slug]);

  switch (state.status) {
    case 'loading':
      return <Spinner />;
    case 'not-found':
      return <NotFound />;
    case 'error':
      return (
        <section className="screen">
          <p role="alert">{messages.pages.loadError}</p>
        </section>
      );
    case 'ready': {
      const { title, content } = state.page;
      return (
        <article className="screen">
          <h1>{title}</h1>
          {content?.trim() ? <HtmlContent html={content} /> : <p className="muted">{messages.pages.empty}</p>}
        </article>
      );
    }
  }
}

/** /{slug}: any path that is not an app route may be a content page. */
export function ContentPage() {
  const { slug = '' } = useParams();
  // Keyed by slug so moving between pages starts from a fresh loading state.
  return <ContentPageView key={slug} slug={slug} />;
}
