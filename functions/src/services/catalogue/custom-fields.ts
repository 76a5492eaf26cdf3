import { catalogueMessages } from '@studio/shared/messages/catalogue';
import type { CustomFieldCreateInput, CustomFieldQuery } from '@studio/shared/schemas/catalogue/custom-fields';
import type { CustomField } from '@studio/shared/types/catalogue';
import { type CustomFieldDoc, listRecords } from '../../data/repos/catalogue-repo';
import { AppError } from '../../domain/errors';
import { type CatalogueResource, type CrudOperations, crudOperations, listLiveDocs } from './records';
import { stamps } from './values';

const m = catalogueMessages.customFields;

export const customFieldsResource: CatalogueResource<'custom_field_id', CustomFieldDoc, CustomField, CustomFieldCreateInput> = {
  collection: 'custom_fields',
  idField: 'custom_field_id',
  notFound: m.notFound,
  fields: (input) => ({
    key: input.key,
    label: input.label.trim(),
    type: input.type,
    object: input.object,
    required: input.required ?? false,
    options: (input.options ?? []).map((option) => ({ label: option.label.trim(), value: option.value })),
  }),
  toDto: (doc) => ({
    custom_field_id: doc.custom_field_id,
    key: doc.key,
    label: doc.label,
    type: doc.type,
    object: doc.object,
    required: doc.required,
    options: doc.options.map((option) => ({ ...option })),
    ...stamps(doc),
  }),
  /** A key names one value on the record it extends, so it is unique per object type. */
  async checkSave(deps, tx, next, before) {
    const sameKey = await listRecords<CustomFieldDoc>(deps.store, 'custom_fields', { field: 'key', value: next.key }, tx);
    if (sameKey.some((doc) => !doc.deletedAt && doc.object === next.object && doc.custom_field_id !== before?.custom_field_id)) {
      throw new AppError('conflict', 'custom_fields/key-taken', m.keyTaken, { key: m.keyTaken });
    }
  },
};

const plain = crudOperations(customFieldsResource);

export const customFieldOperations: CrudOperations<
  CustomField,
  CustomFieldCreateInput,
  CustomFieldCreateInput & { custom_field_id: number },
  CustomFieldQuery
> = {
  ...plain,
  /** GET /custom_fields?object=customer: the fields of one object type (all without the filter). */
  list: async (deps, query) => {
    const docs = await listLiveDocs(deps, customFieldsResource, query?.object ? { field: 'object', value: query.object } : undefined);
    return docs.map(customFieldsResource.toDto);
  },
};
