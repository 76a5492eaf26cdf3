import { messages } from '@studio/shared/messages';
import { compactAnswers, type DynamicValues } from '@studio/shared/schemas/dynamic-form';
import type { Customer } from '@studio/shared/types/customers';
import type { VerifiedIdentity } from '../../data/auth/auth-gateway';
import { type CustomerDoc, getCustomerByUid, setCustomValues } from '../../data/repos/customers-repo';
import type { Deps } from '../../deps';
import { AppError } from '../../domain/errors';
import { checkAnswers, ownFiles } from '../custom-values/check-answers';
import { showCustomer } from './get-customer';
import { listCustomerFields } from './pending-fields';

/**
 * PUT /customer/custom_values: replaces the caller's answers to the studio's
 * customer custom fields with `values`, checked by the same rules as the form
 * (ADR 0086). Empty answers are not stored; answers to fields that no longer
 * exist are dropped by the replacement. A refused request writes nothing.
 */
export async function saveCustomValues(deps: Deps, identity: VerifiedIdentity, values: Record<string, unknown>): Promise<Customer> {
  const { doc, fields } = await deps.store.runTransaction(async (tx) => {
    const before = await getCustomerByUid(deps.store, identity.uid, tx);
    if (!before) throw new AppError('not-found', 'customer/not-found', messages.customer.notFound);
    const fields = await listCustomerFields(deps, tx);
    await checkAnswers('values', fields, values);
    const answers = await ownFiles(deps, tx, identity.uid, 'values', fields, compactAnswers(values as DynamicValues));
    const after: CustomerDoc = { ...before, custom_values: answers, updatedAt: deps.now() };
    setCustomValues(deps.store, tx, after.uid, answers, after.updatedAt);
    return { doc: after, fields };
  });
  return showCustomer(deps, doc, identity.admin, fields);
}
