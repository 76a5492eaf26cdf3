import { fill } from '@studio/shared/messages';
import { fieldLabels } from '@studio/shared/messages/fields';
import { shopMessages as m } from '@studio/shared/messages/shop';
import { type FormEvent, useId, useState } from 'react';
import { FormError } from '../../components/form-field';
import { Spinner } from '../../components/spinner';
import { apiErrorText } from '../../lib/api-client';
import { queryClient, useServerMutation } from '../../lib/server-data';
import { checkoutKeys, fetchQuote } from './checkout-api';

interface DiscountFormProps {
  classPackageId: number;
  uid: string | null;
  appliedCode: string | null;
  onApplied: (code: string | null) => void;
}

/** Validates a code by asking for the quote with it; the quote it answers replaces the checkout's. */
export function DiscountForm({ classPackageId, uid, appliedCode, onApplied }: DiscountFormProps) {
  const inputId = useId();
  const [code, setCode] = useState('');
  const validate = useServerMutation({
    mutationFn: (value: string) => fetchQuote(classPackageId, value),
    meta: { alert: false },
    onSuccess: (answer, value) => {
      queryClient.setQueryData(checkoutKeys.quote(classPackageId, value, uid), answer);
      onApplied(value);
      setCode('');
    },
  });

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const value = code.trim();
    if (!value || validate.isPending) return;
    validate.mutate(value);
  }

  return (
    <form className="checkout-discount" onSubmit={submit} noValidate aria-labelledby={`${inputId}-title`}>
      <h2 id={`${inputId}-title`} className="checkout-panel__subtitle">
        {m.discountTitle}
      </h2>
      {appliedCode ? (
        <div className="checkout-discount__applied">
          <p role="status">{fill(m.discountApplied, { code: appliedCode })}</p>
          <button type="button" className="link-button" onClick={() => onApplied(null)}>
            {m.removeDiscount}
          </button>
        </div>
      ) : (
        <>
          <div className="field">
            <label className="field__label" htmlFor={inputId}>
              {fieldLabels.discountCode}
            </label>
            <div className="checkout-discount__row">
              <input
                id={inputId}
                className="field__control"
                value={code}
                onChange={(event) => setCode(event.target.value)}
                autoComplete="off"
                autoCapitalize="characters"
                maxLength={40}
              />
              <button type="submit" className="button button--secondary" disabled={validate.isPending || !code.trim()} aria-busy={validate.isPending}>
                {m.applyDiscount}
              </button>
            </div>
          </div>
          {validate.isPending && <Spinner label={m.validatingDiscount} />}
          <FormError message={validate.error ? apiErrorText(validate.error) : null} />
        </>
      )}
    </form>
  );
}
