import type { RequestHandler } from 'express';
import { type Schema, ValidationError } from 'yup';
import { toValidationAppError } from '../domain/validation';

type Source = 'body' | 'query';

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
