import { fill, messages } from '@studio/shared/messages';
import { dynamicFormMessages } from '@studio/shared/messages/dynamic-form';
import {
  compactAnswers,
  type DynamicField,
  type DynamicValue,
  type DynamicValues,
  dynamicValuesSchema,
  summaryMessage,
} from '@studio/shared/schemas/dynamic-form';
import type { StudioFileRef } from '@studio/shared/schemas/file';
import type { Customer } from '@studio/shared/types/customers';
import { ValidationError } from 'yup';
import type { VerifiedIdentity } from '../../data/auth/auth-gateway';
import { type CustomerDoc, getCustomerByUid, setCustomValues } from '../../data/repos/customers-repo';
import type { Transaction } from '../../data/store/types';
import type { Deps } from '../../deps';
import { AppError } from '../../domain/errors';
import { findFileRef } from '../files/file-refs';
import { showCustomer } from './get-customer';
import { listCustomerFields } from './pending-fields';

/** The request's field paths (`values.<key>`), with the summary naming the field by its label, as the form does. */
function refused(fields: readonly DynamicField[], byPath: Record<string, string>): AppError {
  const byKey = Object.fromEntries(Object.entries(byPath).map(([path, message]) => [path.split('.')[0] ?? path, message]));
  const bodyFields = Object.fromEntries(Object.entries(byPath).map(([path, message]) => [`values.${path}`, message]));
  return new AppError('invalid', 'invalid-argument', summaryMessage(byKey, fields), bodyFields);
}

async function checkAnswers(fields: readonly DynamicField[], values: Record<string, unknown>): Promise<void> {
  try {
    // Strict: the API takes answers as typed (a number sent as text is wrong), like every other body.
    await dynamicValuesSchema(fields).validate(values, { abortEarly: false, strict: true });
  } catch (error) {
    if (!(error instanceof ValidationError)) throw error;
    const byPath: Record<string, string> = {};
    for (const item of error.inner.length > 0 ? error.inner : [error]) byPath[item.path || '_'] ??= item.message;
    throw refused(fields, byPath);
  }
}

/**
 * Files must be the caller's own uploads; what is stored is the server's
 * reference (name, type, src), never what the client claimed.
 */
async function ownFiles(deps: Deps, tx: Transaction, uid: string, fields: readonly DynamicField[], values: DynamicValues): Promise<DynamicValues> {
  const result: DynamicValues = { ...values };
  const missing: Record<string, string> = {};
  for (const field of fields) {
    const value = values[field.key];
    if ((field.type !== 'file' && field.type !== 'image') || value === undefined) continue;
    const claimed = (Array.isArray(value) ? value : [value]) as StudioFileRef[];
    const found = await Promise.all(claimed.map((ref) => findFileRef(deps, ref.file_id, { ownerUid: uid }, tx)));
    const lost = claimed.find((_ref, index) => found[index] === null);
    if (lost) missing[field.key] = fill(dynamicFormMessages.validation.fileMissing, { name: lost.name });
    else result[field.key] = (Array.isArray(value) ? found : found[0]) as DynamicValue;
  }
  if (Object.keys(missing).length > 0) throw refused(fields, missing);
  return result;
}

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
    await checkAnswers(fields, values);
    const answers = await ownFiles(deps, tx, identity.uid, fields, compactAnswers(values as DynamicValues));
    const after: CustomerDoc = { ...before, custom_values: answers, updatedAt: deps.now() };
    setCustomValues(deps.store, tx, after.uid, answers, after.updatedAt);
    return { doc: after, fields };
  });
  return showCustomer(deps, doc, identity.admin, fields);
}
