import { type ReactNode, type Ref, useRef, useState } from 'react';
import { Link } from 'react-router';
import { showSuccess } from '../lib/alerts';
import { apiErrorText } from '../lib/api-client';
import { confirmAction } from './modal-store';
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
