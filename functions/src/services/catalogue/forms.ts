import { catalogueMessages } from '@studio/shared/messages/catalogue';
import { ADDRESS_FORM_ID, type FormCreateInput, type FormFieldInput, type FormUpdateInput } from '@studio/shared/schemas/catalogue/forms';
import type { Form, FormField } from '@studio/shared/types/catalogue';
import { type FormDoc, getRecord, type StoredFormField } from '../../data/repos/catalogue-repo';
import type { Deps } from '../../deps';
import { AppError } from '../../domain/errors';
import { archiveDoc, type CatalogueResource, createDoc, type CrudOperations, getLiveDoc, listLiveDocs, updateDoc } from './records';
import { optionalText, stamps } from './values';

const m = catalogueMessages.forms;

function storedField(field: FormFieldInput, position: number): StoredFormField {
  return {
    key: field.key,
    position,
    name: field.name?.trim() || field.key,
    label: field.label.trim(),
    type: field.type,
    required: field.required ?? false,
    step: field.step ?? null,
    order: field.order ?? null,
    options: (field.options ?? []).map((option) => ({ label: option.label.trim(), value: option.value })),
    className: optionalText(field.className, null),
    value: field.value ?? null,
  };
}

function storedFields(fields: FormFieldInput[]): Record<string, StoredFormField> {
  return Object.fromEntries(fields.map((field, position) => [field.key, storedField(field, position)]));
}

function fieldDtos(doc: FormDoc): FormField[] {
  return Object.values(doc.form_fields)
    .sort((a, b) => a.position - b.position)
    .map(({ position: _position, ...field }) => ({ ...field, options: field.options.map((option) => ({ ...option })) }));
}

/**
 * ADR 0013: form 6 is the billing address, the nested form of every 'address'
 * field. Its fields mirror the address record the API validates, so it is
 * read-only here; changing it would make the form and the server disagree.
 */
const refuseAddressForm = (formId: number) => {
  if (formId === ADDRESS_FORM_ID) throw new AppError('conflict', 'forms/address-form-locked', m.addressFormLocked);
};

export const formsResource: CatalogueResource<'form_id', FormDoc, Form, FormCreateInput> = {
  collection: 'forms',
  idField: 'form_id',
  notFound: m.notFound,
  // Admins' forms never become "the address form", even on a project whose counter starts at 0.
  reservedIds: ADDRESS_FORM_ID,
  fields: (input, before) => ({
    name: input.name.trim(),
    description: optionalText(input.description, before?.description),
    form_fields: storedFields(input.form_fields),
  }),
  toDto: (doc) => ({ form_id: doc.form_id, name: doc.name, description: doc.description, form_fields: fieldDtos(doc), ...stamps(doc) }),
  async checkSave(_deps, _tx, _next, before) {
    if (before) refuseAddressForm(before.form_id);
  },
  async checkDelete(_deps, _tx, doc) {
    refuseAddressForm(doc.form_id);
  },
};

/** Address fields carry the address form's fields, so a client renders any form from one answer. */
function withAddressFields(form: Form, addressFields: FormField[]): Form {
  return {
    ...form,
    form_fields: form.form_fields.map((field) => (field.type === 'address' ? { ...field, form_id: ADDRESS_FORM_ID, form_fields: addressFields } : field)),
  };
}

async function addressFormFields(deps: Deps): Promise<FormField[]> {
  const doc = await getRecord<FormDoc>(deps.store, 'forms', ADDRESS_FORM_ID);
  return doc && !doc.deletedAt ? fieldDtos(doc) : [];
}

async function show(deps: Deps, doc: FormDoc): Promise<Form> {
  const form = formsResource.toDto(doc);
  const needsAddress = Object.values(doc.form_fields).some((field) => field.type === 'address');
  return needsAddress ? withAddressFields(form, await addressFormFields(deps)) : form;
}

export const formOperations: CrudOperations<Form, FormCreateInput, FormUpdateInput> = {
  async list(deps) {
    const docs = await listLiveDocs(deps, formsResource);
    const addressForm = docs.find((doc) => doc.form_id === ADDRESS_FORM_ID);
    const addressFields = addressForm ? fieldDtos(addressForm) : await addressFormFields(deps);
    return docs.map((doc) => withAddressFields(formsResource.toDto(doc), addressFields));
  },
  get: async (deps, id) => show(deps, await getLiveDoc(deps, formsResource, id)),
  create: async (deps, input) => show(deps, await createDoc(deps, formsResource, input)),
  update: async (deps, input) => show(deps, await updateDoc(deps, formsResource, input)),
  remove: (deps, id) => archiveDoc(deps, formsResource, id),
};
