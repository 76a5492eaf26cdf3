import { lotEndsBeforeClassText } from '@studio/shared/format/lot-end';
import { formatCalendarDay, studioClockTime, weekdayName } from '@studio/shared/format/schedule-week';
import { fill } from '@studio/shared/messages';
import { calendarMessages as m } from '@studio/shared/messages/calendar';
import type { AvailableClass } from '@studio/shared/schemas/access';
import { parseSpotMap } from '@studio/shared/schemas/catalogue/common';
import { type ClassReservationCreateInput, classReservationCreateSchema } from '@studio/shared/schemas/class-reservation';
import { compactAnswers, type DynamicField, type DynamicValue, dynamicValuesSchema, summaryMessage } from '@studio/shared/schemas/dynamic-form';
import type { SingleClass } from '@studio/shared/schemas/single-class';
import { Form, Formik, type FormikErrors, type FormikHelpers, useFormikContext, yupToFormErrors } from 'formik';
import { useState } from 'react';
import { Link } from 'react-router';
import { ValidationError } from 'yup';
import { DynamicFormFields, dynamicInitialValues } from '../../../components/dynamic-form-fields';
import { Checkbox, FocusFirstError, FormError, TextField } from '../../../components/form-field';
import { Modal } from '../../../components/modal';
import { Spinner } from '../../../components/spinner';
import { showSuccess } from '../../../lib/alerts';
import { ApiError, apiErrorText } from '../../../lib/api-client';
import { personName } from '../../../lib/class-format';
import { customFieldsQuery } from '../../../lib/custom-fields-api';
import { uploadAnswerFile } from '../../../lib/file-upload';
import { paths } from '../../../lib/paths';
import { useServerMutation, useServerQuery } from '../../../lib/server-data';
import { useSession } from '../../../lib/session';
import { afterPlaceChange, bookClass, classQuery } from '../calendar-api';
import { isClassFull, lotEndBeforeClass } from '../calendar-rules';
import { rememberPendingBooking } from '../pending-booking';
import { SpotMap } from '../spot-map/spot-map';
import { needsIntake, ProfileIntakeStep, reloadIntake } from './profile-intake';

/** Why booking could not go on here: the calendar opens the matching notice (§2 modals). */
/** In 'full', `guest`: only the +1 was being booked; its owner already has a place, so no waitlist for them. */
export type BookingOutcome = { kind: 'no-credits'; guest: boolean } | { kind: 'penalty'; message: string } | { kind: 'full'; guest: boolean };

interface FormValues {
  bringGuest: boolean;
  guest: string;
  /** Answers to the studio's booking questions, by field key (ADR 0115). */
  custom_values: Record<string, unknown>;
}

/** The POST body the form stands for: the API's own schema validates it (one schema for form and server). */
function bodyOf(
  singleClassId: number,
  spot: number | null,
  mode: 'book' | 'guest',
  values: FormValues,
  questions: readonly DynamicField[],
): ClassReservationCreateInput {
  const body: ClassReservationCreateInput = { single_class_id: singleClassId };
  if (mode === 'book' && spot !== null) body.spot = spot;
  if (mode === 'guest' || values.bringGuest) body.guest = values.guest;
  // The customer's own place answers the questions; a +1 added later is not asked again.
  if (mode === 'book' && questions.length > 0) body.custom_values = compactAnswers(values.custom_values as Record<string, DynamicValue>);
  return body;
}

async function validateBody(body: ClassReservationCreateInput, values: FormValues, questions: readonly DynamicField[]): Promise<FormikErrors<FormValues>> {
  const errors: FormikErrors<FormValues> = {};
  try {
    await classReservationCreateSchema.validate(body, { abortEarly: false });
  } catch (error) {
    if (!(error instanceof ValidationError)) throw error;
    const guest = error.inner.find((e) => e.path === 'guest')?.message;
    if (guest) errors.guest = guest;
  }
  // The answers as typed in the form, by the same rules the API applies to them (shared/schemas/dynamic-form).
  if (body.custom_values !== undefined) {
    try {
      await dynamicValuesSchema(questions).validate(values.custom_values, { abortEarly: false });
    } catch (error) {
      if (!(error instanceof ValidationError)) throw error;
      errors.custom_values = yupToFormErrors(error);
    }
  }
  return errors;
}

/** The API names answers `custom_values.<key>`; formik wants them nested. */
function answerErrors(error: unknown): FormikErrors<FormValues> | null {
  if (!(error instanceof ApiError) || !error.fields) return null;
  const answers: Record<string, unknown> = {};
  for (const [path, message] of Object.entries(error.fields)) {
    const [envelope, key, part] = path.split('.');
    if (envelope !== 'custom_values' || !key) continue;
    answers[key] = part ? { ...(answers[key] as object | undefined), [part]: message } : message;
  }
  return Object.keys(answers).length > 0 ? ({ custom_values: answers } as FormikErrors<FormValues>) : null;
}

