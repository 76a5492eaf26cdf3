import { messages } from '@studio/shared/messages';
import { Link } from 'react-router';
import { FormError } from './form-field';
import { Spinner } from './spinner';

/**
 * The foot of a form, the same in the console's forms and dialogs: the
 * server's refusal (announced as it appears), Cancelar and the submit button
 * (held while submitting), and a spinner meanwhile. Cancelar is a link back
 * (`cancelTo`) or a button (`onCancel`, a dialog's close).
 */
export function FormFooter({
  error,
  submitting,
  submitText,
  submittingText,
  ...cancel
}: {
  /** The refusal to show (the form's status when it is a text). */
  error: string | null;
  submitting: boolean;
  submitText: string;
  submittingText: string;
} & ({ cancelTo: string } | { onCancel: () => void })) {
  return (
    <>
      <FormError message={error} />
      <div className="actions">
        {'cancelTo' in cancel ? (
          <Link to={cancel.cancelTo} className="button button--secondary">
            {messages.common.cancel}
          </Link>
        ) : (
          <button type="button" className="button button--secondary" onClick={cancel.onCancel}>
            {messages.common.cancel}
          </button>
        )}
        <button type="submit" className="button" disabled={submitting} aria-busy={submitting}>
          {submitText}
        </button>
      </div>
      {submitting && <Spinner label={submittingText} />}
    </>
  );
}
