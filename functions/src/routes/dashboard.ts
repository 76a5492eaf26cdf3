import { dashboardQuerySchema } from '@studio/shared/schemas/dashboard';
import { Router } from 'express';
import type { Deps } from '../deps';
import { requireAdmin } from '../http/authenticate';
import { withQuery } from '../http/validate';
import { refreshToday } from '../services/dashboard/compute-dashboard-days';
import { readDashboard } from '../services/dashboard/read-dashboard';

/** /api/dashboard: the console's figures for a period (docs/admin "Dashboard"), admins only. */
export function dashboardRoutes(deps: Deps): Router {
  const router = Router();

  router.get(
    '/',
    requireAdmin,
    ...withQuery(dashboardQuerySchema, async (query, _req, res) => {
      res.json({ dashboard: await readDashboard(deps, query) });
    }),
  );

  router.post('/refresh', requireAdmin, async (_req, res) => {
    res.json(await refreshToday(deps));
  });

  return router;
}