/** After a refused submit, the dynamic form's alert (customer-area §5): the one question by its label, or "several". */
function QuestionsSummary({ questions }: { questions: readonly DynamicField[] }) {
  const { submitCount, errors, isSubmitting } = useFormikContext<FormValues>();
  const wrong = errors.custom_values;
  const message = submitCount > 0 && !isSubmitting && wrong && typeof wrong === 'object' ? summaryMessage(wrong, questions) : null;
  return <FormError message={message} />;
}

export function classTitle(c: SingleClass): string {
  return c.class_type?.name ?? m.classFallback;
}

export function ClassSummary({ c, tz }: { c: SingleClass; tz: string }) {
  const coaches = c.class_instructors.map(({ instructor }) => instructor.nick_name?.trim() || personName(instructor)).filter(Boolean);
  return (
    <div className="booking-summary">
      <p className="booking-summary__name">{classTitle(c)}</p>
      <p>{fill(m.when, { day: weekdayName(c.date), date: formatCalendarDay(c.date), time: studioClockTime(c.class_date, tz) })}</p>
      {c.location && <p>{c.location.name}</p>}
      {coaches.length > 0 && <p>{fill(m.withCoaches, { names: coaches.join(', ') })}</p>}
    </div>
  );
}

/**
 * 'Reservar' (and '+1'): the class read fresh (free spots every 5 s), the spot
 * map when the class has one, the optional guest. A spot taken meanwhile
 * refreshes the map and asks for another; no credits, a penalty or a full
 * class hand over to their notice. A lot that ends before the class (ADR
 * 0065) is said here, in the server's words: known from `lots` before
 * booking, or from the 412 `booking/lot-ends-before-class` (the guest's
 * place too), never as the credits-exhausted notice.
 */
