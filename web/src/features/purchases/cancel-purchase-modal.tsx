import { fill, messages } from '@studio/shared/messages';
import { fieldLabels } from '@studio/shared/messages/fields';
import { shopMessages as m } from '@studio/shared/messages/shop';
import { purchaseCancelSchema } from '@studio/shared/schemas/checkout';
import type { Purchase } from '@studio/shared/types/purchases';
import { Form, Formik } from 'formik';
import { FocusFirstError, FormError, TextField } from '../../components/form-field';
import { Modal } from '../../components/modal';
import { showSuccess } from '../../lib/alerts';
import { apiErrorText } from '../../lib/api-client';
import { useServerMutation } from '../../lib/server-data';
import { cancelPurchase, purchasesKeys } from './purchases-api';

/** 'Precaución': a pending purchase is cancelled only with a reason (customer-area §4); its place goes back to the studio. */
export function CancelPurchaseModal({ purchase, onClose }: { purchase: Purchase; onClose: () => void }) {
  const cancel = useServerMutation({
    mutationFn: cancelPurchase,
    meta: { alert: false, invalidates: [purchasesKeys.all, purchasesKeys.invoices] },
    onSuccess: (answer) => {
      showSuccess(answer.message);
      onClose();
    },
  });
  return (
    <Modal title={messages.common.confirmTitle} onClose={onClose}>
      <p>{fill(m.cancelQuestion, { title: purchase.title })}</p>
      <Formik
        initialValues={{ reason: '' }}
        validationSchema={purchaseCancelSchema}
        onSubmit={async (values) => {
          await cancel.mutateAsync({ purchaseId: purchase.purchase_id, reason: values.reason.trim() }).catch(() => {
            // Shown below the field from the mutation's error.
          });
        }}
      >
        {({ isSubmitting }) => (
          <Form noValidate>
            <TextField name="reason" label={fieldLabels.reason} autoComplete="off" maxLength={500} />
            <FormError message={cancel.error ? apiErrorText(cancel.error) : null} />
            <div className="modal__actions">
              <button type="submit" className="button" disabled={isSubmitting} aria-busy={isSubmitting}>
                {m.confirmCancel}
              </button>
              <button type="button" className="button button--secondary" onClick={onClose}>
                {m.keepPurchase}
              </button>
            </div>
            <FocusFirstError />
          </Form>
        )}
      </Formik>
    </Modal>
  );
}
