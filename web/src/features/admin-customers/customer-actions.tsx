import { formatAdminDate } from '@studio/shared/format/admin-dates';
import { formatMoneyMxn } from '@studio/shared/format/money';
import { orderTitle } from '@studio/shared/format/order-number';
import { fill, messages } from '@studio/shared/messages';
import { accessMessages } from '@studio/shared/messages/access';
import { adminCustomersMessages as m } from '@studio/shared/messages/admin-customers';
import {
  giveAccessSchema,
  purchaseRefundSchema,
  refundableAmount,
  removeClassesSchema,
  revokeAccessSchema,
  type RevokeWhen,
} from '@studio/shared/schemas/access';
import { type ClassReservationPenalty, penaltyUpdateSchema } from '@studio/shared/schemas/class-reservation-penalty';
import { positiveId } from '@studio/shared/schemas/fields';
import type { Purchase } from '@studio/shared/types/purchases';
import { Field, Form, Formik, type FormikHelpers, useField, useFormikContext, yupToFormErrors } from 'formik';
import { type ReactNode, useId } from 'react';
import { type Schema, ValidationError } from 'yup';
import { Checkbox, FocusFirstError, TextField } from '../../components/form-field';
import { FormFooter } from '../../components/form-footer';
import { Modal } from '../../components/modal';
import { confirmAction } from '../../components/modal-store';
import { Spinner } from '../../components/spinner';
import { showSuccess } from '../../lib/alerts';
import { ApiError, apiErrorText } from '../../lib/api-client';
import { useServerMutation, useServerQuery } from '../../lib/server-data';
import { useSubmissionKey } from '../../lib/submission-key';
import {
  adminCustomersKeys,
  giveAccess,
  liftPenalty,
  packagesQuery,
  paymentMethodsQuery,
  refundPurchase,
  removeClasses,
  revokeAccess,
} from './admin-customers-api';

type Values = Record<string, string | number | boolean>;

/**
 * A typed number (Formik already parses number inputs; selects give strings), or
 * undefined when left empty, so the schema says 'required' rather than 'must be a number'.
 */
function numberOrNothing(value: Values[string] | undefined): number | undefined {
  if (typeof value === 'number') return value;
  return typeof value === 'string' && value.trim() !== '' ? Number(value) : undefined;
}

/** Validates exactly the body that will be sent, with the API's own schema, so the form shows the API's messages. */
async function validateBody(schema: Schema, body: Record<string, unknown>, context?: Record<string, unknown>) {
  try {
    await schema.validate(body, { abortEarly: false, ...(context ? { context } : {}) });
    return {};
  } catch (error) {
    if (error instanceof ValidationError) return yupToFormErrors<Values>(error);
    throw error;
  }
}

interface Option {
  value: string;
  label: string;
}

/** form-field.tsx's SelectField shows its values as labels; records need an id as value and a name as label, with the same wiring. */
function OptionSelect({ name, label, options }: { name: string; label: string; options: readonly Option[] }) {
  const id = useId();
  const [field, meta] = useField<string>(name);
  const { submitCount } = useFormikContext();
  const error = (meta.touched || submitCount > 0) && typeof meta.error === 'string' ? meta.error : undefined;
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <select
        id={id}
        className="field__control"
        {...field}
        aria-required
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
      >
        <option value="">{messages.common.selectPlaceholder}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      {error && (
        <p id={`${id}-error`} className="field__error">
          {error}
        </p>
      )}
    </div>
  );
}

function CheckboxField({ name, label }: { name: string; label: string }) {
  const [field, meta, helpers] = useField<boolean>(name);
  return <Checkbox label={label} checked={field.value} onChange={(checked) => void helpers.setValue(checked)} error={meta.error} />;
}

interface ActionFormProps {
  title: string;
  initialValues: Values;
  schema: Schema;
  body: (values: Values) => Record<string, unknown>;
  send: (body: Record<string, unknown>) => Promise<unknown>;
  /** The success alert: a fixed text, or the server's message (what it did at the processor). */
  success: string | ((answer: unknown) => string);
  customerId: number;
  /** What the schema checks against (e.g. the refundable amount of the chosen purchase). */
  schemaContext?: (values: Values) => Record<string, unknown>;
  onClose: () => void;
  /** Asked after the form is valid and before sending; declining sends nothing. */
  confirm?: (values: Values) => string;
  children: ReactNode;
}

/**
 * One action in a modal: the form validated by the API's schema, the server's
 * message on refusal (and its field errors on the inputs), and on success the
 * customer's data refetched (balance, ledger, purchases…) before it closes.
 */
