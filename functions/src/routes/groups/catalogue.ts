import type { Router } from 'express';
import type { Deps } from '../../deps';

/** Mounts the catalogue area's resource routers under /api. */
export function mountCatalogueRoutes(_api: Router, _deps: Deps): void {}
