import { fill } from '@studio/shared/messages';
import { adminPackagesMessages as m } from '@studio/shared/messages/admin-packages';
import { fieldLabels } from '@studio/shared/messages/fields';
import { classPackageSchema, classPackageUpdateSchema, SUBSCRIPTION_PERIODS } from '@studio/shared/schemas/class-package';
import type { ClassType } from '@studio/shared/types/catalogue';
import type { ClassPackage } from '@studio/shared/types/class-packages';
import { FieldArray, getIn, useFormikContext } from 'formik';
import { useId } from 'react';
import { AdminRecordForm, AdminRecordLoading, AdminRecordRoute } from '../../components/admin-record-form';
import { Checkbox, TextField } from '../../components/form-field';
import { CheckboxField, ChoiceField, TextAreaField } from '../../components/formik-fields';
import { classTypesQuery } from '../../lib/catalogue-queries';
import { useServerMutation, useServerQuery } from '../../lib/server-data';
import { packageKeys, packageQuery, savePackage } from './admin-packages-api';
import { EMPTY_TIME_WINDOW, EMPTY_VARIANT, packageBody, type PackageFormValues, packageFormValues, validateBody } from './package-form-values';
import './admin-packages.css';

const LIST_PATH = '/admin/paquetes';
const PERIOD_CHOICES = SUBSCRIPTION_PERIODS.map((value) => ({ value, label: m.periods[value] }));

/** A money input: decimals allowed, the keyboard of numbers on phones. */
function MoneyField({ name, label, optional, hint }: { name: string; label: string; optional?: boolean; hint?: string }) {
  return <TextField name={name} label={label} optional={optional} hint={hint} type="number" inputMode="decimal" step="0.01" min={0} />;
}

function WholeField({ name, label, optional, hint }: { name: string; label: string; optional?: boolean; hint?: string }) {
  return <TextField name={name} label={label} optional={optional} hint={hint} type="number" inputMode="numeric" step={1} />;
}

/** class_package_types: one row per class type, added and removed by the admin. */
function Variants({ classTypes }: { classTypes: ClassType[] | undefined }) {
  const hintId = useId();
  const { values, errors, submitCount } = useFormikContext<PackageFormValues>();
  const choices = (classTypes ?? []).map((type) => ({ value: String(type.class_type_id), label: type.name }));
  // A rule on the whole list (a type twice) has no input of its own: it shows under the legend.
  const listError: unknown = getIn(errors, 'class_package_types');
  return (
    <fieldset className="admin-packages__fieldset" aria-describedby={hintId}>
      <legend>{m.variantsLegend}</legend>
      <p id={hintId} className="field__hint">
        {values.is_online ? m.variantsOnline : m.variantsHint}
      </p>
      {!values.is_online && (
        <FieldArray name="class_package_types">
          {(rows) => (
            <>
              {values.class_package_types.map((_, index) => (
                // Rows have no id before they are saved; the index is their identity in the body too.
                <fieldset key={index} className="admin-packages__variant">
                  <legend>{fill(m.variantRow, { n: index + 1 })}</legend>
                  <ChoiceField name={`class_package_types.${index}.class_type_id`} label={fieldLabels.class_type_id} choices={choices} />
                  <WholeField name={`class_package_types.${index}.class_amount`} label={fieldLabels.class_amount} hint={m.classAmountHint} />
                  <WholeField name={`class_package_types.${index}.expiration_days`} label={fieldLabels.expiration_days} optional hint={m.expirationHint} />
                  <button type="button" className="button button--secondary" onClick={() => rows.remove(index)}>
                    {fill(m.removeVariant, { n: index + 1 })}
                  </button>
                </fieldset>
              ))}
              <button type="button" className="button button--secondary" onClick={() => rows.push({ ...EMPTY_VARIANT })}>
                {m.addVariant}
              </button>
            </>
          )}
        </FieldArray>
      )}
      {submitCount > 0 && typeof listError === 'string' && (
        <p className="field__error" role="alert">
          {listError}
        </p>
      )}
    </fieldset>
  );
}

