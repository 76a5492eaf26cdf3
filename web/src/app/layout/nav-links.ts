import { messages } from '@studio/shared/messages';
import { configBoolean, configString, type AppConfig } from '../../lib/app-config';
import { packagesPath, paths } from '../../lib/paths';

export interface NavItem {
  to: string;
  label: string;
}

/** The navbar's public links: packages, about and schedule, each only while its part of the site is on. */
export function publicNavLinks(config: AppConfig): NavItem[] {
  const links: (NavItem & { enabled: boolean })[] = [
    {
      to: packagesPath(configString(config, 'class_packages_path')),
      label: configString(config, 'class_packages_name'),
      enabled: configBoolean(config, 'packages_enabled'),
    },
    { to: paths.about, label: messages.nav.about, enabled: configBoolean(config, 'about_enabled') },
    { to: paths.schedule, label: messages.nav.schedule, enabled: configBoolean(config, 'schedule_enabled') },
  ];
  return links.filter((link) => link.enabled).map(({ to, label }) => ({ to, label }));
}
