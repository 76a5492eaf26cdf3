import { fill, messages } from '@studio/shared/messages';
import { adminScheduleMessages as m } from '@studio/shared/messages/admin-schedule';
import { fieldLabels } from '@studio/shared/messages/fields';
import { type AdminAddReservationInput, adminAddReservationSchema, type ClassRoster } from '@studio/shared/schemas/class-roster';
import { type SingleClass, spotMapTotal } from '@studio/shared/schemas/single-class';
import { Field, Form, Formik, useField, useFormikContext } from 'formik';
import { type KeyboardEvent, useId, useState } from 'react';
import { FocusFirstError, FormError } from '../../components/form-field';
import { FormFooter } from '../../components/form-footer';
import { Modal } from '../../components/modal';
import { ApiError, apiErrorText } from '../../lib/api-client';
import { useServerMutation, useServerQuery } from '../../lib/server-data';
import { addToClass, adminScheduleKeys, customerSearchQuery } from './admin-schedule-api';
import { numberOrUndefined, validateBody } from './class-form-fields';

interface AddValues {
  customer_id: string;
  /** '' = any free spot (the server picks one). */
  spot: string;
  charge: 'true' | 'false';
}

const INITIAL: AddValues = { customer_id: '', spot: '', charge: 'true' };

/** The body POST /single_class/{id}/reservations takes; no spot means "any free one", so it is left out rather than sent empty. */
function addBody(v: AddValues): AdminAddReservationInput {
  const body: Record<string, unknown> = { customer_id: numberOrUndefined(v.customer_id), charge: v.charge === 'true' };
  if (v.spot !== '') body.spot = Number(v.spot);
  return Object.fromEntries(Object.entries(body).filter(([, value]) => value !== undefined)) as AdminAddReservationInput;
}

/** The map's spots no active reservation (a customer's or a guest's) holds; null when the class has no map, so there is nothing to choose. */
function freeSpots(c: SingleClass, roster: ClassRoster | undefined): number[] | null {
  const total = spotMapTotal(c.spot_map);
  if (total === null) return null;
  const taken = new Set((roster?.reservations ?? []).filter((r) => r.deletedAt === null && r.spot !== null).map((r) => r.spot));
  return Array.from({ length: total }, (_, i) => i + 1).filter((n) => !taken.has(n));
}

const customerName = (c: { name: string | null; last_name: string | null; email: string | null }): string =>
  [c.name, c.last_name].filter(Boolean).join(' ') || c.email || '—';

const plural = ([one, many]: readonly [string, string], n: number) => fill(n === 1 ? one : many, { n });

/**
 * The search box and the customers it found, as radio buttons (one pick,
 * arrow keys to move). It searches on 'Buscar' or Enter rather than on each
 * keystroke: the admin list is a paged query, not a type-ahead.
 */
function CustomerPicker({ activeIds }: { activeIds: ReadonlySet<number> }) {
  const id = useId();
  const [typed, setTyped] = useState('');
  const [query, setQuery] = useState<string | null>(null);
  const results = useServerQuery({ ...customerSearchQuery(query ?? ''), enabled: query !== null });
  const [field, meta, helpers] = useField<string>('customer_id');
  const { submitCount } = useFormikContext<AddValues>();
  const error = (meta.touched || submitCount > 0) && typeof meta.error === 'string' ? meta.error : undefined;
  const errorId = `${id}-error`;
  const found = query !== null ? results.data?.customers : undefined;
  const hasOptions = found !== undefined && found.length > 0;

  const search = () => {
    // A pick from an earlier search would be sent without being on screen.
    void helpers.setValue('');
    setQuery(typed.trim());
  };
  const searchOnEnter = (event: KeyboardEvent<HTMLInputElement>) => {
    // Enter in the search box searches; it must not submit the add form around it.
    if (event.key !== 'Enter') return;
    event.preventDefault();
    search();
  };

  let status = '';
  if (query !== null && results.isFetching) status = m.searching;
  else if (found) status = found.length === 0 ? fill(m.noResults, { query: query ?? '' }) : plural(m.resultsCount, found.length);

  return (
    <>
      <div role="search" className="admin-schedule__search">
        <div className="field">
          <label className="field__label" htmlFor={`${id}-q`}>
            {m.searchLabel}
          </label>
          <div className="admin-schedule__search-row">
            <input
              id={`${id}-q`}
              className="field__control"
              type="search"
              autoComplete="off"
              maxLength={100}
              value={typed}
              onChange={(event) => setTyped(event.target.value)}
              onKeyDown={searchOnEnter}
              // Without results to pick from, the missing customer is this input's to say.
              aria-invalid={error && !hasOptions ? true : undefined}
              aria-describedby={[`${id}-hint`, error && !hasOptions ? errorId : ''].filter(Boolean).join(' ')}
            />
            <button type="button" className="button button--secondary" onClick={search}>
              {m.searchButton}
            </button>
          </div>
          <p id={`${id}-hint`} className="field__hint">
            {m.searchHint}
          </p>
        </div>
      </div>
      <p role="status" className="admin-schedule__done">
        {status}
      </p>
      {results.isError && <FormError message={apiErrorText(results.error) ?? m.searchError} />}
      {hasOptions && (
        <fieldset className="field admin-schedule__group" aria-describedby={error ? errorId : undefined}>
          <legend className="field__label">{m.resultsLegend}</legend>
          <ul className="admin-schedule__results">
            {found.map((c) => (
              <li key={c.customer_id}>
                <label className="admin-schedule__check">
                  <input
                    type="radio"
                    name={field.name}
                    value={String(c.customer_id)}
                    checked={field.value === String(c.customer_id)}
                    onChange={field.onChange}
                    onBlur={field.onBlur}
                    aria-invalid={error ? true : undefined}
                  />
                  <span>
                    {customerName(c)}
                    {activeIds.has(c.customer_id) && ` ${m.alreadyInClass}`}
                    <span className="admin-schedule__meta">{[c.email, c.phone].filter(Boolean).join(' · ')}</span>
                  </span>
                </label>
              </li>
            ))}
          </ul>
          {results.data && results.data.total > found.length && (
            <p className="field__hint">{fill(m.moreResults, { shown: found.length, total: results.data.total })}</p>
          )}
        </fieldset>
      )}
      {error && (
        <p id={errorId} className="field__error">
          {fieldLabels.customer_id}: {error}
        </p>
      )}
    </>
  );
}

