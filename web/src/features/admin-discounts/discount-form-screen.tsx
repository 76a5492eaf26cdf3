import { DEFAULT_TIMEZONE } from '@studio/shared/format/dates';
import { fill, messages } from '@studio/shared/messages';
import { adminDiscountsMessages as m } from '@studio/shared/messages/admin-discounts';
import { fieldLabels } from '@studio/shared/messages/fields';
import { type Discount, discountSchema, discountUpdateSchema } from '@studio/shared/schemas/discount';
import type { ClassPackage } from '@studio/shared/types/class-packages';
import { Field, Form, Formik, useField, useFormikContext } from 'formik';
import { useId } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { Checkbox, FocusFirstError, FormError, TextField, useVisibleError } from '../../components/form-field';
import { LoadError } from '../../components/load-error';
import { NotFound } from '../../components/not-found';
import { Spinner } from '../../components/spinner';
import { showSuccess } from '../../lib/alerts';
import { ApiError, apiErrorText } from '../../lib/api-client';
import { configString, useConfig } from '../../lib/app-config';
import { useServerMutation, useServerQuery } from '../../lib/server-data';
import { discountKeys, discountQuery, packagesQuery, saveDiscount } from './admin-discounts-api';
import { discountBody, type DiscountFormValues, discountFormValues, validateBody } from './discount-form-values';
import './admin-discounts.css';

const LIST_PATH = '/admin/descuentos';

function KindField() {
  const id = useId();
  const [field] = useField<string>('kind');
  const error = useVisibleError('kind');
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {m.kindLabel}
      </label>
      <select id={id} className="field__control" {...field} aria-invalid={error ? true : undefined} aria-describedby={error ? `${id}-error` : undefined}>
        <option value="percent">{m.kinds.percent}</option>
        <option value="amount">{m.kinds.amount}</option>
      </select>
      {error && (
        <p id={`${id}-error`} className="field__error">
          {error}
        </p>
      )}
    </div>
  );
}

/** class_package_ids: none checked means every package. */
function PackagesField({ packages, failed }: { packages: ClassPackage[] | undefined; failed: boolean }) {
  const hintId = useId();
  const errorId = useId();
  const error = useVisibleError('class_package_ids');
  return (
    <fieldset className="admin-discounts__fieldset" aria-describedby={[hintId, error && errorId].filter(Boolean).join(' ')}>
      <legend>{m.sections.packages}</legend>
      <p id={hintId} className="field__hint">
        {m.packagesHint}
      </p>
      {failed && <p className="form-error">{m.packagesLoadError}</p>}
      {!packages && !failed && <Spinner />}
      <div className="admin-discounts__packages">
        {packages?.map((p) => (
          <label key={p.class_package_id} className="field--checkbox admin-discounts__package">
            <Field type="checkbox" name="class_package_ids" value={String(p.class_package_id)} />
            {p.title}
          </label>
        ))}
      </div>
      {error && (
        <p id={errorId} className="field__error">
          {error}
        </p>
      )}
    </fieldset>
  );
}

function DiscountFields({ packages, packagesFailed }: { packages: ClassPackage[] | undefined; packagesFailed: boolean }) {
  const { values, setFieldValue } = useFormikContext<DiscountFormValues>();
  const percent = values.kind === 'percent';
  return (
    <>
      <fieldset className="admin-discounts__fieldset">
        <legend>{m.sections.basics}</legend>
        <TextField name="code" label={fieldLabels.code} hint={m.codeHint} autoCapitalize="characters" spellCheck={false} />
        <KindField />
        <TextField name="amount" label={percent ? m.amountPercentLabel : m.amountMoneyLabel} type="number" inputMode="decimal" step="0.01" min={0} />
        <Checkbox label={m.firstInvoiceOnly} checked={values.first_invoice_only} onChange={(checked) => void setFieldValue('first_invoice_only', checked)} />
        <p className="field__hint">{m.firstInvoiceHint}</p>
      </fieldset>

      <fieldset className="admin-discounts__fieldset">
        <legend>{m.sections.limits}</legend>
        <TextField name="usage_limit" label={fieldLabels.usage_limit} optional hint={m.limitHint} type="number" inputMode="numeric" step={1} />
        <TextField name="limit_per_customer" label={fieldLabels.limit_per_customer} optional hint={m.limitHint} type="number" inputMode="numeric" step={1} />
      </fieldset>

      <fieldset className="admin-discounts__fieldset">
        <legend>{m.sections.validity}</legend>
        <TextField name="valid_from" label={fieldLabels.valid_from} optional hint={m.dateHint} type="date" />
        <TextField name="valid_until" label={fieldLabels.valid_until} optional hint={m.dateHint} type="date" />
      </fieldset>

      <PackagesField packages={packages} failed={packagesFailed} />
    </>
  );
}

