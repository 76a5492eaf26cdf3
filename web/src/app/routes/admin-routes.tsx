import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import { NotFound } from '../../components/not-found';
import type { AdminPath } from '../../features/admin/admin-links';
import { catalogueRoutes } from '../../features/admin-catalogue/resource-routes';
import { adminFormsRoutes } from '../../features/admin-forms/admin-forms-routes';
import { paths } from '../../lib/paths';

/**
 * A console screen at one of the sections of features/admin/admin-links.ts (the
 * type refuses any other path, so the menu always has the route's entry). Its
 * module loads on first visit; its title, the section's menu label, loads with it,
 * so the console's texts never weigh on the landing page.
 */
export function adminScreen(path: Exclude<AdminPath, typeof paths.admin>, load: () => Promise<ComponentType>): RouteObject {
  return {
    // '/admin/tipos-de-clase' → 'admin-tipos-de-clase'
    id: path.slice(1).replaceAll('/', '-'),
    path,
    lazy: async () => {
      const [{ adminLinkLabel }, Component] = await Promise.all([import('../../features/admin/admin-links'), load()]);
      return { Component, handle: { title: adminLinkLabel(path) } };
    },
  };
}

/** A section's create and edit forms (`…/nuevo`, `…/{id}`): one screen reads the id itself; module and title load on first visit. */
function adminFormRoutes(id: string, base: string, load: () => Promise<{ Component: ComponentType; title: string }>): RouteObject[] {
  const lazy = async () => {
    const { Component, title } = await load();
    return { Component, handle: { title } };
  };
  return [
    { id: `${id}-new`, path: `${base}/nuevo`, lazy },
    { id: `${id}-edit`, path: `${base}/:id`, lazy },
  ];
}

/**
 * The console's screens: add one adminScreen() per section here, with the path of
 * its entry in features/admin/admin-links.ts and a loader that imports its screen.
 * A menu entry whose screen is not listed here yet answers not-found inside the console.
 */
export const adminScreens: RouteObject[] = [
  adminScreen('/admin/horario', async () => (await import('../../features/admin-schedule/schedule-admin-screen')).ScheduleAdminScreen),
  {
    id: 'admin-class',
    path: '/admin/horario/:id',
    lazy: async () => {
      const [{ adminScheduleMessages }, { ClassAdminScreen }] = await Promise.all([
        import('@studio/shared/messages/admin-schedule'),
        import('../../features/admin-schedule/class-admin-screen'),
      ]);
      return { Component: ClassAdminScreen, handle: { title: adminScheduleMessages.editTitle } };
    },
  },
  adminScreen('/admin/lanzamientos', async () => (await import('../../features/admin-schedule-releases/schedule-releases-screen')).ScheduleReleasesScreen),
  adminScreen('/admin/checkin', async () => (await import('../../features/admin-checkin/check-in-screen')).CheckInScreen),
  // The reservation QR's target (customer-area §2): not a menu section, so titled by its own screen's texts.
  {
    id: 'admin-reservation',
    path: '/admin/reservaciones/:id',
    lazy: async () => {
      const [{ bookingAdminMessages }, { ReservationCheckInScreen }] = await Promise.all([
        import('@studio/shared/messages/booking-admin'),
        import('../../features/admin-checkin/reservation-check-in-screen'),
      ]);
      return { Component: ReservationCheckInScreen, handle: { title: bookingAdminMessages.checkInScreen.reservationTitle } };
    },
  },
  adminScreen('/admin/clientes', async () => (await import('../../features/admin-customers/customers-screen')).CustomersScreen),
  {
    id: 'admin-customer',
    path: '/admin/clientes/:id',
    lazy: async () => {
      const [{ adminCustomersMessages }, { CustomerDetailScreen }] = await Promise.all([
        import('@studio/shared/messages/admin-customers'),
        import('../../features/admin-customers/customer-detail-screen'),
      ]);
      return { Component: CustomerDetailScreen, handle: { title: adminCustomersMessages.detailTitle } };
    },
  },
  adminScreen('/admin/pagos-pendientes', async () => (await import('../../features/admin-payments/pending-cash-screen')).PendingCashScreen),
  adminScreen('/admin/correos', async () => (await import('../../features/admin-mail/mail-screen')).MailScreen),
  adminScreen('/admin/paquetes', async () => (await import('../../features/admin-packages/packages-screen')).PackagesAdminScreen),
  ...adminFormRoutes('admin-package', '/admin/paquetes', async () => {
    const [{ adminPackagesMessages }, { PackageFormScreen }] = await Promise.all([
      import('@studio/shared/messages/admin-packages'),
      import('../../features/admin-packages/package-form-screen'),
    ]);
    return { Component: PackageFormScreen, title: adminPackagesMessages.title };
  }),
  adminScreen('/admin/descuentos', async () => (await import('../../features/admin-discounts/discounts-screen')).DiscountsAdminScreen),
  ...adminFormRoutes('admin-discount', '/admin/descuentos', async () => {
    const [{ adminDiscountsMessages }, { DiscountFormScreen }] = await Promise.all([
      import('@studio/shared/messages/admin-discounts'),
      import('../../features/admin-discounts/discount-form-screen'),
    ]);
    return { Component: DiscountFormScreen, title: adminDiscountsMessages.title };
  }),
  adminScreen('/admin/paginas', async () => (await import('../../features/admin-pages/pages-screen')).PagesAdminScreen),
  ...adminFormRoutes('admin-page', '/admin/paginas', async () => {
    const [{ adminPagesMessages }, { PageFormScreen }] = await Promise.all([
      import('@studio/shared/messages/admin-pages'),
      import('../../features/admin-pages/page-form-screen'),
    ]);
    return { Component: PageFormScreen, title: adminPagesMessages.title };
  }),
  adminScreen('/admin/configuracion', async () => (await import('../../features/admin-config/config-screen')).ConfigScreen),
  ...catalogueRoutes(),
  ...adminFormsRoutes(),
];

/**
 * /admin/*: the studio's console, for identities with the `admin` claim only.
 * The guard, the menu and the Tablero load (with all admin code) on the first visit.
 */
export function adminRoutes(): RouteObject {
  return {
    id: 'admin',
    path: paths.admin,
    lazy: async () => ({ Component: (await import('../../features/admin/admin-area')).AdminArea }),
    children: [
      {
        // The dashboard: the console's first screen, titled with its menu label like every section.
        id: 'admin-home',
        index: true,
        lazy: async () => {
          const [{ adminLinkLabel }, { DashboardScreen }] = await Promise.all([
            import('../../features/admin/admin-links'),
            import('../../features/admin-dashboard/dashboard-screen'),
          ]);
          return { Component: DashboardScreen, handle: { title: adminLinkLabel(paths.admin) } };
        },
      },
      ...adminScreens,
      { id: 'admin-not-found', path: '*', Component: NotFound },
    ],
  };
}
