import { matchRoutes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { adminLinks } from '../../features/admin/admin-links';
import { adminRoutes } from './admin-routes';

const routes = [adminRoutes()];
const leafOf = (path: string) => matchRoutes(routes, path)?.at(-1)?.route.id;

describe('admin routes', () => {
  it('give every section of the menu its screen (none answers not-found)', () => {
    const missing = adminLinks.filter((link) => leafOf(link.path) === 'admin-not-found').map((link) => link.path);
    expect(missing).toEqual([]);
  });

  it("route each catalogue resource's create and edit forms, and the reservation QR's target", () => {
    expect(leafOf('/admin/sedes/nuevo')).toBe('admin-locations-new');
    expect(leafOf('/admin/sedes/3')).toBe('admin-locations-edit');
    expect(leafOf('/admin/reservaciones/1201')).toBe('admin-reservation');
    expect(leafOf('/admin/checkin')).toBe('admin-checkin');
    expect(leafOf('/admin/no-existe')).toBe('admin-not-found');
  });
});
