import { fill } from '@studio/shared/messages';
import { adminScheduleReleasesMessages } from '@studio/shared/messages/admin-schedule-releases';
import { fieldLabels } from '@studio/shared/messages/fields';
import { MAX_DAYS_AHEAD, MAX_UPCOMING_RELEASES, type ScheduleReleaseCreate } from '@studio/shared/schemas/schedule-release';
import { Form, Formik } from 'formik';
import { useId } from 'react';
import { FocusFirstError, FormError, TextField } from '../../components/form-field';
import { InstantField } from '../../components/instant-field';
import { Spinner } from '../../components/spinner';
import { showSuccess } from '../../lib/alerts';
import { ApiError, apiErrorText } from '../../lib/api-client';
import { useServerMutation } from '../../lib/server-data';
import { useSubmissionKey } from '../../lib/submission-key';
import { emptyReleaseForm, releaseBody, type ReleaseFormValues, validateRelease } from './schedule-release-form-values';
import { createScheduleRelease, scheduleReleaseKeys } from './schedule-releases-api';

const m = adminScheduleReleasesMessages.form;

/**
 * 'Marcar un lanzamiento': name, and day and time on the studio's clock, sent
 * as the instant they name. Checked with the API's schema and timing rule
 * first; the server's refusal (past, too far, too many) shows above the button.
 */
export function ScheduleReleaseForm({ timezone }: { timezone: string }) {
  const headingId = useId();
  // Sending the same release again after no answer (a dropped connection) keeps its Idempotency-Key, so it is marked once.
  const submission = useSubmissionKey();
  const create = useServerMutation({
    mutationFn: createScheduleRelease,
    meta: { alert: false, invalidates: [scheduleReleaseKeys.all] },
  });

  return (
    <section aria-labelledby={headingId} className="schedule-releases__add">
      <h2 id={headingId}>{m.title}</h2>
      <Formik<ReleaseFormValues>
        initialValues={emptyReleaseForm}
        validate={(values) => validateRelease(values, timezone, new Date())}
        onSubmit={async (values, helpers) => {
          helpers.setStatus(null);
          // Formik submits only once validateRelease found nothing: starts_at is there.
          const body = releaseBody(values, timezone) as ScheduleReleaseCreate;
          try {
            await create.mutateAsync({ body, idempotencyKey: submission.keyFor(body) });
            submission.settle();
            showSuccess(m.created);
            helpers.resetForm();
          } catch (error) {
            helpers.setStatus(apiErrorText(error));
            if (error instanceof ApiError && error.fields) helpers.setErrors(error.fields);
          }
        }}
      >
        {({ isSubmitting, status: submitError }) => (
          <Form noValidate aria-labelledby={headingId} className="schedule-releases__form" aria-busy={isSubmitting}>
            <TextField name="name" label={fieldLabels.name} hint={m.nameHint} autoComplete="off" />
            <InstantField
              name="starts_at"
              label={fieldLabels.starts_at}
              optional={false}
              hint={fill(m.startsAtHint, { days: MAX_DAYS_AHEAD, max: MAX_UPCOMING_RELEASES })}
              timezone={timezone}
            />
            <FormError message={typeof submitError === 'string' ? submitError : null} />
            <div className="actions">
              <button type="submit" className="button" disabled={isSubmitting} aria-busy={isSubmitting}>
                {m.submit}
              </button>
            </div>
            {isSubmitting && <Spinner label={m.submitting} />}
            <FocusFirstError />
          </Form>
        )}
      </Formik>
    </section>
  );
}
