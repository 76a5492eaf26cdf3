import type { Router } from 'express';
import type { Deps } from '../../deps';
import { classReservationRoutes } from '../class-reservations';
import { singleClassRoutes } from '../single-class';

/** Mounts the schedule area's resource routers under /api. */
export function mountScheduleRoutes(api: Router, deps: Deps): void {
  api.use('/single_class', singleClassRoutes(deps));
  api.use('/class_reservations', classReservationRoutes(deps));
}