function DiscountForm({ record, id }: { record: Discount | null; id: number | null }) {
  const navigate = useNavigate();
  const headingId = useId();
  const timezone = configString(useConfig(), 'timezone') || DEFAULT_TIMEZONE;
  const packages = useServerQuery(packagesQuery);
  const save = useServerMutation({
    mutationFn: (body: Record<string, unknown>) => saveDiscount(body, id),
    meta: { alert: false, invalidates: [discountKeys.all] },
  });
  const schema = id === null ? discountSchema : discountUpdateSchema;
  const heading = record ? fill(m.editOf, { name: record.code }) : m.create;

  return (
    <section className="screen admin-discounts">
      <p className="admin-discounts__eyebrow muted">{m.singular}</p>
      <h1 id={headingId}>{heading}</h1>
      <Formik
        initialValues={discountFormValues(record, timezone)}
        validate={(values) => validateBody(schema, discountBody(values, id, timezone))}
        onSubmit={async (values, helpers) => {
          helpers.setStatus(null);
          try {
            await save.mutateAsync(discountBody(values, id, timezone));
            showSuccess(m.saved);
            await navigate(LIST_PATH);
          } catch (error) {
            // 409: the code is taken; the server names the field when it can.
            helpers.setStatus(apiErrorText(error));
            if (error instanceof ApiError && error.fields) helpers.setErrors(error.fields);
          }
        }}
      >
        {({ isSubmitting, status: submitError }) => (
          <Form noValidate aria-labelledby={headingId} className="admin-discounts__form" aria-busy={isSubmitting}>
            <DiscountFields packages={packages.data} packagesFailed={packages.isError} />
            <FormError message={typeof submitError === 'string' ? submitError : null} />
            <div className="actions">
              <Link to={LIST_PATH} className="button button--secondary">
                {messages.common.cancel}
              </Link>
              <button type="submit" className="button" disabled={isSubmitting} aria-busy={isSubmitting}>
                {messages.common.save}
              </button>
            </div>
            {isSubmitting && <Spinner label={m.saving} />}
            <FocusFirstError />
          </Form>
        )}
      </Formik>
    </section>
  );
}

function EditDiscount({ id }: { id: number }) {
  const { data, isPending, isError, error, isFetching, refetch } = useServerQuery(discountQuery(id));
  if (data) return <DiscountForm key={id} record={data} id={id} />;
  return (
    <section className="screen admin-discounts">
      <h1>{m.singular}</h1>
      {isPending && <Spinner />}
      {isError && <LoadError message={apiErrorText(error) ?? messages.common.genericError} retrying={isFetching} onRetry={() => void refetch()} />}
    </section>
  );
}

/**
 * /admin/descuentos/nuevo and /admin/descuentos/:id: code, kind and value,
 * limits, validity (studio days) and packages, checked with the API's own
 * schema on the exact body about to be sent; saved, it goes back to the list.
 */
export function DiscountFormScreen() {
  const { id } = useParams();
  if (id === undefined) return <DiscountForm record={null} id={null} />;
  // Ids are positive integers; anything else in the address is not a discount.
  if (!/^[1-9]\d{0,15}$/.test(id)) return <NotFound />;
  return <EditDiscount id={Number(id)} />;
}
