import { scheduleReleaseCreateSchema } from '@studio/shared/schemas/schedule-release';
import { Router } from 'express';
import type { Deps } from '../deps';
import { requireAdmin } from '../http/authenticate';
import { idempotentCall, sendIdempotent } from '../http/idempotency-key';
import { identityOf } from '../http/request-context';
import { withBody } from '../http/validate';
import { runIdempotent } from '../services/idempotency';
import { createScheduleRelease } from '../services/schedule-releases/create-schedule-release';
import { deleteScheduleRelease } from '../services/schedule-releases/delete-schedule-release';
import { listScheduleReleases } from '../services/schedule-releases/list-schedule-releases';

/** /api/schedule_releases: the moments `api` is kept warm around (docs/adr/0103), admins only. */
export function scheduleReleaseRoutes(deps: Deps): Router {
  const router = Router();

  router.get('/', requireAdmin, async (_req, res) => {
    res.json(await listScheduleReleases(deps));
  });

  router.post(
    '/',
    requireAdmin,
    ...withBody(scheduleReleaseCreateSchema, async (input, req, res) => {
      const answer = await runIdempotent(deps, idempotentCall(req, 'schedule_releases'), async (guard) => ({
        status: 201,
        body: { data: await createScheduleRelease(deps, input, identityOf(req).uid, guard) },
      }));
      sendIdempotent(res, answer);
    }),
  );

  router.delete('/:id', requireAdmin, async (req, res) => {
    await deleteScheduleRelease(deps, String(req.params.id));
    res.status(204).end();
  });

  return router;
}
