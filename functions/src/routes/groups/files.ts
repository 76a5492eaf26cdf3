import type { Router } from 'express';
import type { Deps } from '../../deps';

/** Mounts the files area's resource routers under /api. */
export function mountFilesRoutes(_api: Router, _deps: Deps): void {}
