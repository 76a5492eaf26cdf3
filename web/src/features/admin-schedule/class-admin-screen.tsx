import { formatCalendarDay, weekdayName } from '@studio/shared/format/schedule-week';
import { fill, messages } from '@studio/shared/messages';
import { adminScheduleMessages as m } from '@studio/shared/messages/admin-schedule';
import { fieldLabels } from '@studio/shared/messages/fields';
import type { SingleClass } from '@studio/shared/schemas/single-class';
import { type SingleClassUpdateInput, singleClassUpdateSchema } from '@studio/shared/schemas/single-class';
import { Form, Formik } from 'formik';
import { useId } from 'react';
import { Link, useParams } from 'react-router';
import { FocusFirstError, FormError, TextField } from '../../components/form-field';
import { LoadError } from '../../components/load-error';
import { NotFound } from '../../components/not-found';
import { Spinner } from '../../components/spinner';
import { showSuccess } from '../../lib/alerts';
import { ApiError, apiErrorText } from '../../lib/api-client';
import { instructorsQuery, locationsQuery } from '../../lib/catalogue-queries';
import { classTypesQuery } from '../../lib/catalogue-queries';
import { useServerMutation, useServerQuery } from '../../lib/server-data';
import { adminClassQuery, adminScheduleKeys, adminSchedulePaths, updateClass } from './admin-schedule-api';
import { CancelClassSection } from './cancel-class-section';
import { ClassFields, type ClassFormValues, type ClassOptions, coachName, FORM_ERROR, numberOrUndefined, RadioGroup, validateBody } from './class-form-fields';
import { RosterSection } from './roster-section';
import './admin-schedule.css';

interface EditValues extends ClassFormValues {
  scope: 'single' | 'following';
}

function editValues(c: SingleClass): EditValues {
  return {
    class_type_id: String(c.class_type_id),
    location_id: String(c.location_id),
    instructor_ids: c.class_instructors.map((ci) => String(ci.instructor_id)),
    date: c.date,
    start_time: c.start_time,
    duration_minutes: String(c.duration_minutes),
    capacity: String(c.capacity),
    scope: 'single',
  };
}

const sameSet = (a: string[], b: string[]) => a.length === b.length && [...a].sort().join() === [...b].sort().join();

/**
 * PUT /single_class: the id, the scope (only for a class in a series: outside
 * one the API refuses it) and only the fields that changed, so nothing the
 * admin did not touch is rewritten on the later classes of the series.
 */
function updateBody(c: SingleClass, initial: EditValues, v: EditValues): SingleClassUpdateInput {
  const body: Record<string, unknown> = { single_class_id: c.single_class_id };
  if (c.series_id !== null) body.scope = v.scope;
  // An emptied input is sent as undefined → left out; the schema then has nothing to say, so it stays as it was.
  const numeric = ['class_type_id', 'location_id', 'duration_minutes', 'capacity'] as const;
  for (const key of numeric) if (v[key] !== initial[key]) body[key] = numberOrUndefined(v[key]);
  if (v.date !== initial.date) body.date = v.date || undefined;
  if (v.start_time !== initial.start_time) body.start_time = v.start_time || undefined;
  if (!sameSet(v.instructor_ids, initial.instructor_ids)) body.instructor_ids = v.instructor_ids.map(Number);
  return Object.fromEntries(Object.entries(body).filter(([, value]) => value !== undefined)) as SingleClassUpdateInput;
}

