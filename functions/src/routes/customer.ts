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
import { clientAddressOf, identityOf } from '../http/request-context';
import { withBody, withQuery } from '../http/validate';
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

/** /api/customer */
export function customerRoutes(deps: Deps): Router {
  const router = Router();
  // Sign-up is what bots race for at a release: App Check, and a fresh session (docs/auth).
  const signUpGuard = [requireUser, requireAppCheck(deps), requireFreshIdentity(deps)];

  router.post(
    '/signup',
    ...signUpGuard,
    ...withBody(signupSchema, async (input, req, res) => {
      const identity = identityOf(req);
      // Before anything that looks at the phone: a refused attempt must learn nothing.
      await consumeSignUpAttempt(deps, identity, clientAddressOf(req));
      res.status(201).json({ customer: await withPendingFields(deps, await signUp(deps, identity, input)) });
    }),
  );

  router.get('/', requireUser, async (req, res) => {
    res.json({ customer: await getOwnCustomer(deps, identityOf(req)) });
  });

  // A customer created at the front desk (admin); sign-up is the person's own POST /signup.
  router.post(
    '/',
    requireAdmin,
    ...withBody(customerCreateSchema, async (input, _req, res) => {
      res.status(201).json(await createCustomerAtDesk(deps, input));
    }),
  );

  router.put(
    '/',
    requireUser,
    ...withBody(customerUpdateSchema, async (input, req, res) => {
      res.json({ customer: await withPendingFields(deps, await updateCustomer(deps, identityOf(req), input)) });
    }),
  );

  router.put(
    '/custom_values',
    requireUser,
    ...withBody(customValuesBodySchema, async (input, req, res) => {
      res.json({ customer: await saveCustomValues(deps, identityOf(req), input.values) });
    }),
  );

  router.get(
    '/phone',
    ...withQuery(phoneQuerySchema, async ({ phone }, req, res) => {
      res.json({ available: await isPhoneAvailable(deps, clientAddressOf(req), phone) });
    }),
  );

  router.post(
    '/recover',
    ...withBody(recoverSchema, async (input, req, res) => {
      res.json({ message: await recoverPassword(deps, clientAddressOf(req), input.email) });
    }),
  );

  router.get(
    '/admin/all',
    requireAdmin,
    ...withQuery(customerSearchSchema, async ({ query, page = 1 }, _req, res) => {
      const result = await listCustomersForAdmin(deps, query, page);
      res.json({ ...result, page, page_size: ADMIN_CUSTOMERS_PAGE_SIZE });
    }),
  );

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

  router.post(
    '/giveAccess',
    requireAdmin,
    ...withBody(giveAccessSchema, async (input, req, res) => {
      const admin = identityOf(req);
      const answer = await runIdempotent(deps, idempotentCall(req, 'customer/giveAccess'), async (guard) => ({
        status: GRANT_STATUS,
        body: await giveAccess(deps, admin, input, guard),
      }));
      sendIdempotent(res, answer);
    }),
  );

  router.put(
    '/revokeAccess',
    requireAdmin,
    ...withBody(revokeAccessSchema, async (input, req, res) => {
      res.json(await revokeAccess(deps, identityOf(req), input.purchase_id, input.when));
    }),
  );

  router.put(
    '/removeClasses',
    requireAdmin,
    ...withBody(removeClassesSchema, async (input, req, res) => {
      res.json(await removeClasses(deps, identityOf(req), input));
    }),
  );

  router.get(
    '/query',
    requireAdmin,
    ...withQuery(customerSearchSchema, async ({ query }, _req, res) => {
      res.json({ customers: await quickSearchCustomers(deps, query) });
    }),
  );

  return router;
}
