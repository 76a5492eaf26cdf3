export interface FaqItem {
  question: string;
  answerHtml: string;
}

export interface FaqContent {
  /** Whatever comes before the first question (an introduction); may be empty. */
  introHtml: string;
  items: FaqItem[];
}

/**
 * Splits the FAQ page's HTML into questions: each <h2> starts one (or each
 * <h3> when the page has no <h2>); its text is the question and what follows,
 * up to the next, the answer. A page without such headings has no items and
 * is shown as written. Parsing is inert (DOMParser runs no scripts); answers
 * are still sanitized where they are rendered.
 */
export function splitFaq(html: string): FaqContent {
  const doc = new DOMParser().parseFromString(`<!doctype html><body>${html}</body>`, 'text/html');
  const level = doc.body.querySelector(':scope > h2') ? 'H2' : doc.body.querySelector(':scope > h3') ? 'H3' : null;
  if (level === null) return { introHtml: html, items: [] };

  const intro = doc.createElement('div');
  const items: Array<{ question: string; answer: HTMLElement }> = [];
  for (const node of Array.from(doc.body.childNodes)) {
    if (node.nodeType === Node.ELEMENT_NODE && (node as Element).tagName === level) {
      items.push({ question: (node.textContent ?? '').trim(), answer: doc.createElement('div') });
      continue;
    }
    (items.at(-1)?.answer ?? intro).appendChild(node.cloneNode(true));
  }
  return {
    introHtml: intro.innerHTML.trim(),
    items: items.filter((item) => item.question !== '').map((item) => ({ question: item.question, answerHtml: item.answer.innerHTML.trim() })),
  };
}
