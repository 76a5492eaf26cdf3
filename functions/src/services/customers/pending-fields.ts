import { type DynamicField, pendingFieldKeys } from '@studio/shared/schemas/dynamic-form';
import type { Customer } from '@studio/shared/types/customers';
import { type CustomFieldDoc, listRecords } from '../../data/repos/catalogue-repo';
import type { Transaction } from '../../data/store/types';
import type { Deps } from '../../deps';

/**
 * The studio's live custom fields of object 'customer', in id order: the extra
 * questions of every customer's profile (ADR 0086). Read through the
 * transaction when saving, so answers are checked against the fields as they are.
 */
export async function listCustomerFields(deps: Pick<Deps, 'store'>, tx?: Transaction): Promise<DynamicField[]> {
  const docs = await listRecords<CustomFieldDoc>(deps.store, 'custom_fields', { field: 'object', value: 'customer' }, tx);
  return docs
    .filter((doc) => !doc.deletedAt)
    .sort((a, b) => a.custom_field_id - b.custom_field_id)
    .map((doc) => ({ key: doc.key, label: doc.label, type: doc.type, required: doc.required, options: doc.options }));
}

/** A customer answer with its pending fields, for services that build the answer without them (sign-up, profile edit). */
export async function withPendingFields(deps: Pick<Deps, 'store'>, customer: Customer): Promise<Customer> {
  const fields = await listCustomerFields(deps);
  return { ...customer, pending_fields: pendingFieldKeys(fields, customer.custom_values ?? {}) };
}
