import { type DynamicField, pendingFieldKeys } from '@studio/shared/schemas/dynamic-form';
import type { Customer } from '@studio/shared/types/customers';
import type { Transaction } from '../../data/store/types';
import type { Deps } from '../../deps';
import { listLiveFields } from '../custom-values/list-fields';

/** The studio's live custom fields of object 'customer': the extra questions of every customer's profile (ADR 0086). */
export function listCustomerFields(deps: Pick<Deps, 'store'>, tx?: Transaction): Promise<DynamicField[]> {
  return listLiveFields(deps, 'customer', tx);
}

/** A customer answer with its pending fields, for services that build the answer without them (sign-up, profile edit). */
export async function withPendingFields(deps: Pick<Deps, 'store'>, customer: Customer): Promise<Customer> {
  const fields = await listCustomerFields(deps);
  return { ...customer, pending_fields: pendingFieldKeys(fields, customer.custom_values ?? {}) };
}
