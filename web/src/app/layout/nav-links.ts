import { messages } from '@studio/shared/messages';
import { type AppConfig, configString } from '../../lib/app-config';
import { type Feature, featureEnabled } from '../../lib/feature-flags';
import { packagesPath, paths } from '../../lib/paths';

export interface NavItem {
  to: string;
  label: string;
}

/** The navbar's public links: packages, about and schedule, each only while its part of the site is on. */
export function publicNavLinks(config: AppConfig): NavItem[] {
  const links: (NavItem & { feature: Feature })[] = [
    {
      to: packagesPath(configString(config, 'class_packages_path')),
      label: configString(config, 'class_packages_name'),
      feature: 'packagesShop',
    },
    { to: paths.about, label: messages.nav.about, feature: 'about' },
    { to: paths.schedule, label: messages.nav.schedule, feature: 'schedule' },
  ];
  return links.filter((link) => featureEnabled(config, link.feature)).map(({ to, label }) => ({ to, label }));
}