function ActionForm({ title, initialValues, schema, body, send, success, customerId, onClose, confirm, schemaContext, children }: ActionFormProps) {
  const mutation = useServerMutation({
    mutationFn: send,
    meta: { alert: false, invalidates: [adminCustomersKeys.customer(customerId)] },
  });
  const submit = async (values: Values, helpers: FormikHelpers<Values>) => {
    helpers.setStatus(null);
    if (confirm && !(await confirmAction(confirm(values)))) return;
    try {
      const answer = await mutation.mutateAsync(body(values));
      showSuccess(typeof success === 'string' ? success : success(answer));
      onClose();
    } catch (error) {
      helpers.setStatus(apiErrorText(error) ?? messages.common.genericError);
      if (error instanceof ApiError && error.fields) helpers.setErrors(error.fields);
    }
  };
  return (
    <Modal title={title} onClose={onClose}>
      <Formik initialValues={initialValues} validate={(values) => validateBody(schema, body(values), schemaContext?.(values))} onSubmit={submit}>
        {({ isSubmitting, status }) => (
          <Form noValidate aria-label={title} aria-busy={isSubmitting} className="admin-customers__form">
            {children}
            <FormFooter
              error={typeof status === 'string' ? status : null}
              submitting={isSubmitting}
              submitText={m.send}
              submittingText={m.sending}
              onCancel={onClose}
            />
            <FocusFirstError />
          </Form>
        )}
      </Formik>
    </Modal>
  );
}

interface CustomerActionProps {
  customerId: number;
  onClose: () => void;
}

/** 'Dar acceso': a package (any not archived, even inactive), optional days, a gift or its payment method. */
export function GiveAccessModal({ customerId, onClose }: CustomerActionProps) {
  const packages = useServerQuery(packagesQuery);
  const methods = useServerQuery(paymentMethodsQuery);
  // Sending the same grant again after no answer (a dropped connection) keeps its Idempotency-Key, so it is granted once.
  const submission = useSubmissionKey();
  if (!packages.data || !methods.data) {
    return (
      <Modal title={m.giveAccess} onClose={onClose}>
        {packages.isError || methods.isError ? <p role="alert">{m.optionsLoadError}</p> : <Spinner />}
      </Modal>
    );
  }
  const packageOptions = packages.data.map((p) => ({ value: String(p.class_package_id), label: p.title }));
  const methodOptions = methods.data.map((p) => ({ value: String(p.payment_method_id), label: p.name }));
  return (
    <ActionForm
      title={m.giveAccess}
      customerId={customerId}
      onClose={onClose}
      schema={giveAccessSchema}
      initialValues={{ class_package_id: '', package_days: '', is_gift: false, payment_method_id: '', bill: false }}
      body={(v) => ({
        customer_id: customerId,
        class_package_id: numberOrNothing(v.class_package_id),
        package_days: numberOrNothing(v.package_days),
        is_gift: v.is_gift === true,
        // A gift has no payment: the method is left out rather than sent empty.
        ...(v.is_gift === true ? {} : { payment_method_id: numberOrNothing(v.payment_method_id) }),
        bill: v.bill === true,
      })}
      send={async (body) => {
        const answer = await giveAccess(body as Parameters<typeof giveAccess>[0], submission.keyFor(body));
        submission.settle();
        return answer;
      }}
      success={accessMessages.accessGranted}
    >
      <GiveAccessFields packageOptions={packageOptions} methodOptions={methodOptions} />
    </ActionForm>
  );
}

function GiveAccessFields({ packageOptions, methodOptions }: { packageOptions: Option[]; methodOptions: Option[] }) {
  const { values } = useFormikContext<Values>();
  return (
    <>
      <OptionSelect name="class_package_id" label={m.packageLabel} options={packageOptions} />
      <TextField name="package_days" label={m.daysLabel} hint={m.daysHint} optional type="number" inputMode="numeric" min={0} />
      <CheckboxField name="is_gift" label={m.giftLabel} />
      {values.is_gift !== true && <OptionSelect name="payment_method_id" label={m.paymentMethodLabel} options={methodOptions} />}
      <CheckboxField name="bill" label={m.billLabel} />
    </>
  );
}

/** The server's own words on what it did (a subscription cancelled at the processor, now or at the end of the period). */
const messageOf = (answer: unknown) => (answer as { message: string }).message;
/** A subscription the processor still bills: revoking it stops the billing, now or at the end of the period paid. */
const billsAtProcessor = (p: Purchase | undefined) => Boolean(p?.subscription_id) && (p?.status === 'active' || p?.status === 'failed');

/** Radio buttons of one Formik field, in a fieldset with its legend (keyboard: arrows move within the group). */
function RadioChoice({ name, legend, options }: { name: string; legend: string; options: readonly Option[] }) {
  return (
    <fieldset className="field admin-customers__choice">
      <legend className="field__label">{legend}</legend>
      {options.map((o) => (
        <label key={o.value} className="admin-customers__option">
          <Field type="radio" name={name} value={o.value} /> {o.label}
        </label>
      ))}
    </fieldset>
  );
}

