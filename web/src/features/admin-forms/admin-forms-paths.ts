import { paths } from '../../lib/paths';

/**
 * Where the forms and custom fields screens live in the console. Kept apart
 * from the screens because the route table is loaded with the app: this module
 * must stay free of schemas and texts, which come with the screens.
 */
export const adminFormsPaths = {
  forms: `${paths.admin}/formularios`,
  customFields: `${paths.admin}/campos-personalizados`,
} as const;

/** The custom fields list keeps its object filter in the address, in Spanish like the routes: ?objeto=customer. */
export const OBJECT_PARAM = 'objeto';
