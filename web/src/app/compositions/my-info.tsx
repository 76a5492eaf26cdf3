import { NotificationsPanel } from '../../features/notifications/notifications-panel';
import { CustomFieldsCard } from '../../features/profile/custom-fields-card';
import { ProfileScreen } from '../../features/profile/profile-screen';

/** Mi Información: the profile's cards, the studio's extra questions, then the customer's notifications (customer-area §2, issue 11). */
export function MyInfoRoute() {
  return (
    <ProfileScreen>
      <CustomFieldsCard />
      <NotificationsPanel />
    </ProfileScreen>
  );
}
