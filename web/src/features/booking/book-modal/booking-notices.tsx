import { fill } from '@studio/shared/messages';
import { bookingMessages } from '@studio/shared/messages/booking';
import { calendarMessages as m } from '@studio/shared/messages/calendar';
import { waitlistMessages } from '@studio/shared/messages/waitlist';
import { type ReactNode, useState } from 'react';
import { Link } from 'react-router';
import { FormError } from '../../../components/form-field';
import { Modal } from '../../../components/modal';
import { Spinner } from '../../../components/spinner';
import { showSuccess } from '../../../lib/alerts';
import { ApiError, apiErrorText } from '../../../lib/api-client';
import { paths } from '../../../lib/paths';
import { useServerMutation, useServerQuery } from '../../../lib/server-data';
import { afterPlaceChange, classQuery, joinWaitlist } from '../calendar-api';
import { rememberPendingBooking } from '../pending-booking';
import type { BookingOutcome } from './book-class-modal';
import { ClassSummary } from './book-class-modal';

/** The spec's "waitlist explanation" and joining: a full class, the rules of the line, 'Anotarme'. */
export function WaitlistModal({
  singleClassId,
  tz,
  cutoffMinutes,
  onClose,
  onOutcome,
}: {
  singleClassId: number;
  tz: string;
  cutoffMinutes: number;
  onClose: () => void;
  onOutcome: (outcome: BookingOutcome) => void;
}) {
  const { data: c } = useServerQuery(classQuery(singleClassId));
  const [failure, setFailure] = useState<string | null>(null);
  const join = useServerMutation({ mutationFn: joinWaitlist, meta: { alert: false, invalidates: afterPlaceChange } });
  async function submit() {
    setFailure(null);
    try {
      await join.mutateAsync(singleClassId);
      showSuccess(waitlistMessages.joined);
      onClose();
    } catch (error) {
      const code = error instanceof ApiError ? error.code : null;
      if (code === 'booking/no-credits') return onOutcome({ kind: 'no-credits', guest: false });
      if (code === 'booking/penalty') return onOutcome({ kind: 'penalty', message: apiErrorText(error) ?? '' });
      // Anything else is said here, booking/lot-ends-before-class too ('Tu paquete vence el 4 dic, antes de esta clase.', ADR 0065).
      setFailure(apiErrorText(error));
    }
  }
  return (
    <Modal title={m.waitlistTitle} onClose={onClose}>
      {c ? <ClassSummary c={c} tz={tz} /> : <Spinner />}
      <p>{m.waitlistExplain}</p>
      <p>{fill(m.waitlistCutoff, { n: cutoffMinutes })}</p>
      <FormError message={failure} />
      <div className="modal__actions">
        <button type="button" className="button" disabled={join.isPending} aria-busy={join.isPending} onClick={() => void submit()}>
          {m.joinWaitlist}
        </button>
        <button type="button" className="button button--secondary" onClick={onClose}>
          {m.notNow}
        </button>
      </div>
    </Modal>
  );
}

/** An active penalty blocks booking (§4, §8): the server's words say until when; the rule explains why. */
export function PenaltyModal({ message, noShows, onClose }: { message: string; noShows: number; onClose: () => void }) {
  return (
    <Modal title={m.penaltyTitle} onClose={onClose}>
      <p>{message}</p>
      <p>{fill(m.penaltyExplain, { n: noShows })}</p>
      <div className="modal__actions">
        <button type="button" className="button" onClick={onClose}>
          {m.understood}
        </button>
      </div>
    </Modal>
  );
}

/** Credits exhausted (§4): to the packages, then back here to finish the booking (the class is remembered for this tab). */
export function CreditsModal({ singleClassId, guest, onClose }: { singleClassId: number; guest: boolean; onClose: () => void }) {
  return (
    <Modal title={m.creditsTitle} onClose={onClose}>
      <p>{guest ? m.guestCreditsExplain : m.creditsExplain}</p>
      <div className="modal__actions">
        <Link className="button" to={paths.myPackages} onClick={() => rememberPendingBooking(singleClassId)}>
          {m.toPackages}
        </Link>
        <button type="button" className="button button--secondary" onClick={onClose}>
          {m.notNow}
        </button>
      </div>
    </Modal>
  );
}

/** A class filled up while the person looked and the studio has no waitlist. */
export function FullModal({ onClose }: { onClose: () => void }) {
  return (
    <Modal title={m.fullTitle} onClose={onClose}>
      <p>{bookingMessages.classFull}</p>
      <div className="modal__actions">
        <button type="button" className="button" onClick={onClose}>
          {m.understood}
        </button>
      </div>
    </Modal>
  );
}

/**
 * Anonymous visitors who try to book (§2, §4): the sign-in form or the
 * sign-up card (the app supplies both), one at a time. The class is
 * remembered; the calendar resumes the booking 1 s after the session starts.
 */
export function SignInModal({ signInForm, signUpForm, onClose }: { signInForm: ReactNode; signUpForm: ReactNode; onClose: () => void }) {
  const [card, setCard] = useState<'sign-in' | 'sign-up'>('sign-in');
  return (
    <Modal title={card === 'sign-in' ? m.signInTitle : m.signUpTitle} onClose={onClose}>
      <p>{m.signInExplain}</p>
      {card === 'sign-in' ? signInForm : signUpForm}
      <p>
        <button type="button" className="link-button" onClick={() => setCard(card === 'sign-in' ? 'sign-up' : 'sign-in')}>
          {card === 'sign-in' ? m.createAccount : m.haveAccount}
        </button>
      </p>
    </Modal>
  );
}
