import { messages } from '@studio/shared/messages';
import { Form, Formik, type FormikErrors, type FormikProps, type FormikValues } from 'formik';
import { type ReactNode, useId } from 'react';
import { useNavigate, useParams } from 'react-router';
import { showSuccess } from '../lib/alerts';
import { ApiError, apiErrorText } from '../lib/api-client';
import { FocusFirstError } from './form-field';
import { FormFooter } from './form-footer';
import { LoadError } from './load-error';
import { NotFound } from './not-found';
import { Spinner } from './spinner';

/** Record ids are positive integers; anything else in the address is not a record. */
const RECORD_ID = /^[1-9]\d{0,15}$/;

/**
 * The `:id` of an admin form's address: no id (or `newSegment`, for a route
 * that also catches /nuevo) starts a new record, a record id loads that one,
 * anything else is 'not found'.
 */
export function AdminRecordRoute({
  renderNew,
  renderExisting,
  newSegment,
}: {
  renderNew: () => ReactNode;
  renderExisting: (id: number) => ReactNode;
  newSegment?: string;
}) {
  const { id } = useParams();
  if (id === undefined || (newSegment !== undefined && id === newSegment)) return renderNew();
  if (!RECORD_ID.test(id)) return <NotFound />;
  return renderExisting(Number(id));
}

/**
 * While an existing record loads: the record's kind as the title, a spinner,
 * then (if the read fails) what went wrong with a way to try again.
 */
export function AdminRecordLoading({
  screenClass,
  title,
  query,
  errorText,
}: {
  /** The screen's own class (`admin-packages`), next to `screen`. */
  screenClass: string;
  title: string;
  query: { isPending: boolean; isError: boolean; error: unknown; isFetching: boolean; refetch: () => unknown };
  /** What a failed read says; by default the server's reason. */
  errorText?: string;
}) {
  return (
    <section className={`screen ${screenClass}`}>
      <h1>{title}</h1>
      {query.isPending && <Spinner />}
      {query.isError && (
        <LoadError
          message={errorText ?? apiErrorText(query.error) ?? messages.common.genericError}
          retrying={query.isFetching}
          onRetry={() => void query.refetch()}
        />
      )}
    </section>
  );
}

/**
 * An admin record's form, the same on every admin form screen: the kind
 * above the title, the form named by the title, the fields, the server's
 * refusal (announced), Cancelar back to the list and Guardar; while saving a
 * spinner, and after a failed attempt focus on the first problem. Saved, it
 * says `savedText` and goes back to the list; refused, the server's reason
 * stays on screen and the fields it names show their errors.
 */
export function AdminRecordForm<Values extends FormikValues>({
  screenClass,
  eyebrow,
  heading,
  listPath,
  initialValues,
  validate,
  save,
  savedText,
  savingText,
  fieldErrors,
  focusProblem = <FocusFirstError />,
  children,
}: {
  /** The screen's own class (`admin-packages`): the section, `__eyebrow` and `__form` take it. */
  screenClass: string;
  eyebrow: string;
  heading: string;
  listPath: string;
  initialValues: Values;
  /** The errors of the values (as the body about to be sent); a promise for the schema's check. */
  validate: (values: Values) => object | Promise<object>;
  save: (values: Values) => Promise<unknown>;
  savedText: string;
  savingText: string;
  /** The server's field errors as the form's errors; by default as they come. */
  fieldErrors?: (fields: Readonly<Record<string, string>>) => FormikErrors<Values>;
  /** What moves focus after a failed attempt; FocusFirstError unless the form has list-level rules. */
  focusProblem?: ReactNode;
  children: (form: FormikProps<Values>) => ReactNode;
}) {
  const navigate = useNavigate();
  const headingId = useId();
  return (
    <section className={`screen ${screenClass}`}>
      <p className={`${screenClass}__eyebrow muted`}>{eyebrow}</p>
      <h1 id={headingId}>{heading}</h1>
      <Formik
        initialValues={initialValues}
        validate={validate}
        onSubmit={async (values, helpers) => {
          helpers.setStatus(null);
          try {
            await save(values);
            showSuccess(savedText);
            await navigate(listPath);
          } catch (error) {
            // 409 (a code or key taken): the server names the field when it can.
            helpers.setStatus(apiErrorText(error));
            if (error instanceof ApiError && error.fields) helpers.setErrors(fieldErrors ? fieldErrors(error.fields) : (error.fields as FormikErrors<Values>));
          }
        }}
      >
        {(form) => (
          <Form noValidate aria-labelledby={headingId} className={`${screenClass}__form`} aria-busy={form.isSubmitting}>
            {children(form)}
            <FormFooter
              error={typeof form.status === 'string' ? form.status : null}
              submitting={form.isSubmitting}
              submitText={messages.common.save}
              submittingText={savingText}
              cancelTo={listPath}
            />
            {focusProblem}
          </Form>
        )}
      </Formik>
    </section>
  );
}
