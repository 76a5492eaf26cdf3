import { createBrowserRouter, type RouteObject } from 'react-router';
import { fill, messages } from '@studio/shared/messages';
import { configString, type AppConfig } from '../lib/app-config';
import { packagesPath, paths } from '../lib/paths';
import type { RouteHandle } from '../lib/route-handle';
import { ComingSoon } from '../components/coming-soon';
import { NotFound } from '../components/not-found';
import { Spinner } from '../components/spinner';
import { Landing } from '../features/landing/landing';
import { AuthLayout } from './layout/auth-layout';
import { PublicLayout } from './layout/public-layout';
import { RootLayout } from './root-layout';
import { RouteError } from './route-error';

const s = messages.screens;

/** A screen whose feature has not landed yet: titled, with 'Próximamente'. */
function comingSoon(id: string, path: string, handle: RouteHandle): RouteObject {
  return { id, path, handle, Component: ComingSoon };
}

/**
 * Every route of both spec documents. The landing renders eagerly (it is the
 * first screen most visitors see); every other screen module loads on demand.
 */
export function createRoutes(config: AppConfig): RouteObject[] {
  const packagesTitle = configString(config, 'class_packages_name');
  return [
    {
      id: 'root',
      Component: RootLayout,
      ErrorBoundary: RouteError,
      HydrateFallback: Spinner,
      children: [
        {
          id: 'auth',
          Component: AuthLayout,
          children: [
            {
              id: 'login',
              path: paths.login,
              handle: { title: messages.auth.loginTitle },
              lazy: async () => ({ Component: (await import('../features/auth/login-screen')).LoginScreen }),
            },
            {
              id: 'signup',
              path: paths.signup,
              handle: { title: messages.auth.signupTitle },
              lazy: async () => ({ Component: (await import('./routes/signup')).SignupRoute }),
            },
            {
              id: 'recover',
              path: paths.recover,
              handle: { title: messages.auth.recoverTitle },
              lazy: async () => ({ Component: (await import('../features/auth/recover-screen')).RecoverScreen }),
            },
          ],
        },
        {
          id: 'public',
          Component: PublicLayout,
          children: [
            { id: 'landing', index: true, Component: Landing },
            comingSoon('packages', packagesPath(configString(config, 'class_packages_path')), { title: packagesTitle }),
            comingSoon('announcements', paths.announcements, { title: s.announcementsTitle }),
            comingSoon('location', paths.location, { title: s.locationTitle }),
            comingSoon('schedule', paths.schedule, { title: s.scheduleTitle }),
            comingSoon('coach', paths.coach, { title: s.coachTitle }),
            comingSoon('instructor', paths.instructor, { title: s.instructorTitle }),
            comingSoon('faq', paths.faq, { title: s.faqTitle }),
            comingSoon('checkout', paths.checkout, { title: s.checkoutTitle }),
            comingSoon('thanks', paths.thanks, { title: (params) => fill(s.orderTitle, { id: params.id ?? '' }) }),
            {
              id: 'mystudio',
              path: paths.myStudio,
              lazy: async () => ({ Component: (await import('./routes/customer-area')).CustomerAreaRoute }),
              children: [
                { id: 'mystudio-calendar', index: true, handle: { title: s.calendarTitle }, Component: ComingSoon },
                comingSoon('mystudio-online', paths.myOnline, { title: s.onlineTitle, flag: 'videos_enabled' }),
                comingSoon('mystudio-packages', paths.myPackages, { title: packagesTitle }),
                comingSoon('mystudio-video', paths.myVideo, { title: s.videoTitle, flag: 'videos_enabled' }),
                comingSoon('mystudio-info', paths.myInfo, { title: s.myInfoTitle }),
                comingSoon('mystudio-purchases', paths.myPurchases, { title: s.myPurchasesTitle }),
                comingSoon('mystudio-charges', paths.myCharges, { title: s.myChargesTitle, flag: 'subscriptions_enabled' }),
                comingSoon('mystudio-payment-methods', paths.myPaymentMethods, { title: s.paymentMethodsTitle }),
                comingSoon('mystudio-waitlists', paths.myWaitlists, { title: s.waitlistsTitle }),
                comingSoon('mystudio-credits', paths.myCredits, { title: s.creditsTitle, flag: 'allow_restricted_class_types' }),
                comingSoon('mystudio-reservations', paths.myReservations, { title: s.reservationsTitle }),
                { id: 'mystudio-not-found', path: '*', Component: NotFound },
              ],
            },
            {
              id: 'content-page',
              path: '/:slug',
              lazy: async () => ({ Component: (await import('../features/pages/content-page')).ContentPage }),
            },
            { id: 'not-found', path: '*', Component: NotFound },
          ],
        },
      ],
    },
  ];
}

export function createAppRouter(config: AppConfig) {
  return createBrowserRouter(createRoutes(config));
}
