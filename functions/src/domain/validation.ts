import type { ValidationError } from 'yup';
import { type AppError, invalidFields } from './errors';

/**
 * A yup ValidationError (from the schemas shared with the forms) as the
 * domain's invalid-fields error: the first message of each path; an error
 * without a path is filed under '_'.
 */
export function toValidationAppError(error: ValidationError): AppError {
  const fields: Record<string, string> = {};
  const inner = error.inner.length > 0 ? error.inner : [error];
  for (const item of inner) {
    const path = item.path && item.path.length > 0 ? item.path : '_';
    fields[path] ??= item.message;
  }
  return invalidFields(fields);
}
