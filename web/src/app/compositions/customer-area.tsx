import { Outlet } from 'react-router';
import { AccessingScreen } from '../../components/accessing-screen';
import { NotFound } from '../../components/not-found';
import { AreaMenu } from '../../features/customer-area/area-menu';
import { RequiredPagesGate } from '../../features/pages/required-pages-gate';
import { useRouteDisabled } from '../../lib/route-handle';
import { updateCustomer, useSession } from '../../lib/session';
import { useSignOut } from '../../lib/use-sign-out';

/** /mystudio/*: signed-in customers only, behind the required-documents gate. */
export function CustomerAreaRoute() {
  const status = useSession((state) => state.status);
  const customer = useSession((state) => state.customer);
  const disabled = useRouteDisabled();
  const signOut = useSignOut();

  if (status !== 'signed-in' || !customer) return <AccessingScreen />;
  return (
    <div className="area">
      <AreaMenu onSignOut={signOut} />
      <div className="area__content">{disabled ? <NotFound /> : <Outlet />}</div>
      <RequiredPagesGate
        acceptedPageIds={customer.accepted_pages}
        onAccepted={(pageId) => updateCustomer({ ...customer, accepted_pages: [...customer.accepted_pages, pageId] })}
      />
    </div>
  );
}