function EditClassForm({ c, options }: { c: SingleClass; options: ClassOptions }) {
  const headingId = useId();
  const initial = editValues(c);
  const save = useServerMutation({ mutationFn: updateClass, meta: { alert: false, invalidates: [adminScheduleKeys.all] } });
  return (
    <section className="admin-schedule__panel" aria-labelledby={headingId}>
      <h2 id={headingId}>{m.editTitle}</h2>
      <Formik<EditValues>
        // A refetched class (after a save) starts the form again from what the server now says.
        key={JSON.stringify(initial)}
        initialValues={initial}
        validate={(v) => validateBody(singleClassUpdateSchema, updateBody(c, initial, v))}
        onSubmit={async (v, helpers) => {
          helpers.setStatus(null);
          try {
            const answer = await save.mutateAsync(updateBody(c, initial, v));
            showSuccess(answer.single_classes ? fill(m.savedMany, { n: answer.single_classes.length }) : m.saved);
          } catch (error) {
            helpers.setStatus(apiErrorText(error));
            if (error instanceof ApiError && error.fields) helpers.setErrors(error.fields);
          }
        }}
      >
        {({ isSubmitting, status, errors }) => {
          const whole = (errors as Record<string, unknown>)[FORM_ERROR];
          const formError = typeof status === 'string' ? status : typeof whole === 'string' ? whole : null;
          return (
            <Form noValidate aria-labelledby={headingId} className="admin-schedule__form" aria-busy={isSubmitting}>
              {c.series_id !== null && (
                <RadioGroup
                  name="scope"
                  legend={m.scope}
                  options={[
                    { value: 'single', label: m.scopeSingle },
                    { value: 'following', label: m.scopeFollowing },
                  ]}
                />
              )}
              <ClassFields options={options} capacityOptional={false} when={<TextField name="date" label={fieldLabels.date} type="date" />} />
              <FormError message={formError} />
              <div className="actions">
                <button type="submit" className="button" disabled={isSubmitting} aria-busy={isSubmitting}>
                  {messages.common.save}
                </button>
              </div>
              {isSubmitting && <Spinner label={m.saving} />}
              <FocusFirstError />
            </Form>
          );
        }}
      </Formik>
    </section>
  );
}

function ClassFacts({ c }: { c: SingleClass }) {
  return (
    <dl className="admin-schedule__facts">
      <div>
        <dt>{m.when}</dt>
        <dd>
          {weekdayName(c.date)} {formatCalendarDay(c.date)}, {c.start_time} ({c.duration_minutes} min)
        </dd>
      </div>
      <div>
        <dt>{m.where}</dt>
        <dd>{c.location?.name ?? m.noLocation}</dd>
      </div>
      <div>
        <dt>{m.who}</dt>
        <dd>{c.class_instructors.map((ci) => coachName(ci.instructor)).join(', ') || m.noCoach}</dd>
      </div>
      <div>
        <dt>{m.capacity}</dt>
        <dd>{fill(m.booked, { booked: c.booked, capacity: c.capacity })}</dd>
      </div>
      {c.cancel_reason && (
        <div>
          <dt>{m.cancelReason}</dt>
          <dd>{c.cancel_reason}</dd>
        </div>
      )}
    </dl>
  );
}

function ClassAdmin({ id }: { id: number }) {
  const cls = useServerQuery(adminClassQuery(id));
  const locations = useServerQuery(locationsQuery);
  const classTypes = useServerQuery(classTypesQuery);
  const instructors = useServerQuery(instructorsQuery);
  const options: ClassOptions = { classTypes: classTypes.data ?? [], locations: locations.data ?? [], instructors: instructors.data ?? [] };
  const back = (
    <p>
      <Link to={adminSchedulePaths.week}>
        <span aria-hidden="true">‹</span> {m.backToWeek}
      </Link>
    </p>
  );

  const c = cls.data;
  if (!c) {
    return (
      <section className="screen admin-schedule">
        {back}
        <h1>{m.title}</h1>
        {cls.isPending && <Spinner />}
        {cls.isError && <LoadError message={apiErrorText(cls.error) ?? m.classLoadError} retrying={cls.isFetching} onRetry={() => void cls.refetch()} />}
      </section>
    );
  }

  const cancelled = c.status === 'cancelled';
  return (
    <section className="screen admin-schedule">
      {back}
      <h1>{fill(m.classHeading, { type: c.class_type?.name ?? '—', day: `${weekdayName(c.date)} ${formatCalendarDay(c.date)}`, time: c.start_time })}</h1>
      {cancelled && <p className="admin-schedule__badge">{m.cancelled}</p>}
      {c.series_id !== null && <p className="muted">{m.seriesNote}</p>}
      <ClassFacts c={c} />
      {cancelled ? <p>{m.editLocked}</p> : <EditClassForm c={c} options={options} />}
      <CancelClassSection c={c} />
      <RosterSection c={c} />
    </section>
  );
}

/** /admin/horario/{id}: one class — its facts, edit form, cancellation and roster with attendance, adding and removing customers. */
export function ClassAdminScreen() {
  const { id } = useParams();
  // Ids are positive integers; anything else in the address is not a class.
  if (id === undefined || !/^[1-9]\d{0,15}$/.test(id)) return <NotFound />;
  return <ClassAdmin key={id} id={Number(id)} />;
}
