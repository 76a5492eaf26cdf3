import { Outlet } from 'react-router';
import { AccessingScreen } from '../../components/accessing-screen';
import { useSession } from '../../lib/session';
import { AdminMenu } from './admin-menu';
import { NoAccess } from './no-access';
import './admin.css';

/**
 * /admin/*: only identities whose ID token carries the `admin` claim (docs/auth).
 * Until the session and its claim are known it shows 'Accediendo', like /mystudio;
 * a signed-in person without the claim gets the no-access page, with neither the
 * console's menu nor any of its screens.
 */
export function AdminArea() {
  const status = useSession((state) => state.status);
  const isAdmin = useSession((state) => state.isAdmin);
  if (status !== 'signed-in' || isAdmin === null) return <AccessingScreen />;
  if (!isAdmin) return <NoAccess />;
  return (
    <div className="admin">
      <AdminMenu />
      <div className="admin__content">
        <Outlet />
      </div>
    </div>
  );
}
