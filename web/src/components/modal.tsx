import { messages } from '@studio/shared/messages';
import { type KeyboardEvent, type ReactNode, useEffect, useId, useRef } from 'react';
import { createPortal } from 'react-dom';
import './modal.css';

/** The element holding the page behind modals; it is made inert while any modal is open. */
export const APP_ROOT_ID = 'app';

const FOCUSABLE = [
  'a[href]',
  'button:not([disabled])',
  'input:not([disabled]):not([type="hidden"])',
  'select:not([disabled])',
  'textarea:not([disabled])',
  'iframe',
  '[tabindex]:not([tabindex="-1"])',
].join(',');

let openModals = 0;

interface ModalProps {
  title: string;
  children: ReactNode;
  /** Left out for blocking modals: then there is no close button and Escape or the backdrop do nothing. */
  onClose?: () => void;
  variant?: 'dialog' | 'drawer';
}

export function Modal({ title, children, onClose, variant = 'dialog' }: ModalProps) {
  const titleId = useId();
  const dialogRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const app = document.getElementById(APP_ROOT_ID);
    openModals += 1;
    app?.setAttribute('inert', '');
    document.body.classList.add('has-modal');
    dialogRef.current?.focus();
    return () => {
      openModals -= 1;
      if (openModals === 0) {
        app?.removeAttribute('inert');
        document.body.classList.remove('has-modal');
      }
      if (previous?.isConnected) previous.focus();
    };
  }, []);

  // A step that replaces its own button (the booking modal's 'Continuar') leaves focus on <body>, where the
  // trap no longer hears Tab and a screen reader loses its place: after every render, focus comes back in.
  useEffect(() => {
    const dialog = dialogRef.current;
    const active = document.activeElement;
    if (dialog && (active === null || active === document.body)) dialog.focus();
  });

  function trapFocus(event: KeyboardEvent<HTMLDivElement>) {
    if (event.key === 'Escape' && onClose) {
      event.stopPropagation();
      onClose();
      return;
    }
    const dialog = dialogRef.current;
    if (event.key !== 'Tab' || !dialog) return;
    const focusable = [...dialog.querySelectorAll<HTMLElement>(FOCUSABLE)];
    const first = focusable[0];
    const last = focusable.at(-1);
    if (!first || !last) {
      event.preventDefault();
      return;
    }
    const active = document.activeElement;
    if (event.shiftKey && (active === first || active === dialog)) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && active === last) {
      event.preventDefault();
      first.focus();
    }
  }

  return createPortal(
    <div
      className={`modal-backdrop modal-backdrop--${variant}`}
      onClick={(event) => {
        if (event.target === event.currentTarget) onClose?.();
      }}
    >
      <div ref={dialogRef} role="dialog" aria-modal="true" aria-labelledby={titleId} tabIndex={-1} className={`modal modal--${variant}`} onKeyDown={trapFocus}>
        <header className="modal__header">
          <h2 id={titleId} className="modal__title">
            {title}
          </h2>
          {onClose && (
            <button type="button" className="icon-button" onClick={onClose} aria-label={messages.common.close}>
              <span aria-hidden="true">×</span>
            </button>
          )}
        </header>
        <div className="modal__body">{children}</div>
      </div>
    </div>,
    document.body,
  );
}
