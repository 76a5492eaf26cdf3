import type { Router } from 'express';
import type { Deps } from '../../deps';

/** Mounts the schedule area's resource routers under /api. */
export function mountScheduleRoutes(_api: Router, _deps: Deps): void {}
