import { appConfigDefinitions } from '@studio/shared/config/app-config';

/** Routes named by the spec; the packages shop path is configurable and lives in the app config. */
export const paths = {
  home: '/',
  login: '/entrar',
  signup: '/registro',
  recover: '/recuperar',
  announcements: '/avisos',
  location: '/ubicacion',
  schedule: '/calendario',
  coach: '/coach/:coach_id',
  instructor: '/instructor/:instructor_id',
  faq: '/preguntas-frecuentes',
  checkout: '/checkout/:class_package_id',
  thanks: '/gracias/:id',
  about: '/#about',
  myStudio: '/mystudio',
  myOnline: '/mystudio/online',
  myPackages: '/mystudio/paquetes',
  myVideo: '/mystudio/video/:video_id',
  myInfo: '/mystudio/informacion',
  myPurchases: '/mystudio/membresias',
  myCharges: '/mystudio/pagos',
  myReceipt: '/mystudio/pagos/recibo/:invoice_id',
  myPaymentMethods: '/mystudio/metodos',
  myWaitlists: '/mystudio/waitlists',
  myCredits: '/mystudio/creditos',
  myReservations: '/mystudio/reservaciones',
  admin: '/admin',
} as const;

export function contentPagePath(slug: string): string {
  return `/${slug}`;
}

/** The configurable public shop path (class_packages_path), always absolute. */
export function packagesPath(configuredPath: string): string {
  const path = configuredPath.trim() || String(appConfigDefinitions.class_packages_path.default);
  return `/${path.replace(/^\/+/, '')}`;
}
