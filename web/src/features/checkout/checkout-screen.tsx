import { messages } from '@studio/shared/messages';
import type { Page } from '@studio/shared/types/api';
import { useState } from 'react';
import { useLocation, useParams } from 'react-router';
import { NotFound } from '../../components/not-found';
import { Spinner } from '../../components/spinner';
import { ApiError, apiErrorText } from '../../lib/api-client';
import { configBoolean, configString, useConfig } from '../../lib/app-config';
import { useServerQuery } from '../../lib/server-data';
import { useSession } from '../../lib/session';
import { packageQuery, quoteQuery } from './checkout-api';
import { DiscountForm } from './discount-form';
import { PackageSummary } from './package-summary';
import { PurchasePanel } from './payment/purchase-panel';
import { QuoteSummary } from './quote-summary';
import { SignInPanel } from './sign-in-panel';
import { SignupFeeModal } from './signup-fee-modal';
import './checkout.css';

function CheckoutView({ classPackageId, requiredPages }: { classPackageId: number; requiredPages: Page[] | null }) {
  const config = useConfig();
  const location = useLocation();
  const status = useSession((state) => state.status);
  const uid = useSession((state) => state.uid);
  const signedIn = status === 'signed-in';
  const [appliedCode, setAppliedCode] = useState<string | null>(null);
  const [feeDismissed, setFeeDismissed] = useState(false);
  const pkg = useServerQuery(packageQuery(classPackageId));
  // Wait for a session that is still loading: the quote depends on who asks (signup fee).
  const quote = useServerQuery({ ...quoteQuery(classPackageId, signedIn ? appliedCode : null, signedIn ? uid : null), enabled: status !== 'loading' });

  if (pkg.error instanceof ApiError && pkg.error.status === 404) return <NotFound />;
  if (pkg.isError || quote.isError) {
    const failed = pkg.error ?? quote.error;
    return (
      <section className="screen">
        <h1>{messages.screens.checkoutTitle}</h1>
        <p role="alert">{apiErrorText(failed) ?? messages.common.genericError}</p>
      </section>
    );
  }

  const answer = quote.data;
  const feePackageId = signedIn ? (answer?.quote.signup_fee_required ?? null) : null;
  return (
    <section className="screen checkout">
      <h1>{messages.screens.checkoutTitle}</h1>
      <div className="checkout__grid">
        {pkg.data ? <PackageSummary pkg={pkg.data} /> : <Spinner />}
        <div className="checkout-panel">
          {!answer || !requiredPages ? (
            <Spinner />
          ) : (
            <>
              {signedIn && configBoolean(config, 'discounts_enabled') && !answer.quote.is_free_offer && (
                <DiscountForm classPackageId={classPackageId} uid={uid} appliedCode={appliedCode} onApplied={setAppliedCode} />
              )}
              <QuoteSummary quote={answer.quote} timezone={configString(config, 'timezone')} />
              {signedIn ? (
                <PurchasePanel
                  classPackageId={classPackageId}
                  quote={answer.quote}
                  methods={answer.methods}
                  appliedCode={appliedCode}
                  requiredPages={requiredPages}
                />
              ) : (
                <SignInPanel returnTo={location.pathname} />
              )}
            </>
          )}
        </div>
      </div>
      {feePackageId !== null && !feeDismissed && <SignupFeeModal feePackageId={feePackageId} onClose={() => setFeeDismissed(true)} />}
    </section>
  );
}

/**
 * /checkout/{class_package_id} (public-site §2): the package, the server's
 * quote, and for a signed-in buyer the discount code, method, terms and pay.
 * `requiredPages` are the documents flagged `required` (null while loading).
 */
export function CheckoutScreen({ requiredPages }: { requiredPages: Page[] | null }) {
  const { class_package_id = '' } = useParams();
  const id = Number(class_package_id);
  if (!Number.isInteger(id) || id < 1) return <NotFound />;
  // Keyed by package, so moving to the signup-fee package starts from its own state.
  return <CheckoutView key={id} classPackageId={id} requiredPages={requiredPages} />;
}
