import { fill } from '@studio/shared/messages';
import { dynamicFormMessages } from '@studio/shared/messages/dynamic-form';
import { type DynamicField, type DynamicValue, type DynamicValues, dynamicValuesSchema, summaryMessage } from '@studio/shared/schemas/dynamic-form';
import type { StudioFileRef } from '@studio/shared/schemas/file';
import { ValidationError } from 'yup';
import type { Transaction } from '../../data/store/types';
import type { Deps } from '../../deps';
import { AppError } from '../../domain/errors';
import { findFileRef } from '../files/file-refs';

/**
 * Answers to a studio's custom fields, wherever they are asked (the profile's
 * `values`, a booking's `custom_values`): checked by the form's own rules
 * (ADR 0086), the refusal naming each field by the request's path
 * (`<envelope>.<key>`) and summarised by its label, as the form does.
 */
function refused(envelope: string, fields: readonly DynamicField[], byPath: Record<string, string>): AppError {
  const byKey = Object.fromEntries(Object.entries(byPath).map(([path, message]) => [path.split('.')[0] ?? path, message]));
  const bodyFields = Object.fromEntries(Object.entries(byPath).map(([path, message]) => [`${envelope}.${path}`, message]));
  return new AppError('invalid', 'invalid-argument', summaryMessage(byKey, fields), bodyFields);
}

export async function checkAnswers(envelope: string, fields: readonly DynamicField[], values: Record<string, unknown>): Promise<void> {
  try {
    // Strict: the API takes answers as typed (a number sent as text is wrong), like every other body.
    await dynamicValuesSchema(fields).validate(values, { abortEarly: false, strict: true });
  } catch (error) {
    if (!(error instanceof ValidationError)) throw error;
    const byPath: Record<string, string> = {};
    for (const item of error.inner.length > 0 ? error.inner : [error]) byPath[item.path || '_'] ??= item.message;
    throw refused(envelope, fields, byPath);
  }
}

/**
 * Files must be the caller's own uploads; what is stored is the server's
 * reference (name, type, src), never what the client claimed. No reads when
 * no file is answered.
 */
export async function ownFiles(
  deps: Pick<Deps, 'store'>,
  tx: Transaction,
  uid: string,
  envelope: string,
  fields: readonly DynamicField[],
  values: DynamicValues,
): Promise<DynamicValues> {
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
  if (Object.keys(missing).length > 0) throw refused(envelope, fields, missing);
  return result;
}
