import { useEffect, useRef, useState } from 'react';

/**
 * A card's view/edit switch (spec §2) that keeps keyboard users in place: entering
 * edit mode focuses the form's first field, leaving it focuses the button that opens it again.
 */
export function useEditMode() {
  const [editing, setEditing] = useState(false);
  const editButton = useRef<HTMLButtonElement>(null);
  const form = useRef<HTMLFormElement>(null);
  // Only a switch the person made moves focus; the first render leaves it where it is.
  const switched = useRef(false);

  useEffect(() => {
    if (!switched.current) return;
    switched.current = false;
    if (editing) form.current?.querySelector<HTMLElement>('input, select, textarea')?.focus();
    else editButton.current?.focus();
  }, [editing]);

  const switchTo = (next: boolean) => {
    switched.current = true;
    setEditing(next);
  };
  return { editing, startEditing: () => switchTo(true), stopEditing: () => switchTo(false), editButton, form };
}
