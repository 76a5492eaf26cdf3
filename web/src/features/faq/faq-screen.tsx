import { messages } from '@studio/shared/messages';
import { publicSiteMessages as m } from '@studio/shared/messages/public-site';
import { useMemo } from 'react';
import { HtmlContent } from '../../components/html-content';
import { LoadError } from '../../components/load-error';
import { Spinner } from '../../components/spinner';
import { ApiError } from '../../lib/api-client';
import { useRouteTitle } from '../../lib/route-handle';
import { useServerQuery } from '../../lib/server-data';
import { faqPageQuery } from './faq-api';
import { splitFaq } from './faq-content';
import './faq.css';

function FaqBody({ html }: { html: string }) {
  const { introHtml, items } = useMemo(() => splitFaq(html), [html]);
  if (items.length === 0) return <HtmlContent html={html} />;
  return (
    <>
      {introHtml && <HtmlContent html={introHtml} />}
      <div className="faq">
        {items.map((item, index) => (
          <details key={index} className="faq__item">
            <summary className="faq__question">{item.question}</summary>
            <div className="faq__answer">
              <HtmlContent html={item.answerHtml} />
            </div>
          </details>
        ))}
      </div>
    </>
  );
}

/**
 * /preguntas-frecuentes, titled 'Preguntas Frecuentes' (public-site-and-checkout §2).
 * Its content is the content page with slug 'preguntas-frecuentes', edited like
 * any other page; until it exists the screen is the title and a short note.
 */
export function FaqScreen() {
  const title = useRouteTitle() ?? messages.screens.faqTitle;
  const { data, error, isPending, isFetching, refetch } = useServerQuery(faqPageQuery);

  let body;
  if (data) {
    body = data.content?.trim() ? <FaqBody html={data.content} /> : <p className="muted">{m.faqEmpty}</p>;
  } else if (isPending) {
    body = <Spinner />;
  } else if (error instanceof ApiError && error.status === 404) {
    body = <p className="muted">{m.faqEmpty}</p>;
  } else {
    body = <LoadError message={messages.pages.loadError} retrying={isFetching} onRetry={() => void refetch()} />;
  }

  return (
    <section className="screen">
      <h1>{title}</h1>
      {body}
    </section>
  );
}