/**
 * 'Revocar acceso': one of the purchases still in force; its lots are revoked
 * with it, after 'Precaución'. A subscription is also stopped at its
 * processor: staff choose now (its credits end too) or at the end of the
 * period paid (no renewal; its credits stay until they expire).
 */
export function RevokeAccessModal({ customerId, purchases, timezone, onClose }: CustomerActionProps & { purchases: readonly Purchase[]; timezone: string }) {
  // A subscription whose renewal failed is still billed (the processor retries): it can be revoked too.
  const revocable = purchases.filter((p) => p.status === 'completed' || p.status === 'active' || billsAtProcessor(p));
  if (revocable.length === 0) {
    return (
      <Modal title={m.revokeAccess} onClose={onClose}>
        <p>{m.nothingToRevoke}</p>
      </Modal>
    );
  }
  const chosen = (id: Values[string] | undefined) => revocable.find((p) => p.purchase_id === numberOrNothing(id));
  return (
    <ActionForm
      title={m.revokeAccess}
      customerId={customerId}
      onClose={onClose}
      schema={revokeAccessSchema}
      initialValues={{ purchase_id: '', when: 'now' }}
      body={(v) => ({ purchase_id: numberOrNothing(v.purchase_id), ...(billsAtProcessor(chosen(v.purchase_id)) ? { when: v.when } : {}) })}
      confirm={(v) => {
        const purchase = chosen(v.purchase_id);
        const question = !billsAtProcessor(purchase) ? m.revokeQuestion : v.when === 'period_end' ? m.revokeQuestionAtPeriodEnd : m.revokeQuestionSubscription;
        return fill(question, { title: purchase?.title ?? '' });
      }}
      send={(body) => revokeAccess(body as Parameters<typeof revokeAccess>[0])}
      success={messageOf}
    >
      <RevokeFields revocable={revocable} timezone={timezone} />
    </ActionForm>
  );
}

function RevokeFields({ revocable, timezone }: { revocable: readonly Purchase[]; timezone: string }) {
  const { values } = useFormikContext<Values>();
  const chosen = revocable.find((p) => p.purchase_id === numberOrNothing(values.purchase_id));
  const options: Array<{ value: RevokeWhen; label: string }> = [
    { value: 'now', label: m.revokeNow },
    { value: 'period_end', label: m.revokeAtPeriodEnd },
  ];
  return (
    <>
      <OptionSelect
        name="purchase_id"
        label={m.purchaseLabel}
        options={revocable.map((p) => ({
          value: String(p.purchase_id),
          label: fill(m.purchaseOption, { order: orderTitle(p.purchase_id), title: p.title, date: formatAdminDate(p.createdAt, timezone) }),
        }))}
      />
      {billsAtProcessor(chosen) && <RadioChoice name="when" legend={m.revokeWhenLabel} options={options} />}
    </>
  );
}

/** The API's refund schema, plus the purchase the form picks (it goes in the path, not the body). */
const refundFormSchema = purchaseRefundSchema.shape({ purchase_id: positiveId().required(messages.validation.required) });

/** What can still go back of a purchase paid through checkout (admin grants and trials paid nothing). */
const leftOf = (p: Purchase) => (p.source === 'checkout' && p.paid_at ? refundableAmount(p.total_payment, p.refunded_amount ?? 0) : 0);

/** What the refund does, said before confirming: a full one ends the credits (and a subscription); a partial one keeps them unless ticked. */
function refundEffect(purchase: Purchase | undefined, values: Values): string | null {
  if (!purchase) return null;
  const left = leftOf(purchase);
  const typed = numberOrNothing(values.amount);
  const amount = typed === undefined ? left : typed;
  if (!(amount > 0) || amount > left) return null;
  const money = formatMoneyMxn(amount);
  if (amount >= left) return fill(billsAtProcessor(purchase) ? m.refundFullSubscriptionEffect : m.refundFullEffect, { amount: money });
  return fill(values.remove_credits === true ? m.refundPartialRemoveEffect : m.refundPartialKeepEffect, { amount: money });
}

/**
 * 'Reembolsar': a paid purchase, all that is left or part of it (MXN, at most
 * what was paid minus what was already refunded: the shared schema, with that
 * amount as its context), with what happens to the credits stated before
 * confirming. Keyed by the submission, so a retry refunds once.
 */
