import { Outlet, useMatches } from 'react-router';
import { AccessingScreen } from '../../components/accessing-screen';
import { NotFound } from '../../components/not-found';
import { AreaMenu } from '../../features/customer-area/area-menu';
import { UnreadNotificationsCount } from '../../features/notifications/notifications-badge';
import { RequiredPagesGate } from '../../features/pages/required-pages-gate';
import { paths } from '../../lib/paths';
import { useRouteDisabled } from '../../lib/route-handle';
import { updateCustomer, useSession } from '../../lib/session';
import { useSignOut } from '../../lib/use-sign-out';

/** The one /mystudio screen a visitor may see: the calendar, whose booking asks them to sign in (customer-area §2). */
const OPEN_TO_VISITORS = 'mystudio-calendar';

/** /mystudio/*: signed-in customers only, behind the required-documents gate; visitors see the calendar alone. */
export function CustomerAreaRoute() {
  const status = useSession((state) => state.status);
  const resolved = useSession((state) => state.resolved);
  const customer = useSession((state) => state.customer);
  const signupPending = useSession((state) => state.signupPending);
  const disabled = useRouteDisabled();
  const signOut = useSignOut();
  const openToVisitors = useMatches().at(-1)?.id === OPEN_TO_VISITORS;

  if (status === 'signed-in' && customer) {
    return (
      <div className="area">
        <AreaMenu onSignOut={signOut} badges={{ [paths.myInfo]: <UnreadNotificationsCount /> }} />
        <div className="area__content">{disabled ? <NotFound /> : <Outlet />}</div>
        <RequiredPagesGate
          acceptedPageIds={customer.accepted_pages}
          onAccepted={(pageId) => updateCustomer({ ...customer, accepted_pages: [...customer.accepted_pages, pageId] })}
        />
      </div>
    );
  }
  // A visitor signing up from the booking prompt keeps the calendar (and the prompt, with any refusal) until the customer exists.
  if (openToVisitors && resolved && (status === 'signed-out' || signupPending)) {
    return <div className="area area--visitor">{disabled ? <NotFound /> : <Outlet />}</div>;
  }
  return <AccessingScreen />;
}
