import { checkoutMessages } from '@studio/shared/messages/checkout';
import { shopMessages as m } from '@studio/shared/messages/shop';
import { Link } from 'react-router';
import { Modal } from '../../components/modal';
import { checkoutPath } from './checkout-paths';

export function SignupFeeModal({ feePackageId, onClose }: { feePackageId: number; onClose: () => void }) {
  return (
    <Modal title={checkoutMessages.completeSignup} onClose={onClose}>
      <p>{m.signupFeeBody}</p>
      <div className="modal__actions">
        <Link className="button" to={checkoutPath(feePackageId)} onClick={onClose}>
          {checkoutMessages.completeSignup}
        </Link>
      </div>
    </Modal>
  );
}
