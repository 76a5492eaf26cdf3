import type { Router } from 'express';
import type { Deps } from '../../deps';
import { calendarFeedRoutes } from '../calendar-feed';
import { checkInRoutes } from '../check-in';
import { classReservationPenaltyRoutes } from '../class-reservation-penaltys';
import { classReservationRoutes } from '../class-reservations';
import { classRosterRoutes } from '../class-roster';
import { dashboardRoutes } from '../dashboard';
import { mailRoutes } from '../mail';
import { notificationRoutes } from '../notifications';
import { scheduleReleaseRoutes } from '../schedule-releases';
import { singleClassRoutes } from '../single-class';
import { waitlistRoutes } from '../waitlist';

/** Mounts the schedule area's resource routers under /api. */
export function mountScheduleRoutes(api: Router, deps: Deps): void {
  api.use('/single_class', singleClassRoutes(deps));
  api.use('/single_class', classRosterRoutes(deps));
  api.use('/check_in', checkInRoutes(deps));
  api.use('/class_reservation_penaltys', classReservationPenaltyRoutes(deps));
  api.use('/class_reservations', classReservationRoutes(deps));
  api.use('/waitlist', waitlistRoutes(deps));
  api.use('/notifications', notificationRoutes(deps));
  api.use('/calendar', calendarFeedRoutes(deps));
  api.use('/mail', mailRoutes(deps));
  api.use('/dashboard', dashboardRoutes(deps));
  api.use('/schedule_releases', scheduleReleaseRoutes(deps));
}
