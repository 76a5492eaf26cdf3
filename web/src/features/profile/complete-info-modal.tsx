import { messages } from '@studio/shared/messages';
import { dynamicFormMessages } from '@studio/shared/messages/dynamic-form';
import type { Customer } from '@studio/shared/types/api';
import { Link, useLocation } from 'react-router';
import { Modal } from '../../components/modal';
import { paths } from '../../lib/paths';
import { useSession } from '../../lib/session';
import { useSignOut } from '../../lib/use-sign-out';

const t = dynamicFormMessages.completeInfo;

/** Whether the studio still needs answers from this customer (required custom fields unanswered, ADR 0086). The booking flow asks this before booking. */
export function hasPendingInfo(customer: Pick<Customer, 'pending_fields'> | null | undefined): boolean {
  return (customer?.pending_fields?.length ?? 0) > 0;
}

interface CompleteInfoModalProps {
  /** Given when the modal is a prompt that may be dismissed; left out, it blocks (the home route, spec §2). */
  onClose?: () => void;
}

/**
 * The complete-information modal: shown while the signed-in customer has
 * pending fields, with a way to Mi Información. It never shows on Mi
 * Información itself, where the answers are given. It covers the area's
 * menu, so it always offers 'Salir' (as the required-pages gate does).
 */
export function CompleteInfoModal({ onClose }: CompleteInfoModalProps) {
  const customer = useSession((state) => state.customer);
  const { pathname } = useLocation();
  const signOut = useSignOut();
  if (!hasPendingInfo(customer) || pathname === paths.myInfo) return null;
  return (
    <Modal title={t.title} {...(onClose ? { onClose } : {})}>
      <p>{t.body}</p>
      <div className="modal__actions">
        <Link to={paths.myInfo} className="button" onClick={onClose}>
          {t.button}
        </Link>
        <button type="button" className="button button--secondary" onClick={signOut}>
          {messages.auth.signOut}
        </button>
      </div>
    </Modal>
  );
}
