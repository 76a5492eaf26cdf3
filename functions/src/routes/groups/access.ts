import type { Router } from 'express';
import type { Deps } from '../../deps';

/** Mounts the access area's resource routers under /api. */
export function mountAccessRoutes(_api: Router, _deps: Deps): void {}
