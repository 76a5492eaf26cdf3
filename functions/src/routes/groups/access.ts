import type { Router } from 'express';
import type { Deps } from '../../deps';
import { availableClassRoutes } from '../available-classes';
import { favoriteRoutes } from '../favorites';
import { videoRoutes } from '../videos';

/** Mounts the access area's resource routers under /api (its customer routes live in routes/customer.ts). */
export function mountAccessRoutes(api: Router, deps: Deps): void {
  api.use('/available_classes', availableClassRoutes(deps));
  api.use('/videos', videoRoutes(deps));
  api.use('/favorites', favoriteRoutes(deps));
}
