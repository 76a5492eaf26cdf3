import { messages } from '@studio/shared/messages';
import type { RequestHandler } from 'express';
import { type Schema, ValidationError } from 'yup';
import { invalidFields } from '../domain/errors';
import { toValidationAppError } from '../domain/validation';

type Source = 'body' | 'query';

/**
 * The path of the first key, at any depth, named like a member of
 * Object.prototype ('__proto__', 'constructor', 'toString'…). yup looks
 * fields up on a plain object, so such a key finds an inherited function
 * instead of a schema (a 500), and an unknown '__proto__' it copies would
 * set the validated value's prototype.
 */
function inheritedKeyPath(value: unknown, path = ''): string | null {
  if (typeof value !== 'object' || value === null) return null;
  for (const [key, child] of Object.entries(value)) {
    const childPath = path ? `${path}.${key}` : key;
    if (key in Object.prototype) return childPath;
    const found = inheritedKeyPath(child, childPath);
    if (found !== null) return found;
  }
  return null;
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
      const inherited = inheritedKeyPath(input);
      if (inherited !== null) {
        next(invalidFields({ [inherited]: messages.validation.invalidValue }));
        return;
      }
      const value: unknown = await schema.validate(input, { abortEarly: false, strict: source === 'body' });
      if (source === 'body') req.body = value;
      else res.locals.query = value;
      next();
    } catch (error) {
      next(error instanceof ValidationError ? toValidationAppError(error) : error);
    }
  };
}
