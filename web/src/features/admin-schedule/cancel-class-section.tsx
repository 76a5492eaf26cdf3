import { fill, messages } from '@studio/shared/messages';
import { adminScheduleMessages as m } from '@studio/shared/messages/admin-schedule';
import { type CancellationSummary, type SingleClass, singleClassCancelSchema } from '@studio/shared/schemas/single-class';
import { Form, Formik, useField, useFormikContext } from 'formik';
import { useId, useState } from 'react';
import { FocusFirstError, FormError } from '../../components/form-field';
import { Modal } from '../../components/modal';
import { Spinner } from '../../components/spinner';
import { apiErrorText } from '../../lib/api-client';
import { useServerMutation } from '../../lib/server-data';
import { adminScheduleKeys, cancelClass } from './admin-schedule-api';
import { validateBody } from './class-form-fields';

/** form-field.tsx has no multi-line input; this one follows TextField's label and error wiring. */
function ReasonField() {
  const id = useId();
  const [field, meta] = useField<string>('reason');
  const { submitCount } = useFormikContext();
  const error = (meta.touched || submitCount > 0) && typeof meta.error === 'string' ? meta.error : undefined;
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {m.cancelReasonLabel}
        <span className="field__optional"> {messages.common.optional}</span>
      </label>
      <textarea
        id={id}
        className="field__control"
        rows={3}
        {...field}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
      />
      {error && (
        <p id={`${id}-error`} className="field__error">
          {error}
        </p>
      )}
    </div>
  );
}

const plural = ([one, many]: readonly [string, string], n: number) => fill(n === 1 ? one : many, { n });

/** The cancellation's counts in words; refunds that did not happen are left unsaid. */
export function cancellationSentences(s: CancellationSummary): string[] {
  const c = m.counts;
  return [
    plural(c.reservations, s.reservations_cancelled),
    s.credits_returned > 0 && plural(c.returned, s.credits_returned),
    s.credits_replaced > 0 && plural(c.replaced, s.credits_replaced),
    s.unlimited > 0 && plural(c.unlimited, s.unlimited),
    s.not_refunded > 0 && plural(c.notRefunded, s.not_refunded),
    plural(c.notified, s.customers_notified),
  ].filter((line): line is string => typeof line === 'string');
}

/**
 * 'Cancelar clase': asks first (with an optional reason the customers read),
 * then says what the cancellation did. For a cancelled class whose
 * cancellation stopped half way it shows 'Cancelación en curso: N de M' and
 * 'Terminar cancelación', since cancelling again finishes it (docs/booking).
 */
export function CancelClassSection({ c }: { c: SingleClass }) {
  const headingId = useId();
  const [asking, setAsking] = useState(false);
  const [result, setResult] = useState<CancellationSummary | null>(null);
  const cancel = useServerMutation({
    mutationFn: (reason: string) => cancelClass(c.single_class_id, reason.trim() ? { reason: reason.trim() } : {}),
    meta: { alert: false, invalidates: [adminScheduleKeys.all] },
  });
  const [finishError, setFinishError] = useState<string | null>(null);
  const progress = c.cancellation_progress;
  const unfinished = c.status === 'cancelled' && progress && progress.done < progress.total ? progress : null;
  /** Cancelling a cancelled class again only finishes what is left (the reason stays the one given first). */
  async function finish() {
    setFinishError(null);
    try {
      setResult((await cancel.mutateAsync('')).cancellation);
    } catch (error) {
      setFinishError(apiErrorText(error));
    }
  }

  return (
    <section className="admin-schedule__panel" aria-labelledby={headingId}>
      <h2 id={headingId}>{m.cancelTitle}</h2>
      <div role="status">
        {result && (
          <>
            <p>
              <strong>{m.cancelDone}</strong>
            </p>
            <ul className="admin-schedule__counts">
              {cancellationSentences(result).map((line) => (
                <li key={line}>{line}</li>
              ))}
            </ul>
          </>
        )}
      </div>
      {!result && unfinished && (
        <>
          <p>
            <strong>{fill(m.cancelInProgress, { done: unfinished.done, total: unfinished.total })}</strong>
          </p>
          <p>{m.cancelInProgressHint}</p>
          <FormError message={finishError} />
          <button
            type="button"
            className="button admin-schedule__danger"
            onClick={() => void finish()}
            disabled={cancel.isPending}
            aria-busy={cancel.isPending}
          >
            {m.finishCancel}
          </button>
          {cancel.isPending && <Spinner label={m.cancelling} />}
        </>
      )}
      {!result && c.status !== 'cancelled' && (
        <button type="button" className="button admin-schedule__danger" onClick={() => setAsking(true)}>
          {m.cancelButton}
        </button>
      )}
      {asking && (
        <Modal title={m.cancelTitle} onClose={() => setAsking(false)}>
          <p>{m.cancelIntro}</p>
          <Formik
            initialValues={{ reason: '' }}
            validate={(v) => validateBody(singleClassCancelSchema, v.reason.trim() ? { reason: v.reason.trim() } : {})}
            onSubmit={async (v, helpers) => {
              helpers.setStatus(null);
              try {
                const answer = await cancel.mutateAsync(v.reason);
                setResult(answer.cancellation);
                setAsking(false);
              } catch (error) {
                helpers.setStatus(apiErrorText(error));
              }
            }}
          >
            {({ isSubmitting, status }) => (
              <Form noValidate className="admin-schedule__form" aria-busy={isSubmitting}>
                <ReasonField />
                <FormError message={typeof status === 'string' ? status : null} />
                <div className="actions">
                  <button type="button" className="button button--secondary" onClick={() => setAsking(false)}>
                    {m.keepClass}
                  </button>
                  <button type="submit" className="button admin-schedule__danger" disabled={isSubmitting} aria-busy={isSubmitting}>
                    {m.cancelConfirm}
                  </button>
                </div>
                {isSubmitting && <Spinner label={m.cancelling} />}
                <FocusFirstError />
              </Form>
            )}
          </Formik>
        </Modal>
      )}
    </section>
  );
}
