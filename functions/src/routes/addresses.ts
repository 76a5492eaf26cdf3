import { addressCreateSchema, addressListQuerySchema, addressUpdateSchema } from '@studio/shared/schemas/catalogue/addresses';
import { Router } from 'express';
import type { Deps } from '../deps';
import { requireUser } from '../http/authenticate';
import { numericParam } from '../http/params';
import { identityOf } from '../http/request-context';
import { withBody, withQuery } from '../http/validate';
import { createAddress, deleteAddress, getAddress, listAddresses, updateAddress } from '../services/catalogue/addresses';

/** /api/addresses: the signed-in customer's billing addresses; admins may read anyone's. */
export function addressRoutes(deps: Deps): Router {
  const router = Router();
  router.use(requireUser);

  router.get(
    '/',
    ...withQuery(addressListQuerySchema, async (query, req, res) => {
      res.json({ addresses: await listAddresses(deps, identityOf(req), query) });
    }),
  );

  router.get('/:id', async (req, res) => {
    res.json({ address: await getAddress(deps, identityOf(req), numericParam(req.params.id, 'id')) });
  });

  router.post(
    '/',
    ...withBody(addressCreateSchema, async (input, req, res) => {
      res.status(201).json({ address: await createAddress(deps, identityOf(req), input) });
    }),
  );

  router.put(
    '/',
    ...withBody(addressUpdateSchema, async (input, req, res) => {
      res.json({ address: await updateAddress(deps, identityOf(req), input) });
    }),
  );

  router.delete('/:id', async (req, res) => {
    await deleteAddress(deps, identityOf(req), numericParam(req.params.id, 'id'));
    res.status(204).end();
  });

  return router;
}
