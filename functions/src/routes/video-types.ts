import { videoTypeCreateSchema, videoTypeUpdateSchema } from '@studio/shared/schemas/catalogue/video-types';
import { Router } from 'express';
import type { Deps } from '../deps';
import { videoTypeOperations } from '../services/catalogue/video-types';
import { addCrudRoutes } from './crud-router';

/** /api/video_types: public reads, admin writes. */
export function videoTypeRoutes(deps: Deps): Router {
  return addCrudRoutes(Router(), deps, {
    one: 'video_type',
    many: 'video_types',
    operations: videoTypeOperations,
    createSchema: videoTypeCreateSchema,
    updateSchema: videoTypeUpdateSchema,
  });
}