/** allowed_times: the windows an off-peak package's credits may be used in (docs/packages). */
function AllowedTimes() {
  const hintId = useId();
  const { values, errors, submitCount, setFieldValue } = useFormikContext<PackageFormValues>();
  const rowError = (index: number): unknown => getIn(errors, `allowed_times.${index}`);
  const toggleDay = (index: number, day: number, on: boolean) => {
    const days = values.allowed_times[index]?.weekdays ?? [];
    void setFieldValue(`allowed_times.${index}.weekdays`, on ? [...days, day] : days.filter((d) => d !== day));
  };
  return (
    <fieldset className="admin-packages__fieldset" aria-describedby={hintId}>
      <legend>{m.timesLegend}</legend>
      <p id={hintId} className="field__hint">
        {values.is_online ? m.timesOnline : m.timesHint}
      </p>
      {!values.is_online && (
        <FieldArray name="allowed_times">
          {(rows) => (
            <>
              {values.allowed_times.map((window, index) => (
                // Windows have no id; the index is their identity in the body too.
                <fieldset key={index} className="admin-packages__variant">
                  <legend>{fill(m.timeRow, { n: index + 1 })}</legend>
                  <fieldset className="admin-packages__days">
                    <legend>{m.timeDays}</legend>
                    {m.weekdays.map((name, i) => (
                      <Checkbox key={name} label={name} checked={window.weekdays.includes(i + 1)} onChange={(on) => toggleDay(index, i + 1, on)} />
                    ))}
                  </fieldset>
                  <TextField name={`allowed_times.${index}.start`} label={m.timeStart} type="time" />
                  <TextField name={`allowed_times.${index}.end`} label={m.timeEnd} type="time" />
                  {submitCount > 0 && typeof rowError(index) === 'string' && (
                    <p className="field__error" role="alert">
                      {rowError(index) as string}
                    </p>
                  )}
                  {submitCount > 0 && typeof getIn(errors, `allowed_times.${index}.weekdays`) === 'string' && (
                    <p className="field__error" role="alert">
                      {getIn(errors, `allowed_times.${index}.weekdays`) as string}
                    </p>
                  )}
                  <button type="button" className="button button--secondary" onClick={() => rows.remove(index)}>
                    {fill(m.removeTime, { n: index + 1 })}
                  </button>
                </fieldset>
              ))}
              <button
                type="button"
                className="button button--secondary"
                onClick={() => rows.push({ ...EMPTY_TIME_WINDOW, weekdays: [...EMPTY_TIME_WINDOW.weekdays] })}
              >
                {m.addTime}
              </button>
            </>
          )}
        </FieldArray>
      )}
    </fieldset>
  );
}

