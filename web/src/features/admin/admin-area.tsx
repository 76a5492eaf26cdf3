import { Outlet } from 'react-router';
import { AccessingScreen } from '../../components/accessing-screen';
import { NotFound } from '../../components/not-found';
import { useSession } from '../../lib/session';

/**
 * /admin/*: only identities whose ID token carries the `admin` claim (docs/auth).
 * Until the session and its claim are known it shows 'Accediendo', like /mystudio;
 * anyone else gets not-found, so the console is not advertised.
 */
export function AdminArea() {
  const status = useSession((state) => state.status);
  const isAdmin = useSession((state) => state.isAdmin);
  if (status !== 'signed-in' || isAdmin === null) return <AccessingScreen />;
  if (!isAdmin) return <NotFound />;
  return <Outlet />;
}
