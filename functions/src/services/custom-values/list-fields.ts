import type { CustomFieldObject } from '@studio/shared/schemas/catalogue/custom-fields';
import type { DynamicField } from '@studio/shared/schemas/dynamic-form';
import { type CustomFieldDoc, listRecords } from '../../data/repos/catalogue-repo';
import type { Transaction } from '../../data/store/types';
import type { Deps } from '../../deps';

/**
 * The studio's live custom fields of one object ('customer': the profile's
 * extra questions, ADR 0086; 'class_reservation': the questions asked at
 * booking, ADR 0115), in id order. Read through the transaction when
 * answers are saved, so they are checked against the fields as they are.
 */
export async function listLiveFields(deps: Pick<Deps, 'store'>, object: CustomFieldObject, tx?: Transaction): Promise<DynamicField[]> {
  const docs = await listRecords<CustomFieldDoc>(deps.store, 'custom_fields', { field: 'object', value: object }, tx);
  return docs
    .filter((doc) => !doc.deletedAt)
    .sort((a, b) => a.custom_field_id - b.custom_field_id)
    .map((doc) => ({ key: doc.key, label: doc.label, type: doc.type, required: doc.required, options: doc.options }));
}
