import { appConfigUpdateSchema } from '@studio/shared/schemas/app-config';
import { Router } from 'express';
import type { Deps } from '../deps';
import { requireAdmin } from '../http/authenticate';
import { publicCache } from '../http/public-cache';
import { identityOf } from '../http/request-context';
import { withBody } from '../http/validate';
import { getPublicConfig, updateConfig } from '../services/app-config';

/** /api/appconfig */
export function appConfigRoutes(deps: Deps): Router {
  const router = Router();

  router.get('/', publicCache('catalogue'), async (_req, res) => {
    res.json(await getPublicConfig(deps));
  });

  router.put(
    '/',
    requireAdmin,
    ...withBody(appConfigUpdateSchema, async (input, req, res) => {
      res.json(await updateConfig(deps, identityOf(req).uid, input));
    }),
  );

  return router;
}
