import { adminMessages } from '@studio/shared/messages/admin';
import { adminScheduleReleasesMessages } from '@studio/shared/messages/admin-schedule-releases';
import { paths } from '../../lib/paths';

const l = adminMessages.links;

export type AdminGroup = keyof typeof adminMessages.groups;

export interface AdminLink {
  path: string;
  label: string;
  group: AdminGroup;
}

/**
 * The console's sections by path, in menu order: the one table behind the menu
 * and the screens' titles. A screen route (app/routes/admin-routes.tsx)
 * can only take a path listed here, and takes its title from here.
 */
const sections = {
  [paths.admin]: { label: l.home, group: 'operation' },
  '/admin/horario': { label: l.schedule, group: 'operation' },
  '/admin/lanzamientos': { label: adminScheduleReleasesMessages.title, group: 'operation' },
  '/admin/checkin': { label: l.checkIn, group: 'operation' },
  '/admin/clientes': { label: l.customers, group: 'operation' },
  '/admin/pagos-pendientes': { label: l.pendingCash, group: 'operation' },
  '/admin/correos': { label: l.mail, group: 'operation' },
  '/admin/paquetes': { label: l.packages, group: 'catalogue' },
  '/admin/descuentos': { label: l.discounts, group: 'catalogue' },
  '/admin/sedes': { label: l.locations, group: 'catalogue' },
  '/admin/tipos-de-clase': { label: l.classTypes, group: 'catalogue' },
  '/admin/coaches': { label: l.coaches, group: 'catalogue' },
  '/admin/etiquetas': { label: l.tags, group: 'catalogue' },
  '/admin/categorias': { label: l.categories, group: 'catalogue' },
  '/admin/avisos': { label: l.announcements, group: 'catalogue' },
  '/admin/programas': { label: l.programs, group: 'catalogue' },
  '/admin/tipos-de-video': { label: l.videoTypes, group: 'catalogue' },
  '/admin/videos': { label: l.videos, group: 'catalogue' },
  '/admin/metodos-de-pago': { label: l.paymentMethods, group: 'catalogue' },
  '/admin/formularios': { label: l.forms, group: 'catalogue' },
  '/admin/campos-personalizados': { label: l.customFields, group: 'catalogue' },
  '/admin/paginas': { label: l.pages, group: 'catalogue' },
  '/admin/configuracion': { label: l.config, group: 'catalogue' },
} as const satisfies Record<string, Omit<AdminLink, 'path'>>;

export type AdminPath = keyof typeof sections;

export const adminLinks: AdminLink[] = Object.entries(sections).map(([path, section]) => ({ path, ...section }));

/** The menu label of a section: its screen's title. */
export function adminLinkLabel(path: AdminPath): string {
  return sections[path].label;
}

export interface AdminLinkGroup {
  group: AdminGroup;
  label: string;
  links: AdminLink[];
}

/** `links` under their group's label, groups in the order they first appear. */
export function groupAdminLinks(links: AdminLink[]): AdminLinkGroup[] {
  const groups: AdminLinkGroup[] = [];
  for (const link of links) {
    const found = groups.find((entry) => entry.group === link.group);
    if (found) found.links.push(link);
    else groups.push({ group: link.group, label: adminMessages.groups[link.group], links: [link] });
  }
  return groups;
}
