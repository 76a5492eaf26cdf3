import type { ReactNode, Ref } from 'react';
import { Link } from 'react-router';
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
