import { messages } from '@studio/shared/messages';
import type { RouteObject } from 'react-router';
import { NotFound } from '../../components/not-found';
import { type AppConfig, configString } from '../../lib/app-config';
import { paths } from '../../lib/paths';
import { lazyScreen } from './route-helpers';

const s = messages.screens;

/**
 * /mystudio/* (customer-area.md §2): the guard, menu and required-documents gate
 * load with the area; screens switched off by a feature (lib/feature-flags.ts)
 * answer as not found.
 */
export function customerAreaRoutes(config: AppConfig): RouteObject {
  return {
    id: 'mystudio',
    path: paths.myStudio,
    lazy: async () => ({ Component: (await import('../compositions/customer-area')).CustomerAreaRoute }),
    children: [
      {
        id: 'mystudio-calendar',
        index: true,
        handle: { title: s.calendarTitle },
        lazy: async () => ({ Component: (await import('../compositions/booking-calendar')).BookingCalendarRoute }),
      },
      lazyScreen('mystudio-online', paths.myOnline, { title: s.onlineTitle }, async () => (await import('../../features/online/online-screen')).OnlineScreen),
      lazyScreen(
        'mystudio-packages',
        paths.myPackages,
        { title: configString(config, 'class_packages_name') },
        async () => (await import('../../features/shop/shop-screen')).ShopScreen,
      ),
      lazyScreen('mystudio-video', paths.myVideo, { title: s.videoTitle }, async () => (await import('../../features/online/video-screen')).VideoScreen),
      lazyScreen('mystudio-info', paths.myInfo, { title: s.myInfoTitle }, async () => (await import('../compositions/my-info')).MyInfoRoute),
      lazyScreen(
        'mystudio-purchases',
        paths.myPurchases,
        { title: s.myPurchasesTitle },
        async () => (await import('../../features/purchases/purchases-screen')).PurchasesScreen,
      ),
      lazyScreen(
        'mystudio-charges',
        paths.myCharges,
        { title: s.myChargesTitle },
        async () => (await import('../../features/purchases/charges-screen')).ChargesScreen,
      ),
      lazyScreen(
        'mystudio-receipt',
        paths.myReceipt,
        { title: s.myChargesTitle },
        async () => (await import('../../features/purchases/receipt-screen')).ReceiptScreen,
      ),
      lazyScreen(
        'mystudio-payment-methods',
        paths.myPaymentMethods,
        { title: s.paymentMethodsTitle },
        async () => (await import('../../features/checkout/payment-methods/payment-methods-screen')).PaymentMethodsScreen,
      ),
      lazyScreen(
        'mystudio-waitlists',
        paths.myWaitlists,
        { title: s.waitlistsTitle },
        async () => (await import('../../features/waitlists/waitlists-screen')).WaitlistsScreen,
      ),
      lazyScreen(
        'mystudio-credits',
        paths.myCredits,
        { title: s.creditsTitle },
        async () => (await import('../../features/credits/credits-screen')).CreditsScreen,
      ),
      lazyScreen(
        'mystudio-reservations',
        paths.myReservations,
        { title: s.reservationsTitle },
        async () => (await import('../../features/reservations/reservations-screen')).ReservationsScreen,
      ),
      { id: 'mystudio-not-found', path: '*', Component: NotFound },
    ],
  };
}
