import { DEFAULT_TIMEZONE } from '@studio/shared/format/dates';
import { fill } from '@studio/shared/messages';
import { adminDiscountsMessages as m } from '@studio/shared/messages/admin-discounts';
import { fieldLabels } from '@studio/shared/messages/fields';
import { type Discount, discountSchema, discountUpdateSchema } from '@studio/shared/schemas/discount';
import type { ClassPackage } from '@studio/shared/types/class-packages';
import { Field, useField, useFormikContext } from 'formik';
import { useId } from 'react';
import { AdminRecordForm, AdminRecordLoading, AdminRecordRoute } from '../../components/admin-record-form';
import { Checkbox, TextField, useVisibleError } from '../../components/form-field';
import { Spinner } from '../../components/spinner';
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
  const timezone = configString(useConfig(), 'timezone') || DEFAULT_TIMEZONE;
  const packages = useServerQuery(packagesQuery);
  const save = useServerMutation({
    mutationFn: (body: Record<string, unknown>) => saveDiscount(body, id),
    meta: { alert: false, invalidates: [discountKeys.all] },
  });
  const schema = id === null ? discountSchema : discountUpdateSchema;
  return (
    <AdminRecordForm
      screenClass="admin-discounts"
      eyebrow={m.singular}
      heading={record ? fill(m.editOf, { name: record.code }) : m.create}
      listPath={LIST_PATH}
      initialValues={discountFormValues(record, timezone)}
      validate={(values) => validateBody(schema, discountBody(values, id, timezone))}
      save={(values) => save.mutateAsync(discountBody(values, id, timezone))}
      savedText={m.saved}
      savingText={m.saving}
    >
      {() => <DiscountFields packages={packages.data} packagesFailed={packages.isError} />}
    </AdminRecordForm>
  );
}

function EditDiscount({ id }: { id: number }) {
  const query = useServerQuery(discountQuery(id));
  if (query.data) return <DiscountForm key={id} record={query.data} id={id} />;
  return <AdminRecordLoading screenClass="admin-discounts" title={m.singular} query={query} />;
}

/**
 * /admin/descuentos/nuevo and /admin/descuentos/:id: code, kind and value,
 * limits, validity (studio days) and packages, checked with the API's own
 * schema on the exact body about to be sent; saved, it goes back to the list.
 */
export function DiscountFormScreen() {
  return <AdminRecordRoute renderNew={() => <DiscountForm record={null} id={null} />} renderExisting={(id) => <EditDiscount id={id} />} />;
}
