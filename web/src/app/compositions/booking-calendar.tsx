import { LoginForm } from '../../features/auth/login-form';
import { SignupForm } from '../../features/auth/signup-form';
import { CalendarScreen } from '../../features/booking/calendar-screen';
import { usePages } from '../../features/pages/pages-api';
import { CompleteInfoModal } from '../../features/profile/complete-info-modal';

/**
 * Calendario joins four features: booking's screen; auth's sign-in form and
 * sign-up card for its prompt (the sign-up needs the pages feature's documents
 * flagged required_signup); and the profile's complete-information modal,
 * which blocks the home route while the studio's required questions are
 * unanswered (customer-area §2 "Blocking modals"), offering 'Salir' since it
 * covers the menu. The booking modal asks the same questions and the API
 * refuses a booking without them, for any other way in (ADR 0118).
 */
export function BookingCalendarRoute() {
  const { data: pages } = usePages();
  return (
    <>
      <CalendarScreen signInForm={<LoginForm />} signUpForm={<SignupForm requiredPages={pages ? pages.filter((page) => page.required_signup) : null} />} />
      <CompleteInfoModal />
    </>
  );
}
