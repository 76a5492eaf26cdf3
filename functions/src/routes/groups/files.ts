import type { Router } from 'express';
import type { Deps } from '../../deps';
import { fileRoutes } from '../files';

/** Mounts the files area's resource routers under /api. */
export function mountFilesRoutes(api: Router, deps: Deps): void {
  api.use('/files', fileRoutes(deps));
}