/** The spot: any free one (the server's pick) or one the roster shows free. Only for a class with a spot map. */
function SpotSelect({ spots }: { spots: number[] }) {
  const id = useId();
  const [field, meta] = useField<string>('spot');
  const { submitCount } = useFormikContext<AddValues>();
  const error = (meta.touched || submitCount > 0) && typeof meta.error === 'string' ? meta.error : undefined;
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {fieldLabels.spot}
        <span className="field__optional"> {messages.common.optional}</span>
      </label>
      <select
        id={id}
        className="field__control"
        {...field}
        aria-invalid={error ? true : undefined}
        aria-describedby={[`${id}-hint`, error ? `${id}-error` : ''].filter(Boolean).join(' ')}
      >
        <option value="">{m.spotAny}</option>
        {spots.map((n) => (
          <option key={n} value={String(n)}>
            {n}
          </option>
        ))}
      </select>
      <p id={`${id}-hint`} className="field__hint">
        {spots.length === 0 ? m.spotNone : m.spotHint}
      </p>
      {error && (
        <p id={`${id}-error`} className="field__error">
          {error}
        </p>
      )}
    </div>
  );
}

/** Charge a credit (the default, as the API's) or a courtesy; each option says what it does, read with the option. */
function ChargeChoice() {
  const id = useId();
  const options = [
    { value: 'true', label: m.chargeYes, hint: m.chargeYesHint },
    { value: 'false', label: m.chargeNo, hint: m.chargeNoHint },
  ];
  return (
    <fieldset className="field admin-schedule__group">
      <legend className="field__label">{m.chargeLegend}</legend>
      {options.map((o) => (
        <div key={o.value} className="admin-schedule__option">
          <label className="admin-schedule__check">
            <Field type="radio" name="charge" value={o.value} aria-describedby={`${id}-${o.value}`} /> {o.label}
          </label>
          <p id={`${id}-${o.value}`} className="field__hint">
            {o.hint}
          </p>
        </div>
      ))}
    </fieldset>
  );
}

/**
 * 'Agregar cliente': find the customer, pick one, a spot when the class has a
 * map, and whether a credit is spent. The body is checked with the API's own
 * schema; a refusal (no credits, class full, already in it…) stays in the
 * modal in the server's words. On success the roster and the class's count
 * are read again before `onAdded` (the mutation settles after the refetch).
 */
export function AddCustomerModal({
  c,
  roster,
  onClose,
  onAdded,
}: {
  c: SingleClass;
  roster: ClassRoster | undefined;
  onClose: () => void;
  onAdded: (text: string) => void;
}) {
  const add = useServerMutation({
    mutationFn: (body: AdminAddReservationInput) => addToClass(c.single_class_id, body),
    meta: { alert: false, invalidates: [adminScheduleKeys.all] },
  });
  const spots = freeSpots(c, roster);
  const activeIds = new Set((roster?.reservations ?? []).filter((r) => r.deletedAt === null && r.guest === null).map((r) => r.customer_id));

  return (
    <Modal title={m.addTitle} onClose={onClose}>
      <p>{m.addIntro}</p>
      <Formik<AddValues>
        initialValues={INITIAL}
        validate={(v) => validateBody(adminAddReservationSchema, addBody(v))}
        onSubmit={async (v, helpers) => {
          helpers.setStatus(null);
          try {
            const answer = await add.mutateAsync(addBody(v));
            const r = answer.class_reservation;
            const name = r.customer ? customerName(r.customer) : '—';
            onAdded(r.spot !== null && spots !== null ? fill(m.addedSpot, { name, spot: r.spot }) : fill(m.added, { name }));
          } catch (error) {
            helpers.setStatus(apiErrorText(error));
            if (error instanceof ApiError && error.fields) helpers.setErrors(error.fields);
          }
        }}
      >
        {({ isSubmitting, status }) => (
          <Form noValidate className="admin-schedule__form" aria-label={m.addTitle} aria-busy={isSubmitting}>
            <CustomerPicker activeIds={activeIds} />
            {spots !== null && <SpotSelect spots={spots} />}
            <ChargeChoice />
            <FormFooter
              error={typeof status === 'string' ? status : null}
              submitting={isSubmitting}
              submitText={m.addConfirm}
              submittingText={m.adding}
              onCancel={onClose}
            />
            <FocusFirstError />
          </Form>
        )}
      </Formik>
    </Modal>
  );
}
