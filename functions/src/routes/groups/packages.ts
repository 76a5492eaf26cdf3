import type { Router } from 'express';
import type { Deps } from '../../deps';

/** Mounts the packages area's resource routers under /api. */
export function mountPackagesRoutes(_api: Router, _deps: Deps): void {}
