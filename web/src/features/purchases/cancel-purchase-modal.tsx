import { formatStudioDate } from '@studio/shared/format/dates';
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
import { isRunningSubscription } from './purchase-format';
import { cancelPurchase, purchasesKeys } from './purchases-api';

/** What a cancelled subscription keeps: what was paid lasts until its period ends (the next charge that will not come). */
function whatRemains(purchase: Purchase, timezone: string): string {
  if (!purchase.next_charge_at) return m.cancelSubscriptionNow;
  const date = formatStudioDate(purchase.next_charge_at, timezone);
  return fill(purchase.class_package.is_trial ? m.cancelTrialKeeps : m.cancelSubscriptionKeeps, { date });
}

/**
 * 'Precaución': a purchase is cancelled only with a reason (customer-area §4,
 * §5). A pending one gives its place back; a running subscription or trial
 * stops charging, and the modal says what stays until when.
 */
export function CancelPurchaseModal({ purchase, timezone, onClose }: { purchase: Purchase; timezone: string; onClose: () => void }) {
  const subscription = isRunningSubscription(purchase);
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
      <p>{fill(subscription ? m.cancelSubscriptionQuestion : m.cancelQuestion, { title: purchase.title })}</p>
      {subscription && <p className="cancel-remains">{whatRemains(purchase, timezone)}</p>}
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
                {subscription ? m.cancelSubscription : m.confirmCancel}
              </button>
              <button type="button" className="button button--secondary" onClick={onClose}>
                {subscription ? m.keepSubscription : m.keepPurchase}
              </button>
            </div>
            <FocusFirstError />
          </Form>
        )}
      </Formik>
    </Modal>
  );
}
