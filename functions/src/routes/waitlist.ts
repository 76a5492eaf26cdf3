import { waitlistCreateSchema, waitlistUpdateSchema } from '@studio/shared/schemas/waitlist';
import { Router } from 'express';
import type { Deps } from '../deps';
import { requireAppCheck } from '../http/app-check';
import { requireFreshIdentity, requireUser } from '../http/authenticate';
import { numericParam } from '../http/params';
import { identityOf } from '../http/request-context';
import { withBody } from '../http/validate';
import { joinWaitlist, rejoinWaitlistEntry } from '../services/waitlist/join-waitlist';
import { getOwnWaitlist, leaveWaitlist, listOwnWaitlists } from '../services/waitlist/leave-waitlist';

/** /api/waitlist: a customer's places in class lines (ADR 0061). Nobody sees or touches another's; an admin may act for any customer. */
export function waitlistRoutes(deps: Deps): Router {
  const router = Router();
  // Joining and leaving a line are booking writes: App Check and a session that was not revoked (docs/auth).
  const bookingWrite = [requireUser, requireAppCheck(deps), requireFreshIdentity(deps)];

  router.get('/', requireUser, async (req, res) => {
    res.json({ waitlists: await listOwnWaitlists(deps, identityOf(req)) });
  });

  router.get('/:id', requireUser, async (req, res) => {
    res.json({ waitlist: await getOwnWaitlist(deps, identityOf(req), numericParam(req.params.id, 'id')) });
  });

  router.post(
    '/',
    ...bookingWrite,
    ...withBody(waitlistCreateSchema, async (input, req, res) => {
      res.status(201).json({ waitlist: await joinWaitlist(deps, identityOf(req), input) });
    }),
  );

  router.put(
    '/',
    ...bookingWrite,
    ...withBody(waitlistUpdateSchema, async (input, req, res) => {
      res.json({ waitlist: await rejoinWaitlistEntry(deps, identityOf(req), input) });
    }),
  );

  router.delete('/:id', ...bookingWrite, async (req, res) => {
    res.json({ waitlist: await leaveWaitlist(deps, identityOf(req), numericParam(req.params.id, 'id')) });
  });

  return router;
}
