import { fill } from '@studio/shared/messages';
import { adminScheduleMessages as m } from '@studio/shared/messages/admin-schedule';
import { fieldLabels } from '@studio/shared/messages/fields';
import { type SeriesCreateInput, seriesCreateSchema, type SingleClassCreateInput, singleClassCreateSchema } from '@studio/shared/schemas/single-class';
import { Form, Formik } from 'formik';
import { FocusFirstError, TextField } from '../../components/form-field';
import { FormFooter } from '../../components/form-footer';
import { Modal } from '../../components/modal';
import { showSuccess } from '../../lib/alerts';
import { ApiError, apiErrorText } from '../../lib/api-client';
import { useServerMutation } from '../../lib/server-data';
import { adminScheduleKeys, createClass, createSeries } from './admin-schedule-api';
import { CheckboxGroup, ClassFields, type ClassFormValues, type ClassOptions, numberOrUndefined, RadioGroup, validateBody } from './class-form-fields';

interface NewValues extends ClassFormValues {
  first_date: string;
  weekdays: string[];
  end: 'until' | 'count';
  until_date: string;
  count: string;
}

const EMPTY: NewValues = {
  class_type_id: '',
  location_id: '',
  instructor_ids: [],
  date: '',
  start_time: '',
  duration_minutes: '',
  capacity: '',
  first_date: '',
  weekdays: [],
  end: 'until',
  until_date: '',
  count: '',
};

/** Leaves out what is empty: an absent field gets the schema's "required" text, an absent capacity the map's spots. */
function withoutUndefined<T extends object>(body: T): T {
  return Object.fromEntries(Object.entries(body).filter(([, value]) => value !== undefined)) as T;
}

function classShape(v: NewValues) {
  return {
    class_type_id: numberOrUndefined(v.class_type_id),
    location_id: numberOrUndefined(v.location_id),
    instructor_ids: v.instructor_ids.map(Number),
    start_time: v.start_time || undefined,
    duration_minutes: numberOrUndefined(v.duration_minutes),
    capacity: numberOrUndefined(v.capacity),
  };
}

/** POST /single_class: what the shared create schema checks before it goes. */
function classBody(v: NewValues): SingleClassCreateInput {
  return withoutUndefined({ date: v.date || undefined, ...classShape(v) }) as SingleClassCreateInput;
}

/** POST /single_class/series: ISO weekdays in week order, and exactly the end the admin chose. */
function seriesBody(v: NewValues): SeriesCreateInput {
  return withoutUndefined({
    weekdays: v.weekdays.map(Number).sort((a, b) => a - b),
    first_date: v.first_date || undefined,
    until_date: v.end === 'until' ? v.until_date || undefined : undefined,
    count: v.end === 'count' ? numberOrUndefined(v.count) : undefined,
    ...classShape(v),
  }) as SeriesCreateInput;
}

/**
 * 'Nueva clase' and 'Nueva serie': one form checked with the API's own schema
 * before anything is sent; the server's refusals land on their inputs. Once
 * created, the week is refetched and `onCreated` gets the first class's day.
 */
export function NewClassModal({
  mode,
  options,
  onClose,
  onCreated,
}: {
  mode: 'class' | 'series';
  options: ClassOptions;
  onClose: () => void;
  onCreated: (day: string) => void;
}) {
  const series = mode === 'series';
  const save = useServerMutation({
    mutationFn: async (v: NewValues) => {
      if (series) return (await createSeries(seriesBody(v))).single_classes;
      return [(await createClass(classBody(v))).single_class];
    },
    meta: { alert: false, invalidates: [adminScheduleKeys.all] },
  });
  const weekdayOptions = m.weekdays.map((label, i) => ({ value: String(i + 1), label }));

  return (
    <Modal title={series ? m.newSeries : m.newClass} onClose={onClose}>
      <Formik<NewValues>
        initialValues={EMPTY}
        validate={async (v) => {
          if (!series) return validateBody(singleClassCreateSchema, classBody(v));
          const errors = await validateBody(seriesCreateSchema, seriesBody(v));
          // The schema puts "a date or a count" on until_date; when counting, that input is hidden, so the count says it.
          if (v.end === 'count' && errors.until_date !== undefined && errors.count === undefined) {
            const { until_date: untilError, ...rest } = errors;
            return { ...rest, count: untilError };
          }
          return errors;
        }}
        onSubmit={async (v, helpers) => {
          helpers.setStatus(null);
          try {
            const created = await save.mutateAsync(v);
            showSuccess(series ? fill(m.seriesCreated, { n: created.length }) : m.classCreated);
            const first = created[0];
            if (first) onCreated(first.date);
            onClose();
          } catch (error) {
            helpers.setStatus(apiErrorText(error));
            if (error instanceof ApiError && error.fields) helpers.setErrors(error.fields);
          }
        }}
      >
        {({ values, isSubmitting, status }) => (
          <Form noValidate className="admin-schedule__form" aria-busy={isSubmitting}>
            <ClassFields
              options={options}
              when={
                series ? (
                  <>
                    <TextField name="first_date" label={fieldLabels.first_date} type="date" />
                    <CheckboxGroup name="weekdays" legend={fieldLabels.weekdays} options={weekdayOptions} />
                    <RadioGroup
                      name="end"
                      legend={m.seriesEnd}
                      options={[
                        { value: 'until', label: m.endByDate },
                        { value: 'count', label: m.endByCount },
                      ]}
                    />
                    {values.end === 'until' ? (
                      <TextField name="until_date" label={fieldLabels.until_date} type="date" />
                    ) : (
                      <TextField name="count" label={fieldLabels.count} type="number" inputMode="numeric" min={1} />
                    )}
                  </>
                ) : (
                  <TextField name="date" label={fieldLabels.date} type="date" />
                )
              }
            />
            <FormFooter
              error={typeof status === 'string' ? status : null}
              submitting={isSubmitting}
              submitText={m.create}
              submittingText={m.saving}
              onCancel={onClose}
            />
            <FocusFirstError />
          </Form>
        )}
      </Formik>
    </Modal>
  );
}
