import { messages } from '@studio/shared/messages';
import type { RequestHandler } from 'express';
import { type Schema, ValidationError } from 'yup';
import { invalidFields } from '../domain/errors';
import { jsonShapeProblem, tooDeep } from '../domain/json-shape';
import { toValidationAppError } from '../domain/validation';

type Source = 'body' | 'query';

/** The middleware keeps what it checks, so tests can find every route's schemas in the router (functions/test/unit/route-table.ts). */
export type ValidatingHandler = RequestHandler & { readonly schema: Schema; readonly source: Source };

/**
 * Validates a request part with the same yup schema the form uses. Bodies are
 * validated strictly (no type coercion: a number sent as text is an error);
 * query strings are text by nature, so they are cast. The validated value
 * replaces the original (req.query is read-only in Express 5, so it is kept
 * on res.locals.query).
 */
export function validate(schema: Schema, source: Source = 'body'): ValidatingHandler {
  const handler: RequestHandler = async (req, res, next) => {
    try {
      const input: unknown = source === 'body' ? req.body : { ...req.query };
      // Bodies were checked by jsonBody already; this keeps validate() safe wherever its input comes from.
      const problem = jsonShapeProblem(input);
      if (problem?.kind === 'too-deep') {
        next(tooDeep());
        return;
      }
      if (problem?.kind === 'inherited-key') {
        next(invalidFields({ [problem.path]: messages.validation.invalidValue }));
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
  return Object.assign(handler, { schema, source });
}
