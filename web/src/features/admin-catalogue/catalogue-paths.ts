import { paths } from '../../lib/paths';

/**
 * Where each catalogue resource lives in the console. Kept apart from the
 * descriptors because the route table is loaded with the app: this module must
 * stay free of schemas and texts, which come with the screens.
 */
export const cataloguePaths = {
  locations: `${paths.admin}/sedes`,
  class_types: `${paths.admin}/tipos-de-clase`,
  instructors: `${paths.admin}/coaches`,
  tags: `${paths.admin}/etiquetas`,
  class_categories: `${paths.admin}/categorias`,
  announcements: `${paths.admin}/avisos`,
  programs: `${paths.admin}/programas`,
  video_types: `${paths.admin}/tipos-de-video`,
  payment_methods: `${paths.admin}/metodos-de-pago`,
  videos: `${paths.admin}/videos`,
} as const;

export type CatalogueKey = keyof typeof cataloguePaths;
