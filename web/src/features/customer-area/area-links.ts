import { messages } from '@studio/shared/messages';
import type { AppConfigKey } from '@studio/shared/config/app-config';
import { configBoolean, configString, type AppConfig } from '../../lib/app-config';
import { paths } from '../../lib/paths';

export interface AreaLink {
  to: string;
  label: string;
  /** The menu entry (and its route) exists only while this switch is on. */
  flag?: AppConfigKey;
}

const n = messages.nav;

function enabled(config: AppConfig, links: AreaLink[]): AreaLink[] {
  return links.filter((link) => link.flag === undefined || configBoolean(config, link.flag));
}

/** The customer-area menu (customer-area spec §2). */
export function areaMenuLinks(config: AppConfig): AreaLink[] {
  return enabled(config, [
    { to: paths.myStudio, label: n.inPerson, flag: 'single_class_enabled' },
    { to: paths.myOnline, label: n.online, flag: 'videos_enabled' },
    { to: paths.myPackages, label: configString(config, 'class_packages_name') },
    { to: paths.myReservations, label: n.reservations },
    { to: paths.myInfo, label: n.myInfo },
    { to: paths.myPurchases, label: n.myPurchases },
    { to: paths.myCharges, label: n.myCharges, flag: 'subscriptions_enabled' },
    { to: paths.myPaymentMethods, label: n.paymentMethods },
    { to: paths.myWaitlists, label: n.waitlists },
    { to: paths.myCredits, label: n.credits, flag: 'allow_restricted_class_types' },
  ]);
}

/** The mobile drawer's 'Menú' and 'Mi Cuenta' sections. */
export function drawerSections(config: AppConfig): { title: string; links: AreaLink[] }[] {
  return [
    {
      title: n.menu,
      links: enabled(config, [
        { to: paths.myStudio, label: n.calendar },
        { to: paths.myOnline, label: n.online, flag: 'videos_enabled' },
        { to: paths.myReservations, label: n.reservations },
        { to: paths.myPackages, label: configString(config, 'class_packages_name') },
      ]),
    },
    {
      title: n.myAccount,
      links: [
        { to: paths.myInfo, label: n.myInfo },
        { to: paths.myPurchases, label: n.myPurchases },
      ],
    },
  ];
}
