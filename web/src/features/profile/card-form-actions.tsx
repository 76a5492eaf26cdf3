import { messages } from '@studio/shared/messages';
import { FormError } from '../../components/form-field';
import { Spinner } from '../../components/spinner';

/**
 * The foot of a Mi Información card in edit mode, across the grid: the
 * server's refusal (announced), Cancelar (back to the view) and Guardar,
 * both held while saving, and a spinner meanwhile.
 */
export function CardFormActions({ submitError, isSubmitting, onCancel }: { submitError: string | null; isSubmitting: boolean; onCancel: () => void }) {
  return (
    <div className="form-grid__full">
      <FormError message={submitError} />
      <div className="actions">
        <button type="button" className="button button--secondary" disabled={isSubmitting} onClick={onCancel}>
          {messages.common.cancel}
        </button>
        <button type="submit" className="button" disabled={isSubmitting} aria-busy={isSubmitting}>
          {messages.common.save}
        </button>
      </div>
      {isSubmitting && <Spinner />}
    </div>
  );
}