export function RefundModal({ customerId, purchases, onClose }: CustomerActionProps & { purchases: readonly Purchase[] }) {
  const submission = useSubmissionKey();
  const refundable = purchases.filter((p) => leftOf(p) > 0);
  if (refundable.length === 0) {
    return (
      <Modal title={m.refund} onClose={onClose}>
        <p>{m.nothingToRefund}</p>
      </Modal>
    );
  }
  const chosen = (id: Values[string] | undefined) => refundable.find((p) => p.purchase_id === numberOrNothing(id));
  return (
    <ActionForm
      title={m.refund}
      customerId={customerId}
      onClose={onClose}
      schema={refundFormSchema}
      schemaContext={(v) => {
        const purchase = chosen(v.purchase_id);
        return purchase ? { refundable: leftOf(purchase) } : {};
      }}
      initialValues={{ purchase_id: refundable.length === 1 ? String(refundable[0]?.purchase_id) : '', amount: '', remove_credits: false, reason: '' }}
      body={(v) => {
        const purchase = chosen(v.purchase_id);
        const amount = numberOrNothing(v.amount);
        const partial = purchase !== undefined && amount !== undefined && amount < leftOf(purchase);
        return {
          purchase_id: numberOrNothing(v.purchase_id),
          ...(amount === undefined ? {} : { amount }),
          ...(partial && v.remove_credits === true ? { remove_credits: true } : {}),
          ...(typeof v.reason === 'string' && v.reason.trim() ? { reason: v.reason.trim() } : {}),
        };
      }}
      confirm={(v) => fill(m.refundQuestion, { effect: refundEffect(chosen(v.purchase_id), v) ?? '' })}
      send={async ({ purchase_id: id, ...input }) => {
        const answer = await refundPurchase(Number(id), input, submission.keyFor({ purchase_id: id, ...input }));
        submission.settle();
        return answer;
      }}
      success={messageOf}
    >
      <RefundFields refundable={refundable} />
    </ActionForm>
  );
}

function RefundFields({ refundable }: { refundable: readonly Purchase[] }) {
  const { values } = useFormikContext<Values>();
  const purchase = refundable.find((p) => p.purchase_id === numberOrNothing(values.purchase_id));
  const left = purchase ? leftOf(purchase) : 0;
  const amount = numberOrNothing(values.amount);
  const partial = purchase !== undefined && amount !== undefined && amount > 0 && amount < left;
  const effect = refundEffect(purchase, values);
  return (
    <>
      <OptionSelect
        name="purchase_id"
        label={m.refundPurchaseLabel}
        options={refundable.map((p) => ({
          value: String(p.purchase_id),
          label: fill(m.refundPurchaseOption, {
            order: orderTitle(p.purchase_id),
            title: p.title,
            paid: formatMoneyMxn(p.total_payment),
            left: formatMoneyMxn(leftOf(p)),
          }),
        }))}
      />
      {purchase && (
        <TextField
          name="amount"
          label={m.refundAmountLabel}
          hint={fill(m.refundAmountHint, { max: formatMoneyMxn(left) })}
          optional
          type="number"
          inputMode="decimal"
          min={0.01}
          step={0.01}
        />
      )}
      {partial && <CheckboxField name="remove_credits" label={m.refundRemoveCredits} />}
      {purchase && <TextField name="reason" label={m.refundReasonLabel} optional />}
      <p className="admin-customers__effect" aria-live="polite">
        {effect}
      </p>
    </>
  );
}

/** 'Quitar clases': how many; the server takes them from the spendable lots, earliest expiry first. */
export function RemoveClassesModal({ customerId, available, onClose }: CustomerActionProps & { available: number }) {
  return (
    <ActionForm
      title={m.removeClasses}
      customerId={customerId}
      onClose={onClose}
      schema={removeClassesSchema}
      initialValues={{ amount: '' }}
      body={(v) => ({ customer_id: customerId, amount: numberOrNothing(v.amount) })}
      send={(body) => removeClasses(body as Parameters<typeof removeClasses>[0])}
      success={accessMessages.classesRemoved}
    >
      <TextField name="amount" label={m.amountLabel} hint={fill(m.amountHint, { n: available })} type="number" inputMode="numeric" min={1} />
    </ActionForm>
  );
}

/** 'Levantar penalización': for good, with an optional reason kept on the penalty. */
export function LiftPenaltyModal({ customerId, penalty, period, onClose }: CustomerActionProps & { penalty: ClassReservationPenalty; period: string }) {
  return (
    <ActionForm
      title={m.liftPenalty}
      customerId={customerId}
      onClose={onClose}
      schema={penaltyUpdateSchema}
      initialValues={{ lift_reason: '' }}
      body={(v) => ({
        class_reservation_penalty_id: penalty.class_reservation_penalty_id,
        lifted: true,
        ...(typeof v.lift_reason === 'string' && v.lift_reason.trim() ? { lift_reason: v.lift_reason.trim() } : {}),
      })}
      send={(body) => liftPenalty(body as Parameters<typeof liftPenalty>[0])}
      success={m.penaltyLifted}
    >
      <p>{period}</p>
      <TextField name="lift_reason" label={m.liftReasonLabel} optional />
    </ActionForm>
  );
}
