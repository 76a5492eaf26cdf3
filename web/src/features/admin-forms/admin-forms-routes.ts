import type { adminFormsMessages } from '@studio/shared/messages/admin-forms';
import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import { adminFormsPaths } from './admin-forms-paths';

type Titles = typeof adminFormsMessages;

/**
 * One route's lazy part: the screen and its title (from the feature's texts)
 * load on the first visit, so the route table itself costs the app nothing
 * but the paths.
 */
function lazyScreen(load: () => Promise<ComponentType>, title: (m: Titles) => string): RouteObject['lazy'] {
  return async () => {
    const [{ adminFormsMessages: texts }, Component] = await Promise.all([import('@studio/shared/messages/admin-forms'), load()]);
    return { Component, handle: { title: title(texts) } };
  };
}

/**
 * The console's forms and custom fields screens, for app/routes/admin-routes.tsx
 * to put under the admin guard: each list (/admin/formularios,
 * /admin/campos-personalizados), its create form (…/nuevo) and its edit form
 * (…/:id). Ids follow adminScreen()'s ('/admin/formularios' → 'admin-formularios').
 */
export function adminFormsRoutes(): RouteObject[] {
  const { forms, customFields } = adminFormsPaths;
  const formsList = lazyScreen(
    async () => (await import('./forms-screen')).FormsScreen,
    (m) => m.forms.title,
  );
  const formEditor = lazyScreen(
    async () => (await import('./form-editor-screen')).FormEditorScreen,
    (m) => m.forms.title,
  );
  const fieldsList = lazyScreen(
    async () => (await import('./custom-fields-screen')).CustomFieldsScreen,
    (m) => m.customFields.title,
  );
  const fieldForm = lazyScreen(
    async () => (await import('./custom-field-form-screen')).CustomFieldFormScreen,
    (m) => m.customFields.title,
  );
  return [
    { id: 'admin-formularios', path: forms, lazy: formsList },
    { id: 'admin-formularios-new', path: `${forms}/nuevo`, lazy: formEditor },
    { id: 'admin-formularios-edit', path: `${forms}/:id`, lazy: formEditor },
    { id: 'admin-campos-personalizados', path: customFields, lazy: fieldsList },
    { id: 'admin-campos-personalizados-new', path: `${customFields}/nuevo`, lazy: fieldForm },
    { id: 'admin-campos-personalizados-edit', path: `${customFields}/:id`, lazy: fieldForm },
  ];
}
