import type { Router } from 'express';
import type { InferType, Schema } from 'yup';
import type { Deps } from '../deps';
import { requireAdmin } from '../http/authenticate';
import { numericParam } from '../http/params';
import { publicCache } from '../http/public-cache';
import { withBody, withQuery } from '../http/validate';
import type { CrudOperations } from '../services/catalogue/records';

/**
 * A resource's routes, typed by its schemas: the operations must accept what
 * the create and update schemas return (and the list query's, when there is one).
 */
export interface CrudRouteSpec<Dto, Create extends Schema, Update extends Schema, Query extends Schema | undefined = undefined> {
  /** Wrapper keys (docs/api/README.md): { location } and { locations }. */
  one: string;
  many: string;
  operations: CrudOperations<Dto, InferType<Create>, InferType<Update>, Query extends Schema ? InferType<Query> : never>;
  createSchema: Create;
  updateSchema: Update;
  /** The list route's query string, when it takes one. */
  listQuery?: Query;
}

/**
 * The five routes of a catalogue resource: GET / and GET /:id for everyone
 * (the public site reads them), POST /, PUT / (id in the body, as the spec's
 * clients send it) and DELETE /:id for admins. A resource's own routes
 * (/available, /home/all) go on the router first, so '/:id' does not take them.
 */
export function addCrudRoutes<Dto, Create extends Schema, Update extends Schema, Query extends Schema | undefined = undefined>(
  router: Router,
  deps: Deps,
  spec: CrudRouteSpec<Dto, Create, Update, Query>,
): Router {
  const { operations: ops } = spec;

  if (spec.listQuery) {
    router.get(
      '/',
      publicCache('catalogue'),
      ...withQuery(spec.listQuery, async (query, _req, res) => {
        res.json({ [spec.many]: await ops.list(deps, query) });
      }),
    );
  } else {
    router.get('/', publicCache('catalogue'), async (_req, res) => {
      res.json({ [spec.many]: await ops.list(deps) });
    });
  }

  router.get('/:id', publicCache('catalogue'), async (req, res) => {
    res.json({ [spec.one]: await ops.get(deps, numericParam(req.params.id, 'id')) });
  });

  addAdminWriteRoutes(router, deps, {
    one: spec.one,
    createSchema: spec.createSchema,
    updateSchema: spec.updateSchema,
    create: ops.create,
    update: ops.update,
    remove: ops.remove,
  });

  return router;
}

/** What addAdminWriteRoutes needs: the wrapper key, the schemas and the three writes. */
export interface AdminWriteSpec<Create extends Schema, Update extends Schema> {
  /** Wrapper key of the answer: { discount }. */
  one: string;
  createSchema: Create;
  updateSchema: Update;
  create: (deps: Deps, input: InferType<Create>) => Promise<unknown>;
  update: (deps: Deps, input: InferType<Update>) => Promise<unknown>;
  remove: (deps: Deps, id: number) => Promise<unknown>;
}

/**
 * An admin-managed resource's writes: POST / (201 with the record), PUT /
 * (id in the body, as the spec's clients send it) and DELETE /:id (204),
 * all for admins; bodies checked by the API's own schemas.
 */
export function addAdminWriteRoutes<Create extends Schema, Update extends Schema>(router: Router, deps: Deps, spec: AdminWriteSpec<Create, Update>): Router {
  router.post(
    '/',
    requireAdmin,
    ...withBody(spec.createSchema, async (input, _req, res) => {
      res.status(201).json({ [spec.one]: await spec.create(deps, input) });
    }),
  );

  router.put(
    '/',
    requireAdmin,
    ...withBody(spec.updateSchema, async (input, _req, res) => {
      res.json({ [spec.one]: await spec.update(deps, input) });
    }),
  );

  router.delete('/:id', requireAdmin, async (req, res) => {
    await spec.remove(deps, numericParam(req.params.id, 'id'));
    res.status(204).end();
  });

  return router;
}
