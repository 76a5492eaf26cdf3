import { messages } from '@studio/shared/messages';
import type { Request, RequestHandler, Response } from 'express';
import { type InferType, type Schema, ValidationError } from 'yup';
import { invalidFields } from '../domain/errors';
import { jsonShapeProblem, tooDeep } from '../domain/json-shape';
import { toValidationAppError } from '../domain/validation';

type Source = 'body' | 'query';

/** Where validate() leaves the value it checked; only the helpers below read it. */
const VALIDATED = 'validatedInput';
const VALIDATED_PARAMS = 'validatedParams';

/** The middleware keeps what it checks, so tests can find every route's schemas in the router (functions/test/unit/http/route-table.ts). */
export type ValidatingHandler = RequestHandler & { readonly schema: Schema; readonly source: Source };

/**
 * Validates a request part with the same yup schema the form uses. Bodies are
 * validated strictly (no type coercion: a number sent as text is an error);
 * query strings are text by nature, so they are cast. Handlers receive the
 * validated value through withBody or withQuery, never from req.body or
 * req.query (lint refuses both in routes/).
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
      // The body keeps its validated value too: the idempotency key's fingerprint reads it (http/idempotency-key.ts).
      if (source === 'body') req.body = value;
      res.locals[VALIDATED] = value;
      next();
    } catch (error) {
      next(error instanceof ValidationError ? toValidationAppError(error) : error);
    }
  };
  return Object.assign(handler, { schema, source });
}

/** A route handler given the request's validated input, typed by the schema that checked it. */
export type InputHandler<T> = (input: T, req: Request, res: Response) => Promise<void> | void;

function withInput<S extends Schema>(schema: S, source: Source, handler: InputHandler<InferType<S>>): readonly [ValidatingHandler, RequestHandler] {
  return [
    validate(schema, source),
    // The one place the checked value meets its type: validate() stored exactly what this schema returned.
    (req, res) => handler(res.locals[VALIDATED] as InferType<S>, req, res),
  ];
}

/**
 * The JSON body, validated by `schema`, handed to `handler` as the schema's
 * own type (epic-stack and cal.com do the same with zod): a service can only
 * receive what the schema guarantees. Spread it into the route:
 * `router.post('/', requireUser, ...withBody(schema, async (input, req, res) => …))`.
 */
export function withBody<S extends Schema>(schema: S, handler: InputHandler<InferType<S>>): readonly [ValidatingHandler, RequestHandler] {
  return withInput(schema, 'body', handler);
}

/** The query string, cast and validated by `schema`, handed to `handler` as the schema's type. */
export function withQuery<S extends Schema>(schema: S, handler: InputHandler<InferType<S>>): readonly [ValidatingHandler, RequestHandler] {
  return withInput(schema, 'query', handler);
}

/**
 * The path's parameters, checked strictly by `schema` (they are text, as the
 * schema expects) and handed to `handler` typed: a malformed id is a 400
 * before any lookup. Name the route's parameters as the schema's fields
 * ('/:notification_id/read'). Not on the route table's validators: the
 * fuzzing tests fill parameters themselves.
 */
export function withParams<S extends Schema>(schema: S, handler: InputHandler<InferType<S>>): readonly [RequestHandler, RequestHandler] {
  return [
    async (req, res, next) => {
      try {
        res.locals[VALIDATED_PARAMS] = await schema.validate({ ...req.params }, { abortEarly: false, strict: true });
        next();
      } catch (error) {
        next(error instanceof ValidationError ? toValidationAppError(error) : error);
      }
    },
    // As in withInput: the value stored is exactly what this schema returned.
    (req, res) => handler(res.locals[VALIDATED_PARAMS] as InferType<S>, req, res),
  ];
}
