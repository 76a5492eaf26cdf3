import { useFormikContext } from 'formik';
import { useEffect, useRef } from 'react';

/**
 * After a submit attempt fails, moves focus to the first problem. Like
 * form-field.tsx's FocusFirstError, plus `data-invalid` controls: a rule on a
 * whole list ('Agrega al menos una opción.') has no input to be invalid, so
 * the list's add button, described by the message, takes the focus.
 */
export function FocusFirstProblem() {
  const { submitCount, isSubmitting, isValid } = useFormikContext();
  const handledSubmit = useRef(0);
  useEffect(() => {
    // Keyed on the attempt number: React may batch "submitting" and "done" into one render.
    if (isSubmitting || submitCount === handledSubmit.current) return;
    handledSubmit.current = submitCount;
    if (!isValid) document.querySelector<HTMLElement>('form [aria-invalid="true"], form [data-invalid="true"]')?.focus();
  }, [submitCount, isSubmitting, isValid]);
  return null;
}
