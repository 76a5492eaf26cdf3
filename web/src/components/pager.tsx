/**
 * Previous / next around 'Página n de m' under a paged list; nothing when
 * everything fits on one page. The page text is the current page
 * (`aria-current`), or with `announce` a polite live region, for lists
 * whose page changes without the focus moving (the video library).
 */
export function Pager({
  page,
  pages,
  onPage,
  className,
  label,
  previousText,
  nextText,
  pageText,
  announce = false,
}: {
  page: number;
  pages: number;
  onPage: (page: number) => void;
  /** The screen's class for the nav (its layout lives with the screen). */
  className: string;
  /** The nav's accessible name. */
  label: string;
  previousText: string;
  nextText: string;
  /** 'Página n de m', already filled. */
  pageText: string;
  announce?: boolean;
}) {
  if (pages <= 1) return null;
  return (
    <nav className={className} aria-label={label}>
      <button type="button" className="button button--secondary" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        {previousText}
      </button>
      {announce ? <span aria-live="polite">{pageText}</span> : <span aria-current="page">{pageText}</span>}
      <button type="button" className="button button--secondary" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        {nextText}
      </button>
    </nav>
  );
}
