import { messages } from '@studio/shared/messages';
import type { RouteObject } from 'react-router';
import { ComingSoon } from '../../components/coming-soon';
import { NotFound } from '../../components/not-found';
import { paths } from '../../lib/paths';

/**
 * /admin/*: the studio's console, for identities with the `admin` claim only.
 * The specs name no admin screens yet; the console's screens join here, each a
 * lazyScreen() under the guard, which loads (with all admin code) on first visit.
 */
export function adminRoutes(): RouteObject {
  return {
    id: 'admin',
    path: paths.admin,
    lazy: async () => ({ Component: (await import('../../features/admin/admin-area')).AdminArea }),
    children: [
      { id: 'admin-home', index: true, handle: { title: messages.screens.adminTitle }, Component: ComingSoon },
      { id: 'admin-not-found', path: '*', Component: NotFound },
    ],
  };
}
