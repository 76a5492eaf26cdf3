import { videoCreateSchema, videoQuerySchema, videoUpdateSchema } from '@studio/shared/schemas/video';
import { videoRatingEmailSchema, videoRatingSchema } from '@studio/shared/schemas/video-marks';
import { Router } from 'express';
import type { Deps } from '../deps';
import { requireUser } from '../http/authenticate';
import { numericParam } from '../http/params';
import { identityOf } from '../http/request-context';
import { withBody, withQuery } from '../http/validate';
import { askForVideoRating } from '../services/videos/ask-for-rating';
import { markVideoCompleted } from '../services/videos/mark-video-complete';
import { rateVideo } from '../services/videos/rate-video';
import { createVideoFromInput, deleteVideo, getVideoFor, listUpcomingVideos, listVideos, updateVideoFromInput } from '../services/videos/videos';
import { addAdminWriteRoutes } from './crud-router';

/** /api/videos: admins write; reading, marking and rating need an active online membership (or the admin claim). */
export function videoRoutes(deps: Deps): Router {
  const router = Router();

  router.get(
    '/',
    requireUser,
    ...withQuery(videoQuerySchema, async (query, req, res) => {
      res.json(await listVideos(deps, identityOf(req), query));
    }),
  );

  router.get('/upcoming', requireUser, async (req, res) => {
    res.json({ videos: await listUpcomingVideos(deps, identityOf(req)) });
  });

  router.get(
    '/tag/:tag',
    requireUser,
    ...withQuery(videoQuerySchema, async (query, req, res) => {
      const tagId = numericParam(req.params.tag, 'tag');
      res.json(await listVideos(deps, identityOf(req), { ...query, tag_id: tagId }));
    }),
  );

  router.get(
    '/program/:program',
    requireUser,
    ...withQuery(videoQuerySchema, async (query, req, res) => {
      const programId = numericParam(req.params.program, 'program');
      res.json(await listVideos(deps, identityOf(req), { ...query, program_id: programId }));
    }),
  );

  // Before '/:id' routes: 'rating' is not an id.
  router.post(
    '/rating',
    requireUser,
    ...withBody(videoRatingSchema, async (input, req, res) => {
      const { created, ...result } = await rateVideo(deps, identityOf(req), input);
      res.status(created ? 201 : 200).json(result);
    }),
  );

  router.post(
    '/rating/email',
    requireUser,
    ...withBody(videoRatingEmailSchema, async (input, req, res) => {
      const { sent, message } = await askForVideoRating(deps, identityOf(req), input.video_id);
      res.status(sent ? 202 : 200).json({ message });
    }),
  );

  router.put('/:id/complete', requireUser, async (req, res) => {
    res.json({ video: await markVideoCompleted(deps, identityOf(req), numericParam(req.params.id, 'id'), true) });
  });

  router.put('/:id/uncomplete', requireUser, async (req, res) => {
    res.json({ video: await markVideoCompleted(deps, identityOf(req), numericParam(req.params.id, 'id'), false) });
  });

  router.get('/:id', requireUser, async (req, res) => {
    res.json({ video: await getVideoFor(deps, identityOf(req), numericParam(req.params.id, 'id')) });
  });

  addAdminWriteRoutes(router, deps, {
    one: 'video',
    createSchema: videoCreateSchema,
    updateSchema: videoUpdateSchema,
    create: createVideoFromInput,
    update: updateVideoFromInput,
    remove: deleteVideo,
  });

  return router;
}
