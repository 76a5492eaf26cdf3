import type { RequestHandler } from 'express';
import { ValidationError, type Schema } from 'yup';
import { messages, fill } from '@studio/shared/messages';
import { AppError } from './app-error';

type Source = 'body' | 'query';

const labels: Record<string, string> = messages.fields;

/** Turns a yup ValidationError into the API's 400: per-field messages plus one summary line. */
export function toValidationAppError(error: ValidationError): AppError {
  const fields: Record<string, string> = {};
  const inner = error.inner.length > 0 ? error.inner : [error];
  for (const item of inner) {
    const path = item.path && item.path.length > 0 ? item.path : '_';
    fields[path] ??= item.message;
  }
  const paths = Object.keys(fields);
  const only = paths.length === 1 ? paths[0] : undefined;
  const message =
    only === undefined
      ? messages.validation.missingFields
      : only === '_'
        ? (fields._ ?? messages.validation.missingFields)
        : fill(messages.validation.requiredField, { label: labels[only.replace(/\[\d+\]$/, '')] ?? only });
  return new AppError('invalid', 'invalid-argument', message, fields);
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
