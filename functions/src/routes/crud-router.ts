import type { Router } from 'express';
import type { Schema } from 'yup';
import type { Deps } from '../deps';
import { requireAdmin } from '../http/authenticate';
import { numericParam } from '../http/params';
import { publicCache } from '../http/public-cache';
import { queryOf } from '../http/request-context';
import { validate } from '../http/validate';
import type { CrudOperations } from '../services/catalogue/records';

export interface CrudRouteSpec<Dto, CreateInput, UpdateInput, Query> {
  /** Wrapper keys (docs/api/README.md): { location } and { locations }. */
  one: string;
  many: string;
  operations: CrudOperations<Dto, CreateInput, UpdateInput, Query>;
  createSchema: Schema;
  updateSchema: Schema;
  /** The list route's query string, when it takes one. */
  listQuery?: Schema;
}

/**
 * The five routes of a catalogue resource: GET / and GET /:id for everyone
 * (the public site reads them), POST /, PUT / (id in the body, as the spec's
 * clients send it) and DELETE /:id for admins. A resource's own routes
 * (/available, /home/all) go on the router first, so '/:id' does not take them.
 */
export function addCrudRoutes<Dto, CreateInput, UpdateInput, Query>(
  router: Router,
  deps: Deps,
  spec: CrudRouteSpec<Dto, CreateInput, UpdateInput, Query>,
): Router {
  const { operations: ops } = spec;
  const listValidation = spec.listQuery ? [validate(spec.listQuery, 'query')] : [];

  router.get('/', publicCache('catalogue'), ...listValidation, async (_req, res) => {
    res.json({ [spec.many]: await ops.list(deps, queryOf<Query>(res)) });
  });

  router.get('/:id', publicCache('catalogue'), async (req, res) => {
    res.json({ [spec.one]: await ops.get(deps, numericParam(req.params.id, 'id')) });
  });

  router.post('/', requireAdmin, validate(spec.createSchema), async (req, res) => {
    res.status(201).json({ [spec.one]: await ops.create(deps, req.body) });
  });

  router.put('/', requireAdmin, validate(spec.updateSchema), async (req, res) => {
    res.json({ [spec.one]: await ops.update(deps, req.body) });
  });

  router.delete('/:id', requireAdmin, async (req, res) => {
    await ops.remove(deps, numericParam(req.params.id, 'id'));
    res.status(204).end();
  });

  return router;
}
