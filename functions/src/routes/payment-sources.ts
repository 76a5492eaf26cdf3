import { checkoutMessages } from '@studio/shared/messages/checkout';
import { savedCardDeleteQuerySchema, savedCardSchema } from '@studio/shared/schemas/checkout';
import { Router } from 'express';
import type { Deps } from '../deps';
import { requireFreshIdentity, requireUser } from '../http/authenticate';
import { identityOf } from '../http/request-context';
import { withBody, withQuery } from '../http/validate';
import { deleteSavedCard, listSavedCards, saveCard } from '../services/purchases/saved-cards';

/**
 * The caller's saved cards under both of the spec's names: /metodosPago
 * (public-site §7) and /payment_sources (customer-area §7). Same cards, each
 * with its own success texts.
 */
export function savedCardRoutes(deps: Deps, texts: { saved: string; deleted: string }): Router {
  const router = Router();
  // Saving or removing a card is a money write: a revoked session must not (docs/auth).
  const fresh = requireFreshIdentity(deps);

  router.get('/', requireUser, async (req, res) => {
    res.json({ payment_sources: await listSavedCards(deps, identityOf(req)) });
  });

  router.post(
    '/',
    requireUser,
    fresh,
    ...withBody(savedCardSchema, async (input, req, res) => {
      res.status(201).json(await saveCard(deps, identityOf(req), input, texts.saved));
    }),
  );

  router.delete(
    '/:id',
    requireUser,
    fresh,
    // ?replacement={card}: the card that pays the subscriptions this one paid (the service checks it is the caller's).
    ...withQuery(savedCardDeleteQuerySchema, async (query, req, res) => {
      await deleteSavedCard(deps, identityOf(req), String(req.params.id), query);
      res.json({ message: texts.deleted });
    }),
  );

  return router;
}

export const metodosPagoTexts = { saved: checkoutMessages.cardSaved, deleted: checkoutMessages.cardDeleted };
export const paymentSourcesTexts = { saved: checkoutMessages.sourceSaved, deleted: checkoutMessages.sourceDeleted };