export function BookClassModal({
  singleClassId,
  mode,
  tz,
  guestsEnabled,
  lots = null,
  onClose,
  onOutcome,
}: {
  singleClassId: number;
  mode: 'book' | 'guest';
  tz: string;
  guestsEnabled: boolean;
  /** The customer's usable lots, when known: a class after all of them is said before trying. */
  lots?: readonly AvailableClass[] | null;
  onClose: () => void;
  onOutcome: (outcome: BookingOutcome) => void;
}) {
  const { data: c, isPending: classPending, isError: classError, refetch } = useServerQuery(classQuery(singleClassId));
  const questionsRead = useServerQuery(customFieldsQuery('class_reservation'));
  // The profile's questions, asked once before the first booking (ADR 0118); a +1 is not asked.
  const profileRead = useServerQuery({ ...customFieldsQuery('customer'), enabled: mode === 'book' });
  const customer = useSession((state) => state.customer);
  const isPending = classPending || questionsRead.isPending || (mode === 'book' && profileRead.isPending);
  // Unreadable profile questions do not stop the booking: the server refuses it if they are owed, and the modal then reads them again.
  const isError = classError || questionsRead.isError;
  const questions = questionsRead.data ?? [];
  const [spot, setSpot] = useState<number | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const book = useServerMutation({ mutationFn: bookClass, meta: { alert: false, invalidates: afterPlaceChange } });

  const title = mode === 'guest' ? m.guestTitle : m.bookTitle;
  if (isPending) {
    return (
      <Modal title={title} onClose={onClose}>
        <Spinner />
      </Modal>
    );
  }
  if (isError || !c) {
    return (
      <Modal title={title} onClose={onClose}>
        <FormError message={m.loadError} />
        <button
          type="button"
          className="button button--secondary"
          onClick={() => {
            void refetch();
            void questionsRead.refetch();
          }}
        >
          {m.close}
        </button>
      </Modal>
    );
  }

  const own = (c.my_reservations ?? []).find((r) => r.guest === null);
  if (mode === 'book' && own) {
    return (
      <Modal title={title} onClose={onClose}>
        <ClassSummary c={c} tz={tz} />
        <p role="status">
          {m.alreadyBooked} {own.spot !== null && fill(m.yourSpot, { spot: own.spot })}
        </p>
      </Modal>
    );
  }

  const lotEnds = mode === 'book' ? lotEndBeforeClass(c, lots) : null;
  if (lotEnds !== null) {
    return (
      <Modal title={title} onClose={onClose}>
        <ClassSummary c={c} tz={tz} />
        <p role="status">{lotEndsBeforeClassText(lotEnds, tz)}</p>
        <div className="modal__actions">
          <Link className="button" to={paths.myPackages} onClick={() => rememberPendingBooking(singleClassId)}>
            {m.toPackages}
          </Link>
          <button type="button" className="button button--secondary" onClick={onClose}>
            {m.close}
          </button>
        </div>
      </Modal>
    );
  }

  const rows = c.spot_map ? parseSpotMap(c.spot_map) : null;
  const free = c.free_spots ?? [];
  // A spot picked before a refresh that someone else took meanwhile is dropped: the person picks again.
  const picked = spot !== null && free.includes(spot) ? spot : null;
  const full = isClassFull(c) || (rows !== null && free.length === 0);

  if (mode === 'book' && !full && customer && needsIntake(customer, profileRead.data ?? [])) {
    return (
      <Modal title={title} onClose={onClose}>
        <ClassSummary c={c} tz={tz} />
        <ProfileIntakeStep fields={profileRead.data ?? []} customer={customer} onClose={onClose} onSaved={() => setFailure(null)} />
      </Modal>
    );
  }

  async function submit(values: FormValues, helpers: FormikHelpers<FormValues>) {
    setFailure(null);
    try {
      await book.mutateAsync(bodyOf(singleClassId, picked, mode, values, questions));
      showSuccess(mode === 'guest' ? m.guestBooked : m.booked);
      onClose();
    } catch (error) {
      const code = error instanceof ApiError ? error.code : null;
      if (code === 'booking/spot-taken') {
        setSpot(null);
        void refetch();
      }
      // Its lot ends before the class: the server's sentence says when, here; buying more credits is not what it is about.
      if (code === 'booking/lot-ends-before-class') return setFailure(apiErrorText(error));
      if (code === 'booking/no-credits' || code === 'booking/no-guest-credits')
        return onOutcome({ kind: 'no-credits', guest: code === 'booking/no-guest-credits' });
      if (code === 'booking/penalty') return onOutcome({ kind: 'penalty', message: apiErrorText(error) ?? '' });
      if (code === 'booking/class-full') return onOutcome({ kind: 'full', guest: mode === 'guest' });
      // The studio added a required profile question meanwhile: the session learns it and the modal asks it.
      // The server's sentence stays if the questions cannot be read; answered, the booking step starts clean.
      if (code === 'booking/profile-incomplete') {
        setFailure(apiErrorText(error));
        return void (await Promise.all([reloadIntake(), profileRead.refetch()]).catch(() => undefined));
      }
      // A question refused by the server (edited by the studio meanwhile): its message by the field, the summary above the buttons.
      const answers = answerErrors(error);
      if (answers) helpers.setErrors(answers);
      setFailure(apiErrorText(error));
    }
  }

  return (
    <Modal title={title} onClose={onClose}>
      <ClassSummary c={c} tz={tz} />
      <Formik<FormValues>
        initialValues={{ bringGuest: mode === 'guest', guest: '', custom_values: dynamicInitialValues(questions) }}
        validate={(values) => validateBody(bodyOf(singleClassId, picked, mode, values, questions), values, questions)}
        onSubmit={submit}
      >
        {({ values, setFieldValue, isSubmitting }) => (
          <Form noValidate className="booking-form">
            {mode === 'book' && rows && (
              <fieldset className="booking-form__spots">
                <legend>{m.pickSpot}</legend>
                {full ? (
                  <p>{m.noFreeSpots}</p>
                ) : (
                  <>
                    <p className="field__hint">{m.pickSpotHint}</p>
                    <SpotMap
                      rows={rows}
                      free={free}
                      mine={(c.my_reservations ?? []).map((r) => r.spot).filter((s): s is number => s !== null)}
                      selected={picked}
                      onSelect={setSpot}
                      label={m.pickSpot}
                      disabled={isSubmitting}
                    />
                  </>
                )}
              </fieldset>
            )}
            {mode === 'book' && guestsEnabled && !full && (
              <Checkbox label={m.bringGuest} checked={values.bringGuest} onChange={(checked) => void setFieldValue('bringGuest', checked)} />
            )}
            {(mode === 'guest' || values.bringGuest) && <TextField name="guest" label={m.guestName} autoComplete="off" maxLength={80} hint={m.guestCredit} />}
            {mode === 'book' && !full && questions.length > 0 && (
              <fieldset className="booking-form__questions">
                <legend>{m.questionsLegend}</legend>
                <DynamicFormFields fields={questions} upload={uploadAnswerFile} prefix="custom_values." />
              </fieldset>
            )}
            <QuestionsSummary questions={questions} />
            <FormError message={failure} />
            {mode === 'book' && full && !rows && <p>{m.noFreeSpots}</p>}
            <div className="modal__actions">
              {mode === 'book' && full && (
                <button type="button" className="button" onClick={() => onOutcome({ kind: 'full', guest: false })}>
                  {m.waitlist}
                </button>
              )}
              {!(mode === 'book' && full) && (
                <button type="submit" className="button" disabled={isSubmitting} aria-busy={isSubmitting}>
                  {mode === 'guest' ? m.confirmGuest : m.confirmBook}
                </button>
              )}
              <button type="button" className="button button--secondary" onClick={onClose}>
                {m.close}
              </button>
            </div>
            <FocusFirstError />
          </Form>
        )}
      </Formik>
    </Modal>
  );
}
