import { messages } from '@studio/shared/messages';
import { useParams } from 'react-router';
import { HtmlContent } from '../../components/html-content';
import { NotFound } from '../../components/not-found';
import { Spinner } from '../../components/spinner';
import { ApiError } from '../../lib/api-client';
import { useScreenHead } from '../../lib/document-head';
import { useServerQuery } from '../../lib/server-data';
import { pageQuery } from './pages-api';

function ContentPageView({ slug }: { slug: string }) {
  const { data: page, error, isPending } = useServerQuery(pageQuery(slug));
  // The page's own title and opening words for search results and link previews (the description is cut to a snippet).
  useScreenHead(page?.title ?? null, page?.content?.trim() ? page.content : null);

  if (page) {
    const { title, content } = page;
    return (
      <article className="screen">
        <h1>{title}</h1>
        {content?.trim() ? <HtmlContent html={content} /> : <p className="muted">{messages.pages.empty}</p>}
      </article>
    );
  }
  if (isPending) return <Spinner />;
  if (error instanceof ApiError && error.status === 404) return <NotFound />;
  return (
    <section className="screen">
      <p role="alert">{messages.pages.loadError}</p>
    </section>
  );
}

/** /{slug}: any path that is not an app route may be a content page. */
export function ContentPage() {
  const { slug = '' } = useParams();
  // Keyed by slug so moving between pages starts from that page's own state.
  return <ContentPageView key={slug} slug={slug} />;
}
