import { messages } from '@studio/shared/messages';
import { type AlertKind, dismissAlert, useAlerts } from '../lib/alerts';
import './alert-region.css';

function AlertBox({ kind, text }: { kind: AlertKind; text: string }) {
  return (
    <div className={`alert alert--${kind}`}>
      <p className="alert__text">{text}</p>
      <button type="button" className="alert__close" onClick={() => dismissAlert(kind)} aria-label={messages.common.close}>
        <span aria-hidden="true">×</span>
      </button>
    </div>
  );
}

/** The global error and success areas. Both live regions stay mounted so screen readers announce what appears in them. */
export function AlertRegion() {
  const error = useAlerts((state) => state.error);
  const success = useAlerts((state) => state.success);
  return (
    <div className="alerts">
      <div role="alert" className="alerts__slot">
        {error && <AlertBox key={error.id} kind="error" text={error.text} />}
      </div>
      <div role="status" className="alerts__slot">
        {success && <AlertBox key={success.id} kind="success" text={success.text} />}
      </div>
    </div>
  );
}
