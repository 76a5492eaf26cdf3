import { Link } from 'react-router';
import { contentPagePath } from '../../lib/paths';
import { usePages } from './pages-api';

/**
 * The footer's links to every page that has content, as list items. The shell
 * loads this lazily, so the landing's first paint never waits for server-data code.
 */
export function PageLinks() {
  const { data: pages = [] } = usePages();
  return pages
    .filter((page) => page.content !== null)
    .map((page) => (
      <li key={page.page_id}>
        <Link to={contentPagePath(page.slug)}>{page.title}</Link>
      </li>
    ));
}
