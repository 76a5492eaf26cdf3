import type { RequestHandler } from 'express';
import { ValidationError, type Schema } from 'yup';
import { messages, fill } from '@studio/shared/messages';
import { AppError } from './app-error';

type Source = 'body' | 'query';

const labels: Record<string, string> = messages.fields;

/** 'entries[0].value' is labelled as its last field name ('value'); unknown names show as they are. */
function labelOf(path: string): string {
  const last = path.replace(/\[\d+\]/g, '').split('.').pop() ?? path;
  return labels[last] ?? path;
}

/**
 * The API's 400 for invalid fields, wherever they are found (the validation
 * middleware, or a service rule that needs stored data): each field keeps its
 * own message; the summary names the one field by its label, or says several are wrong.
 */
export function invalidFields(fields: Record<string, string>): AppError {
  const paths = Object.keys(fields);
  const only = paths.length === 1 ? paths[0] : undefined;
  const message =
    only === undefined
      ? messages.validation.missingFields
      : only === '_'
        ? (fields._ ?? messages.validation.missingFields)
        : fill(messages.validation.requiredField, { label: labelOf(only) });
  return new AppError('invalid', 'invalid-argument', message, fields);
}

/** Turns a yup ValidationError into the API's 400. */
export function toValidationAppError(error: ValidationError): AppError {
  const fields: Record<string, string> = {};
  const inner = error.inner.length > 0 ? error.inner : [error];
  for (const item of inner) {
    const path = item.path && item.path.length > 0 ? item.path : '_';
    fields[path] ??= item.message;
  }
  return invalidFields(fields);
}

/**
 * Validates a request part with the same yup schema the form uses. Bodies are
 * validated strictly (no type coercion: a number sent as text is an error);
 * query strings are text by nature, so they are cast. The validated value
 * replaces the original (req.query is read-only in Express 5, so it is kept
 * on res.locals.query).
 */
export function validate(schema: Schema, source: Source = 'body'): RequestHandler {
  return async (req, res, next) => {
    try {
      const input: unknown = source === 'body' ? req.body : { ...req.query };
      const value: unknown = await schema.validate(input, { abortEarly: false, strict: source === 'body' });
      if (source === 'body') req.body = value;
      else res.locals.query = value;
      next();
    } catch (error) {
      next(error instanceof ValidationError ? toValidationAppError(error) : error);
    }
  };
}
