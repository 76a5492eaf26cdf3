import { messages } from '@studio/shared/messages';
import type { RouteObject } from 'react-router';
import { NotFound } from '../../components/not-found';
import { Landing } from '../../features/landing/landing';
import { type AppConfig, configString } from '../../lib/app-config';
import { packagesPath, paths } from '../../lib/paths';
import { comingSoon, lazyScreen } from './route-helpers';

const s = messages.screens;

/**
 * The public site (public-site-and-checkout.md §2), inside the public layout. The
 * landing renders eagerly: it is the first screen most visitors see, and its
 * data-backed sections load as lazy islands. Every other screen loads on demand.
 */
export function publicRoutes(config: AppConfig): RouteObject[] {
  return [
    { id: 'landing', index: true, Component: Landing },
    lazyScreen(
      'packages',
      packagesPath(configString(config, 'class_packages_path')),
      { title: configString(config, 'class_packages_name') },
      async () => (await import('../../features/shop/shop-screen')).ShopScreen,
    ),
    comingSoon('announcements', paths.announcements, { title: s.announcementsTitle }),
    comingSoon('location', paths.location, { title: s.locationTitle }),
    comingSoon('schedule', paths.schedule, { title: s.scheduleTitle }),
    comingSoon('coach', paths.coach, { title: s.coachTitle }),
    comingSoon('instructor', paths.instructor, { title: s.instructorTitle }),
    comingSoon('faq', paths.faq, { title: s.faqTitle }),
    lazyScreen('content-page', '/:slug', undefined, async () => (await import('../../features/pages/content-page')).ContentPage),
    { id: 'not-found', path: '*', Component: NotFound },
  ];
}
