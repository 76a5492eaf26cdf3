import { messages } from '@studio/shared/messages';
import { type AppConfig, configString } from '../../lib/app-config';
import { type Feature, featureEnabled, screenEnabled } from '../../lib/feature-flags';
import { paths } from '../../lib/paths';

export interface AreaLink {
  to: string;
  label: string;
  /** A switch for this menu entry alone; the screen's own switch (lib/feature-flags.ts) always applies too. */
  feature?: Feature;
}

const n = messages.nav;

/** Leaves out entries whose screen, or the entry itself, is switched off. */
function enabled(config: AppConfig, links: AreaLink[]): AreaLink[] {
  return links.filter((link) => screenEnabled(config, link.to) && (link.feature === undefined || featureEnabled(config, link.feature)));
}

/** The customer-area menu (customer-area spec §2). */
export function areaMenuLinks(config: AppConfig): AreaLink[] {
  return enabled(config, [
    { to: paths.myStudio, label: n.inPerson, feature: 'inPersonClasses' },
    { to: paths.myOnline, label: n.online },
    { to: paths.myPackages, label: configString(config, 'class_packages_name') },
    { to: paths.myReservations, label: n.reservations },
    { to: paths.myInfo, label: n.myInfo },
    { to: paths.myPurchases, label: n.myPurchases },
    { to: paths.myCharges, label: n.myCharges },
    { to: paths.myPaymentMethods, label: n.paymentMethods },
    { to: paths.myWaitlists, label: n.waitlists },
    { to: paths.myCredits, label: n.credits },
  ]);
}

/** The mobile drawer's 'Menú' and 'Mi Cuenta' sections. */
export function drawerSections(config: AppConfig): { title: string; links: AreaLink[] }[] {
  return [
    {
      title: n.menu,
      links: enabled(config, [
        { to: paths.myStudio, label: n.calendar },
        { to: paths.myOnline, label: n.online },
        { to: paths.myReservations, label: n.reservations },
        { to: paths.myPackages, label: configString(config, 'class_packages_name') },
      ]),
    },
    {
      title: n.myAccount,
      links: enabled(config, [
        { to: paths.myInfo, label: n.myInfo },
        { to: paths.myPurchases, label: n.myPurchases },
      ]),
    },
  ];
}
