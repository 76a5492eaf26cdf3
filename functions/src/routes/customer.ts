import { giveAccessSchema, removeClassesSchema, revokeAccessSchema } from '@studio/shared/schemas/access';
import {
  customerCreateSchema,
  customerSearchSchema,
  customerUpdateSchema,
  phoneQuerySchema,
  recoverSchema,
  signupSchema,
} from '@studio/shared/schemas/customer';
import { customValuesBodySchema } from '@studio/shared/schemas/dynamic-form';
import { Router } from 'express';
import type { Deps } from '../deps';
import { requireAppCheck } from '../http/app-check';
import { requireAdmin, requireFreshIdentity, requireUser } from '../http/authenticate';
import { idempotentCall, sendIdempotent } from '../http/idempotency-key';
import { numericParam } from '../http/params';
import { clientAddressOf, identityOf, queryOf } from '../http/request-context';
import { validate } from '../http/validate';
import { getCustomerLedger } from '../services/access/customer-ledger';
import { giveAccess, GRANT_STATUS } from '../services/access/give-access';
import { removeClasses } from '../services/access/remove-classes';
import { revokeAccess } from '../services/access/revoke-access';
import { listCustomerPurchasesForAdmin, listCustomerReservationsForAdmin, listCustomerWaitlistsForAdmin } from '../services/customers/admin-customer-reads';
import { isPhoneAvailable } from '../services/customers/check-phone';
import { createCustomerAtDesk } from '../services/customers/create-customer-at-desk';
import { getCustomerForAdmin, getOwnCustomer } from '../services/customers/get-customer';
import { withPendingFields } from '../services/customers/pending-fields';
import { recoverPassword } from '../services/customers/recover-password';
import { saveCustomValues } from '../services/customers/save-custom-values';
import { ADMIN_CUSTOMERS_PAGE_SIZE, listCustomersForAdmin, quickSearchCustomers } from '../services/customers/search-customers';
import { consumeSignUpAttempt, signUp } from '../services/customers/sign-up';
import { updateCustomer } from '../services/customers/update-customer';
import { runIdempotent } from '../services/idempotency';

interface SearchQuery {
  query?: string;
  page?: number;
}

/** /api/customer */
export function customerRoutes(deps: Deps): Router {
  const router = Router();
  // Sign-up is what bots race for at a release: App Check, and a fresh session (docs/auth).
  const signUpGuard = [requireUser, requireAppCheck(deps), requireFreshIdentity(deps)];

  router.post('/signup', ...signUpGuard, validate(signupSchema), async (req, res) => {
    const identity = identityOf(req);
    // Before anything that looks at the phone: a refused attempt must learn nothing.
    await consumeSignUpAttempt(deps, identity, clientAddressOf(req));
    res.status(201).json({ customer: await withPendingFields(deps, await signUp(deps, identity, req.body)) });
  });

  router.get('/', requireUser, async (req, res) => {
    res.json({ customer: await getOwnCustomer(deps, identityOf(req)) });
  });

  // A customer created at the front desk (admin); sign-up is the person's own POST /signup.
  router.post('/', requireAdmin, validate(customerCreateSchema), async (req, res) => {
    res.status(201).json(await createCustomerAtDesk(deps, req.body));
  });

  router.put('/', requireUser, validate(customerUpdateSchema), async (req, res) => {
    res.json({ customer: await withPendingFields(deps, await updateCustomer(deps, identityOf(req), req.body)) });
  });

  router.put('/custom_values', requireUser, validate(customValuesBodySchema), async (req, res) => {
    res.json({ customer: await saveCustomValues(deps, identityOf(req), req.body.values) });
  });

  router.get('/phone', validate(phoneQuerySchema, 'query'), async (req, res) => {
    const { phone } = queryOf<{ phone: string }>(res);
    res.json({ available: await isPhoneAvailable(deps, clientAddressOf(req), phone) });
  });

  router.post('/recover', validate(recoverSchema), async (req, res) => {
    res.json({ message: await recoverPassword(deps, clientAddressOf(req), req.body.email) });
  });

  router.get('/admin/all', requireAdmin, validate(customerSearchSchema, 'query'), async (_req, res) => {
    const { query, page = 1 } = queryOf<SearchQuery>(res);
    const result = await listCustomersForAdmin(deps, query, page);
    res.json({ ...result, page, page_size: ADMIN_CUSTOMERS_PAGE_SIZE });
  });

  router.get('/admin/:id', requireAdmin, async (req, res) => {
    res.json({ customer: await getCustomerForAdmin(deps, numericParam(req.params.id, 'id')) });
  });

  router.get('/admin/:id/ledger', requireAdmin, async (req, res) => {
    res.json(await getCustomerLedger(deps, numericParam(req.params.id, 'id')));
  });

  router.get('/admin/:id/purchases', requireAdmin, async (req, res) => {
    res.json({ purchases: await listCustomerPurchasesForAdmin(deps, numericParam(req.params.id, 'id')) });
  });

  router.get('/admin/:id/reservations', requireAdmin, async (req, res) => {
    res.json({ class_reservations: await listCustomerReservationsForAdmin(deps, numericParam(req.params.id, 'id')) });
  });

  router.get('/admin/:id/waitlists', requireAdmin, async (req, res) => {
    res.json({ waitlists: await listCustomerWaitlistsForAdmin(deps, numericParam(req.params.id, 'id')) });
  });

  router.post('/giveAccess', requireAdmin, validate(giveAccessSchema), async (req, res) => {
    const admin = identityOf(req);
    const answer = await runIdempotent(deps, idempotentCall(req, 'customer/giveAccess'), async (guard) => ({
      status: GRANT_STATUS,
      body: await giveAccess(deps, admin, req.body, guard),
    }));
    sendIdempotent(res, answer);
  });

  router.put('/revokeAccess', requireAdmin, validate(revokeAccessSchema), async (req, res) => {
    res.json(await revokeAccess(deps, identityOf(req), req.body.purchase_id, req.body.when));
  });

  router.put('/removeClasses', requireAdmin, validate(removeClassesSchema), async (req, res) => {
    res.json(await removeClasses(deps, identityOf(req), req.body));
  });

  router.get('/query', requireAdmin, validate(customerSearchSchema, 'query'), async (_req, res) => {
    res.json({ customers: await quickSearchCustomers(deps, queryOf<SearchQuery>(res).query) });
  });

  return router;
}
