import { favoriteCreateSchema } from '@studio/shared/schemas/video-marks';
import { Router } from 'express';
import type { Deps } from '../deps';
import { requireUser } from '../http/authenticate';
import { numericParam } from '../http/params';
import { identityOf } from '../http/request-context';
import { withBody } from '../http/validate';
import { addFavoriteVideo, listFavoriteVideos, removeFavoriteVideo } from '../services/videos/favorite-videos';

/**
 * /api/favorites: the signed-in caller's favorite videos. A favorite is named
 * by its video: DELETE /favorites/{video_id} (docs/videos).
 */
export function favoriteRoutes(deps: Deps): Router {
  const router = Router();

  router.get('/', requireUser, async (req, res) => {
    res.json({ favorites: await listFavoriteVideos(deps, identityOf(req)) });
  });

  router.post(
    '/',
    requireUser,
    ...withBody(favoriteCreateSchema, async (input, req, res) => {
      const { favorite, created } = await addFavoriteVideo(deps, identityOf(req), input.video_id);
      res.status(created ? 201 : 200).json({ favorite });
    }),
  );

  router.delete('/:id', requireUser, async (req, res) => {
    await removeFavoriteVideo(deps, identityOf(req), numericParam(req.params.id, 'id'));
    res.status(204).end();
  });

  return router;
}
