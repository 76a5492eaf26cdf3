import { type ReactNode, type Ref, useRef, useState } from 'react';
import { Link } from 'react-router';
import { showSuccess } from '../lib/alerts';
import { apiErrorText } from '../lib/api-client';
import { LoadError } from './load-error';
import { confirmAction } from './modal-store';
import { Spinner } from './spinner';
import './admin-list.css';

/**
 * The pieces every admin list shares (packages, discounts, pages): the title
 * with its create link and the place where a refused removal is announced;
 * the table classes (`admin-list__table`, cards on phones) come with it.
 */
export function AdminListHeader({
  title,
  headingRef,
  createTo,
  createText,
  error,
}: {
  title: string;
  /** Focus returns here after a row is removed. */
  headingRef: Ref<HTMLHeadingElement>;
  createTo: string;
  createText: string;
  error: string | null;
}) {
  return (
    <>
      <div className="admin-list__header">
        <h1 ref={headingRef} tabIndex={-1}>
          {title}
        </h1>
        <Link to={createTo} className="button">
          {createText}
        </Link>
      </div>
      <div role="alert" className="form-error-slot">
        {error && <p className="form-error">{error}</p>}
      </div>
    </>
  );
}

/** A row's 'Editar' link and its removing button; each name starts with the visible text, then says which record. */
export function RowActions({
  editTo,
  editText,
  editLabel,
  removeText,
  removeLabel,
  busy,
  onRemove,
}: {
  editTo: string;
  editText: string;
  editLabel: string;
  removeText: ReactNode;
  removeLabel: string;
  busy: boolean;
  onRemove: () => void;
}) {
  return (
    <div className="admin-list__actions">
      <Link to={editTo} className="button button--secondary" aria-label={editLabel}>
        {editText}
      </Link>
      <button type="button" className="button button--secondary" aria-label={removeLabel} disabled={busy} onClick={onRemove}>
        {removeText}
      </button>
    </div>
  );
}

/**
 * A list's removal, the same on every admin list: 'Precaución' with the
 * question, then the call; on success its text, and focus back to the
 * screen's title (the row and its button are gone, keyboard users continue
 * from there); a refusal (409 says what still uses the record) stays on
 * screen, in AdminListHeader's `error`, until the next attempt.
 */
export function useListRemoval(successText: string) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  const [error, setError] = useState<string | null>(null);
  async function confirmAndRemove(question: string, remove: () => Promise<unknown>) {
    setError(null);
    if (!(await confirmAction(question))) return;
    try {
      await remove();
      showSuccess(successText);
      headingRef.current?.focus();
    } catch (refusal) {
      setError(apiErrorText(refusal));
    }
  }
  return { headingRef, error, confirmAndRemove };
}

/** A column of an admin list: its heading, and on phones each cell's label. */
export interface AdminColumn<Row> {
  label: string;
  cell: (row: Row) => ReactNode;
}

/**
 * An admin list screen: AdminListHeader, then `children` (a filter), then
 * the records' table (and `footer`, a pager, under it), the empty text when
 * there are none, a spinner while they load or the failed read with a way to
 * retry.
 * The first column names the row (its `th`), the last holds the row's
 * actions (RowActions); every other cell carries its column's label for the
 * phone cards.
 */
export function AdminListScreen<Row>({
  screenClass,
  title,
  createTo,
  createText,
  removal,
  query,
  loadErrorText,
  emptyText,
  rowKey,
  columns,
  actionsLabel,
  actions,
  children,
  footer,
}: {
  /** The screen's own class (`admin-packages`), next to `screen`. */
  screenClass: string;
  title: string;
  createTo: string;
  createText: string;
  /** useListRemoval's heading (focus after a removal) and refusal. */
  removal: { headingRef: Ref<HTMLHeadingElement>; error: string | null };
  query: { data: readonly Row[] | undefined; isPending: boolean; isError: boolean; isFetching: boolean; refetch: () => unknown };
  loadErrorText: string;
  emptyText: string;
  rowKey: (row: Row) => string | number;
  /** The naming column first. */
  columns: readonly [AdminColumn<Row>, ...AdminColumn<Row>[]];
  actionsLabel: string;
  actions: (row: Row) => ReactNode;
  children?: ReactNode;
  /** Below the table when it has rows (a pager). */
  footer?: ReactNode;
}) {
  const [naming, ...rest] = columns;
  const { data } = query;
  let body: ReactNode = null;
  if (data) {
    body =
      data.length === 0 ? (
        <p className="muted">{emptyText}</p>
      ) : (
        <>
          <table className="admin-list__table">
            <thead>
              <tr>
                {columns.map((column) => (
                  <th key={column.label} scope="col">
                    {column.label}
                  </th>
                ))}
                <th scope="col">{actionsLabel}</th>
              </tr>
            </thead>
            <tbody>
              {data.map((row) => (
                <tr key={rowKey(row)}>
                  <th scope="row">{naming.cell(row)}</th>
                  {rest.map((column) => (
                    <td key={column.label} data-label={column.label}>
                      {column.cell(row)}
                    </td>
                  ))}
                  <td>{actions(row)}</td>
                </tr>
              ))}
            </tbody>
          </table>
          {footer}
        </>
      );
  } else if (query.isPending) {
    body = <Spinner />;
  } else if (query.isError) {
    body = <LoadError message={loadErrorText} retrying={query.isFetching} onRetry={() => void query.refetch()} />;
  }
  return (
    <section className={`screen ${screenClass}`}>
      <AdminListHeader title={title} headingRef={removal.headingRef} createTo={createTo} createText={createText} error={removal.error} />
      {children}
      {body}
    </section>
  );
}
