import { fill, messages } from '@studio/shared/messages';
import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import { NotFound } from '../../components/not-found';
import { type AppConfig, configString } from '../../lib/app-config';
import { packagesPath, paths } from '../../lib/paths';
import type { RouteHandle } from '../../lib/route-handle';
import { LandingRoute } from './landing-route';
import { lazyScreen } from './route-helpers';

const s = messages.screens;

/**
 * The instructor page combines two features (features never import each
 * other): the coaches feature's profile with the schedule feature's week,
 * filtered by that instructor. Both load with the route.
 */
async function loadInstructorScreen(): Promise<ComponentType> {
  const [{ InstructorScreen }, { UrlWeekSchedule }] = await Promise.all([
    import('../../features/coaches/instructor-screen'),
    import('../../features/schedule/week-schedule'),
  ]);
  const schedule = (instructorId: number) => <UrlWeekSchedule headingLevel={3} instructorId={instructorId} />;
  return function InstructorPage() {
    return <InstructorScreen schedule={schedule} />;
  };
}

/**
 * The public site (public-site-and-checkout.md §2), inside the public layout. The
 * landing renders eagerly: it is the first screen most visitors see, and its
 * data-backed sections load as lazy islands. Every other screen loads on demand.
 */
export function publicRoutes(config: AppConfig): RouteObject[] {
  const studio = { studio: configString(config, 'business_name') };
  const d = (template: string) => fill(template, studio);
  const routes: RouteObject[] = [
    { id: 'landing', index: true, Component: LandingRoute },
    lazyScreen(
      'packages',
      packagesPath(configString(config, 'class_packages_path')),
      { title: configString(config, 'class_packages_name'), description: d(s.descriptions.packages) },
      async () => (await import('../../features/shop/shop-screen')).ShopScreen,
    ),
    lazyScreen(
      'announcements',
      paths.announcements,
      { title: s.announcementsTitle, description: d(s.descriptions.announcements) },
      async () => (await import('../../features/announcements/announcements-screen')).AnnouncementsScreen,
    ),
    lazyScreen(
      'location',
      paths.location,
      { title: s.locationTitle, description: d(s.descriptions.location) },
      async () => (await import('../../features/location/location-screen')).LocationScreen,
    ),
    lazyScreen(
      'schedule',
      paths.schedule,
      { title: s.scheduleTitle, description: d(s.descriptions.schedule) },
      async () => (await import('../../features/schedule/schedule-screen')).ScheduleScreen,
    ),
    lazyScreen(
      'coach',
      paths.coach,
      { title: s.coachTitle, description: d(s.descriptions.coaches) },
      async () => (await import('../../features/coaches/coach-screen')).CoachScreen,
    ),
    lazyScreen('instructor', paths.instructor, { title: s.instructorTitle, description: d(s.descriptions.coaches) }, loadInstructorScreen),
    lazyScreen(
      'faq',
      paths.faq,
      { title: s.faqTitle, description: d(s.descriptions.faq) },
      async () => (await import('../../features/faq/faq-screen')).FaqScreen,
    ),
    lazyScreen('content-page', '/:slug', undefined, async () => (await import('../../features/pages/content-page')).ContentPage),
    { id: 'not-found', path: '*', Component: NotFound },
  ];
  return routes.map((route) => ({ ...route, handle: { ...(route.handle as RouteHandle | undefined), visitorPage: true } }));
}
