import { LoginForm } from '../../features/auth/login-form';
import { CalendarScreen } from '../../features/booking/calendar-screen';
import { CompleteInfoModal } from '../../features/profile/complete-info-modal';

/**
 * Calendario joins three features: booking's screen, auth's form for its
 * sign-in prompt, and the profile's complete-information modal, which blocks
 * the home route (and so every booking) while the studio's required questions
 * are unanswered (customer-area §2 "Blocking modals").
 */
export function BookingCalendarRoute() {
  return (
    <>
      <CalendarScreen signInForm={<LoginForm />} />
      <CompleteInfoModal />
    </>
  );
}
