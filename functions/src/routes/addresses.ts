import { addressCreateSchema, type AddressListQuery, addressListQuerySchema, addressUpdateSchema } from '@studio/shared/schemas/catalogue/addresses';
import { Router } from 'express';
import type { Deps } from '../deps';
import { requireUser } from '../http/authenticate';
import { numericParam } from '../http/params';
import { identityOf, queryOf } from '../http/request-context';
import { validate } from '../http/validate';
import { createAddress, deleteAddress, getAddress, listAddresses, updateAddress } from '../services/catalogue/addresses';

/** /api/addresses: the signed-in customer's billing addresses; admins may read anyone's. */
export function addressRoutes(deps: Deps): Router {
  const router = Router();
  router.use(requireUser);

  router.get('/', validate(addressListQuerySchema, 'query'), async (req, res) => {
    res.json({ addresses: await listAddresses(deps, identityOf(req), queryOf<AddressListQuery>(res)) });
  });

  router.get('/:id', async (req, res) => {
    res.json({ address: await getAddress(deps, identityOf(req), numericParam(req.params.id, 'id')) });
  });

  router.post('/', validate(addressCreateSchema), async (req, res) => {
    res.status(201).json({ address: await createAddress(deps, identityOf(req), req.body) });
  });

  router.put('/', validate(addressUpdateSchema), async (req, res) => {
    res.json({ address: await updateAddress(deps, identityOf(req), req.body) });
  });

  router.delete('/:id', async (req, res) => {
    await deleteAddress(deps, identityOf(req), numericParam(req.params.id, 'id'));
    res.status(204).end();
  });

  return router;
}