function PackageFields({ classTypes, classTypesFailed }: { classTypes: ClassType[] | undefined; classTypesFailed: boolean }) {
  const { values } = useFormikContext<PackageFormValues>();
  return (
    <>
      <fieldset className="admin-packages__fieldset">
        <legend>{m.sections.basics}</legend>
        <TextField name="title" label={fieldLabels.title} />
        <TextField name="short_description" label={fieldLabels.short_description} optional />
        <TextAreaField name="description" label={fieldLabels.description} optional />
      </fieldset>

      <fieldset className="admin-packages__fieldset">
        <legend>{m.sections.price}</legend>
        <MoneyField name="price" label={`${fieldLabels.price} (MXN)`} hint={m.freeHint} />
        <MoneyField name="sale_price" label={`${fieldLabels.sale_price} (MXN)`} optional hint={m.salePriceHint} />
      </fieldset>

      <fieldset className="admin-packages__fieldset">
        <legend>{m.sections.classes}</legend>
        <WholeField name="class_amount" label={fieldLabels.class_amount} hint={m.classAmountHint} />
        <WholeField name="expiration_days" label={fieldLabels.expiration_days} optional hint={m.expirationHint} />
        <WholeField name="limit_per_customer" label={fieldLabels.limit_per_customer} optional hint={m.limitHint} />
        <CheckboxField name="is_online" label={fieldLabels.is_online} />
        {classTypesFailed && <p className="form-error">{m.classTypesLoadError}</p>}
        <Variants classTypes={classTypes} />
      </fieldset>

      <AllowedTimes />

      <fieldset className="admin-packages__fieldset">
        <legend>{m.sections.subscription}</legend>
        <CheckboxField name="is_subscription" label={fieldLabels.is_subscription} />
        {values.is_subscription && (
          <>
            <ChoiceField name="subscription_period" label={fieldLabels.subscription_period} choices={PERIOD_CHOICES} />
            <WholeField name="subscription_interval" label={fieldLabels.subscription_interval} />
            <CheckboxField name="is_trial" label={fieldLabels.is_trial} />
            {values.is_trial && <WholeField name="free_trial_length" label={fieldLabels.free_trial_length} />}
          </>
        )}
      </fieldset>

      <fieldset className="admin-packages__fieldset">
        <legend>{m.sections.extras}</legend>
        <CheckboxField name="is_special_event" label={fieldLabels.is_special_event} />
        <WholeField name="purchase_limit" label={fieldLabels.purchase_limit} optional hint={m.limitHint} />
        <CheckboxField name="downloadable" label={fieldLabels.downloadable} />
        {values.downloadable && <TextField name="file_url" label={fieldLabels.file_url} hint={`${m.linkHint} ${m.fileUrlHint}`} inputMode="url" />}
        <TextField name="image" label={m.imageSrc} optional hint={m.linkHint} inputMode="url" />
        <TextField name="receipt_file" label={m.receiptSrc} optional hint={m.linkHint} inputMode="url" />
      </fieldset>

      <fieldset className="admin-packages__fieldset">
        <legend>{m.sections.home}</legend>
        <CheckboxField name="home" label={fieldLabels.home} />
        <p className="field__hint">{m.homeHint}</p>
        <CheckboxField name="active" label={m.statusLabel} />
      </fieldset>
    </>
  );
}

function PackageForm({ record, id }: { record: ClassPackage | null; id: number | null }) {
  const classTypes = useServerQuery(classTypesQuery);
  const save = useServerMutation({
    mutationFn: (body: Record<string, unknown>) => savePackage(body, id),
    meta: { alert: false, invalidates: [packageKeys.all] },
  });
  const schema = id === null ? classPackageSchema : classPackageUpdateSchema;
  return (
    <AdminRecordForm
      screenClass="admin-packages"
      eyebrow={m.singular}
      heading={record ? fill(m.editOf, { name: record.title }) : m.create}
      listPath={LIST_PATH}
      initialValues={packageFormValues(record)}
      validate={(values) => validateBody(schema, packageBody(values, id))}
      save={(values) => save.mutateAsync(packageBody(values, id))}
      savedText={m.saved}
      savingText={m.saving}
    >
      {() => <PackageFields classTypes={classTypes.data} classTypesFailed={classTypes.isError} />}
    </AdminRecordForm>
  );
}

function EditPackage({ id }: { id: number }) {
  const query = useServerQuery(packageQuery(id));
  if (query.data) return <PackageForm key={id} record={query.data} id={id} />;
  return <AdminRecordLoading screenClass="admin-packages" title={m.singular} query={query} />;
}

/**
 * /admin/paquetes/nuevo and /admin/paquetes/:id: every field of a package,
 * grouped, checked with the API's own create or update schema on the exact
 * body about to be sent; saved, it goes back to the list.
 */
export function PackageFormScreen() {
  return <AdminRecordRoute renderNew={() => <PackageForm record={null} id={null} />} renderExisting={(id) => <EditPackage id={id} />} />;
}
